/**
 * API keys (docs/api.md#api-keys): the account's keys, a form to create one, and per key "Rotate"
 * and "Revoke", each confirmed in the page. The cleartext key is in create's and rotate's answer
 * only, so it is shown once, until "Done".
 */
import { useRef, useState } from 'preact/hooks'
import type { ApiKey, IssuedApiKey } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useSession } from '../session/session-context.ts'
import { ConfirmButton } from '../account/confirm-button.tsx'
import { LiveStatus } from '../account/live-status.tsx'
import { SecretOnce } from '../account/secret-once.tsx'
import { hoursFromNow, TimeText } from '../account/time-text.tsx'
import '../account/account.css'

/** How long a rotated key's old secret keeps working (docs/api.md#api-keys). */
const ROTATION_GRACE_HOURS = 24
const MAX_NAME_LENGTH = 100

interface Revealed {
  key: IssuedApiKey
  /** Set for a rotation: until when the old secret works. */
  oldSecretUntil?: string
}

/** Today in the browser's time zone, as a date input wants it (YYYY-MM-DD). */
function localToday(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The end of a date input's day in the browser's time zone, ISO; undefined for an empty input. */
function endOfLocalDay(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const [, year, month, day] = match
  return new Date(Number(year), Number(month) - 1, Number(day), 23, 59, 59).toISOString()
}

function maskedKey(key: ApiKey): string {
  return `${key.prefix}…${key.last_four}`
}

function isExpired(key: ApiKey): boolean {
  return key.expires_at !== null && new Date(key.expires_at).getTime() <= Date.now()
}

export function KeysPage() {
  const { client } = useSession()
  const keys = useAsync(() => client.apiKeys.list(), [client])
  const [revealed, setRevealed] = useState<Revealed | undefined>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const [actionError, setActionError] = useState<unknown>(undefined)
  /** Keys rotated in this visit: id → until when their old secret works. */
  const [rotated, setRotated] = useState<Record<string, string>>({})
  const listHeading = useRef<HTMLHeadingElement>(null)

  const list = keys.value ?? []
  const nameCounts = new Map<string, number>()
  for (const key of list) nameCounts.set(key.name, (nameCounts.get(key.name) ?? 0) + 1)
  /** "key ci-deploy", with the last four characters when two keys share the name. */
  const subjectOf = (key: ApiKey) => ((nameCounts.get(key.name) ?? 0) > 1 ? `key ${key.name} ending ${key.last_four}` : `key ${key.name}`)

  const rotate = async (key: ApiKey) => {
    setActionError(undefined)
    setStatus(undefined)
    try {
      const issued = await client.apiKeys.rotate(key.id)
      const until = hoursFromNow(ROTATION_GRACE_HOURS)
      setRotated((previous) => ({ ...previous, [key.id]: until }))
      setRevealed({ key: issued, oldSecretUntil: until })
      setStatus(`Key "${key.name}" rotated: its new secret is shown above.`)
      keys.reload()
    } catch (error) {
      setActionError(error)
    }
  }

  const revoke = async (key: ApiKey) => {
    setActionError(undefined)
    setStatus(undefined)
    try {
      await client.apiKeys.revoke(key.id)
      if (revealed?.key.id === key.id) setRevealed(undefined)
      setStatus(`Key "${key.name}" revoked: it no longer works.`)
      keys.reload()
      listHeading.current?.focus()
    } catch (error) {
      setActionError(error)
    }
  }

  const onCreated = (issued: IssuedApiKey) => {
    setActionError(undefined)
    setRevealed({ key: issued })
    setStatus(`Key "${issued.name}" created: its secret is shown above.`)
    keys.reload()
  }

  return (
    <div class="account-page">
      <p class="hint">
        Send a key in the <code>X-API-Key</code> header of every API call. Only a hash of each key is stored: its full text is shown once,
        when it is created or rotated.
      </p>

      {revealed ? (
        <SecretOnce
          title={revealed.oldSecretUntil ? `New secret of "${revealed.key.name}"` : `Your new key "${revealed.key.name}"`}
          secret={revealed.key.key}
          testId="new-key-secret"
          copyLabel="Copy key"
          onDone={() => {
            setRevealed(undefined)
            listHeading.current?.focus()
          }}
        >
          {revealed.oldSecretUntil ? (
            <p data-testid="rotation-grace">
              The old secret keeps working until <TimeText iso={revealed.oldSecretUntil} /> (24 hours), so you can deploy the new one first.
            </p>
          ) : null}
        </SecretOnce>
      ) : null}

      <CreateKeyForm onCreated={onCreated} />

      <section class="card" aria-labelledby="keys-list-heading" aria-busy={keys.loading ? 'true' : 'false'}>
        <div class="row section-head">
          <h2 id="keys-list-heading" ref={listHeading} tabIndex={-1}>
            Your keys
          </h2>
          <button type="button" class="secondary" onClick={keys.reload} disabled={keys.loading}>
            Refresh
          </button>
        </div>
        <LiveStatus message={status} testId="keys-status" />
        <ErrorMessage error={actionError} />
        <ErrorMessage error={keys.error} />
        {keys.loading && !keys.value ? <p>Loading…</p> : null}
        {keys.value && list.length === 0 ? <p data-testid="keys-empty">No keys yet: create one above.</p> : null}
        {list.length > 0 ? (
          <div class="table-wrap" role="region" aria-labelledby="keys-list-heading" tabIndex={0}>
            <table data-testid="keys-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Requests</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((key) => {
                  const expired = isExpired(key)
                  const graceUntil = rotated[key.id]
                  return (
                    <tr key={key.id} data-key-id={key.id}>
                      <th scope="row" class="key-name">
                        {key.name}
                      </th>
                      <td class="mono nowrap">{maskedKey(key)}</td>
                      <td>
                        <TimeText iso={key.created_at} />
                      </td>
                      <td>
                        <TimeText iso={key.last_used_at} empty="Never" />
                      </td>
                      <td class="num">{formatNumber(key.requests_count)}</td>
                      <td>
                        <TimeText iso={key.expires_at} empty="Never" />
                      </td>
                      <td>
                        {expired ? <span class="state state-off">Expired</span> : <span class="state state-on">Active</span>}
                        {graceUntil ? (
                          <span class="hint state-note">
                            {' '}
                            Rotated; the old secret works until <TimeText iso={graceUntil} />.
                          </span>
                        ) : null}
                      </td>
                      <td>
                        <div class="row actions">
                          <ConfirmButton
                            label="Rotate"
                            confirmLabel="Confirm rotate"
                            subject={subjectOf(key)}
                            question="New secret; the old one works 24 h more."
                            onConfirm={() => rotate(key)}
                          />
                          <ConfirmButton
                            label="Revoke"
                            confirmLabel="Confirm revoke"
                            subject={subjectOf(key)}
                            question="It stops working at once."
                            danger
                            onConfirm={() => revoke(key)}
                          />
                        </div>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  )
}

function CreateKeyForm({ onCreated }: { onCreated: (issued: IssuedApiKey) => void }) {
  const { client } = useSession()
  const [name, setName] = useState('')
  const [expires, setExpires] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)

  const submit = async (event: Event) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed.length === 0) {
      setError(new Error('Give the key a name (1 to 100 characters).'))
      return
    }
    const expiresAt = expires ? endOfLocalDay(expires) : undefined
    if (expires && (!expiresAt || new Date(expiresAt).getTime() <= Date.now())) {
      setError(new Error('The expiry must be a date from today on.'))
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      const issued = await client.apiKeys.create(expiresAt ? { name: trimmed, expires_at: expiresAt } : { name: trimmed })
      setName('')
      setExpires('')
      onCreated(issued)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section class="card" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      <form onSubmit={(event) => void submit(event)} aria-busy={busy ? 'true' : 'false'} data-testid="create-key-form">
        <div class="form-grid">
          <label>
            Key name
            <input
              name="name"
              type="text"
              required
              minLength={1}
              maxLength={MAX_NAME_LENGTH}
              autocomplete="off"
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
              aria-describedby="key-name-help"
            />
          </label>
          <label>
            Expires (optional)
            <input
              name="expires"
              type="date"
              min={localToday()}
              value={expires}
              onInput={(event) => setExpires(event.currentTarget.value)}
              aria-describedby="key-expiry-help"
            />
          </label>
        </div>
        <p id="key-name-help" class="hint">
          1 to 100 characters, to tell your keys apart (e.g. "ci-deploy").
        </p>
        <p id="key-expiry-help" class="hint">
          Leave empty for a key that does not expire; otherwise it stops working at the end of that day, your time.
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
        <ErrorMessage error={error} />
      </form>
    </section>
  )
}
