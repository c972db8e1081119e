/**
 * The shell: signs in (or resumes the tab's session), then the navigation and the page the hash
 * names. Pages other than the sign-in form are loaded when first shown.
 */
import type { ComponentType } from 'preact'
import { useCallback, useEffect, useState } from 'preact/hooks'
import type { PreflightClient, User } from '@preflight/sdk'
import { LazyPage } from './components/lazy-page.tsx'
import { LoginPage } from './pages/login-page.tsx'
import { navigate, useRoute, type PageName } from './router.ts'
import { forgetSession, resumeSession } from './session/dashboard-session.ts'
import { SessionContext, type SessionValue } from './session/session-context.ts'

const PAGES: Record<Exclude<PageName, 'login'>, { title: string; load: () => Promise<ComponentType> }> = {
  playground: { title: 'Playground', load: () => import('./pages/playground-page.tsx').then((m) => m.PlaygroundPage) },
  keys: { title: 'API keys', load: () => import('./pages/keys-page.tsx').then((m) => m.KeysPage) },
  history: { title: 'History', load: () => import('./pages/history-page.tsx').then((m) => m.HistoryPage) },
  stats: { title: 'Statistics', load: () => import('./pages/stats-page.tsx').then((m) => m.StatsPage) },
  usage: { title: 'Usage and billing', load: () => import('./pages/usage-page.tsx').then((m) => m.UsagePage) },
  webhooks: { title: 'Webhooks', load: () => import('./pages/webhooks-page.tsx').then((m) => m.WebhooksPage) },
  tools: { title: 'Tips, approvals, status', load: () => import('./pages/tools-page.tsx').then((m) => m.ToolsPage) },
}

type Signed = { client: PreflightClient; user: User }

export function App() {
  const route = useRoute()
  const [signed, setSigned] = useState<Signed | undefined | 'resuming'>('resuming')

  const signIn = useCallback(async (client: PreflightClient) => {
    setSigned({ client, user: await client.auth.me() })
  }, [])

  useEffect(() => {
    void resumeSession()
      .then(async (client) => (client ? signIn(client) : setSigned(undefined)))
      .catch(() => setSigned(undefined))
  }, [signIn])

  const page = route.page === 'login' ? 'playground' : route.page
  useEffect(() => {
    document.title = signed && signed !== 'resuming' ? `${PAGES[page].title} · Solana pre-flight` : 'Sign in · Solana pre-flight'
  }, [page, signed])

  if (signed === 'resuming') return <p aria-busy="true">Loading…</p>
  if (!signed) return <LoginPage onSignedIn={signIn} />

  const session: SessionValue = {
    ...signed,
    signOut: async () => {
      await signed.client.auth.logout().catch(() => undefined)
      forgetSession()
      setSigned(undefined)
      navigate('login')
    },
  }
  return (
    <SessionContext.Provider value={session}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Solana pre-flight</span>
        <nav aria-label="Pages">
          <ul>
            {Object.entries(PAGES).map(([name, { title }]) => (
              <li key={name}>
                <a href={`#/${name}`} aria-current={name === page ? 'page' : undefined}>
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="who">
          <span class="email">{signed.user.email}</span>{' '}
          <button type="button" class="secondary" onClick={() => void session.signOut()}>
            Log out
          </button>
        </span>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{PAGES[page].title}</h1>
        <LazyPage load={PAGES[page].load} />
      </main>
    </SessionContext.Provider>
  )
}
