/** Sign up or log in with an e-mail and a password (docs/api.md#accounts-and-tokens). */
import { useState } from 'preact/hooks'
import type { PreflightClient } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { createDashboardClient } from '../session/dashboard-session.ts'

export function LoginPage({ onSignedIn }: { onSignedIn: (client: PreflightClient) => Promise<void> }) {
  const [mode, setMode] = useState<'login' | 'register'>('login')
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const email = (form.get('email') as string | null) ?? ''
    const password = (form.get('password') as string | null) ?? ''
    setBusy(true)
    setError(undefined)
    try {
      const client = createDashboardClient()
      if (mode === 'register') await client.auth.register(email, password)
      else await client.auth.login(email, password)
      await onSignedIn(client)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main id="main" class="login">
      <h1>{mode === 'login' ? 'Log in' : 'Create an account'}</h1>
      <p>Simulate and judge Solana transactions before you sign them: verdicts, keys, usage and history.</p>
      <form onSubmit={(event) => void submit(event)} aria-describedby="login-help">
        <label>
          E-mail
          <input name="email" type="email" autocomplete="username" required maxLength={254} />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            minLength={8}
            maxLength={1024}
          />
        </label>
        <p id="login-help" class="hint">
          At least 8 characters.
        </p>
        <button type="submit" disabled={busy}>
          {mode === 'login' ? 'Log in' : 'Sign up'}
        </button>
        <ErrorMessage error={error} />
      </form>
      <p>
        {mode === 'login' ? 'No account yet? ' : 'Already have an account? '}
        <button type="button" class="link" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? 'Sign up' : 'Log in'}
        </button>
      </p>
    </main>
  )
}
