/**
 * Webhooks (docs/webhooks.md): the account's endpoints, a form to add one, and per endpoint a
 * test event, a new signing secret, deletion (confirmed in the page) and its delivery log with
 * "Redeliver". The signing secret is in create's and rotate-secret's answer only: shown once.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { isPreflightError, PreflightError, type IssuedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber, shorten } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useSession } from '../session/session-context.ts'
import { ConfirmButton } from '../account/confirm-button.tsx'
import { LiveStatus } from '../account/live-status.tsx'
import { SecretOnce } from '../account/secret-once.tsx'
import { hoursFromNow, TimeText } from '../account/time-text.tsx'
import '../account/account.css'

type EventType = WebhookEndpoint['events'][number]

/** The events an endpoint may subscribe to (docs/webhooks.md#events); `webhook.test` reaches every endpoint. */
const EVENTS: ReadonlyArray<{ type: EventType; what: string }> = [
  { type: 'simulation.blocked', what: "a simulation's verdict was block" },
  { type: 'execute.submitted', what: 'an execute passed its simulation and was sent' },
  { type: 'execute.blocked', what: 'an execute was refused by its simulation' },
  { type: 'transaction.landed', what: 'a transaction you executed or sent landed' },
  { type: 'transaction.failed', what: 'it landed with an error' },
  { type: 'transaction.expired', what: 'its blockhash expired before it landed' },
  { type: 'quota.exceeded', what: "the day's free simulations are spent (once a UTC day)" },
  { type: 'subscription.updated', what: 'your subscription changed' },
]

const MAX_URL_LENGTH = 2048
const MAX_DESCRIPTION_LENGTH = 256
const MAX_ENDPOINTS = 10
/** How long the old signing secret still signs after a rotation (docs/webhooks.md#routes). */
const ROTATION_GRACE_HOURS = 24
/** After a test or a redelivery, the log is read again at these delays (ms), to show the attempt. */
const FOLLOW_UP_MS = [1500, 4000, 9000]

interface Revealed {
  endpoint: IssuedWebhookEndpoint
  oldSecretUntil?: string
}

/** The refusals a user can act on, said plainly; the service's own message otherwise. */
function explain(error: unknown): unknown {
  if (isPreflightError(error, 'webhook_endpoint_disabled')) {
    return new PreflightError({
      code: error.code,
      message:
        'This endpoint is disabled after 24 hours of failed deliveries, so nothing was queued. Add the URL again as a new endpoint (with a new secret) to resume.',
      status: error.status,
      requestId: error.requestId,
    })
  }
  return error
}

export function WebhooksPage() {
  const { client } = useSession()
  const endpoints = useAsync(() => client.webhooks.list(), [client])
  const [revealed, setRevealed] = useState<Revealed | undefined>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)
  const listHeading = useRef<HTMLHeadingElement>(null)

  const list = endpoints.value ?? []

  const onCreated = (endpoint: IssuedWebhookEndpoint) => {
    setRevealed({ endpoint })
    setStatus(`Endpoint ${endpoint.url} added: its signing secret is shown above.`)
    endpoints.reload()
  }
  const onRotated = (endpoint: IssuedWebhookEndpoint) => {
    setRevealed({ endpoint, oldSecretUntil: hoursFromNow(ROTATION_GRACE_HOURS) })
    setStatus(`New signing secret for ${endpoint.url}: it is shown above.`)
  }
  const onDeleted = (endpoint: WebhookEndpoint) => {
    if (revealed?.endpoint.id === endpoint.id) setRevealed(undefined)
    setStatus(`Endpoint ${endpoint.url} deleted.`)
    endpoints.reload()
    listHeading.current?.focus()
  }

  return (
    <div class="account-page">
      <p class="hint">
        The service POSTs a signed JSON event to your endpoints when something happens to your account. Verify the{' '}
        <code>X-Preflight-Signature</code> header: an HMAC-SHA256, keyed with the endpoint's signing secret, of{' '}
        <code>{'<t>.<raw body>'}</code>.
      </p>

      {revealed ? (
        <SecretOnce
          title={revealed.oldSecretUntil ? 'New signing secret' : 'Signing secret of your new endpoint'}
          secret={revealed.endpoint.secret}
          testId="new-webhook-secret"
          copyLabel="Copy secret"
          onDone={() => {
            setRevealed(undefined)
            listHeading.current?.focus()
          }}
        >
          <p class="mono">{revealed.endpoint.url}</p>
          {revealed.oldSecretUntil ? (
            <p data-testid="webhook-rotation-grace">
              The old secret also signs deliveries until <TimeText iso={revealed.oldSecretUntil} /> (24 hours): each delivery carries one
              signature per secret until then.
            </p>
          ) : null}
        </SecretOnce>
      ) : null}

      <CreateEndpointForm onCreated={onCreated} full={list.length >= MAX_ENDPOINTS} />

      <section aria-labelledby="endpoints-heading" aria-busy={endpoints.loading ? 'true' : 'false'}>
        <div class="row section-head">
          <h2 id="endpoints-heading" ref={listHeading} tabIndex={-1}>
            Your endpoints{endpoints.value ? ` (${list.length} of ${MAX_ENDPOINTS})` : ''}
          </h2>
          <button type="button" class="secondary" onClick={endpoints.reload} disabled={endpoints.loading}>
            Refresh endpoints
          </button>
        </div>
        <LiveStatus message={status} testId="webhooks-status" />
        <ErrorMessage error={endpoints.error} />
        {endpoints.loading && !endpoints.value ? <p>Loading…</p> : null}
        {endpoints.value && list.length === 0 ? <p data-testid="webhooks-empty">No endpoints yet: add one above.</p> : null}
        {list.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onRotated={onRotated}
            onDeleted={onDeleted}
            onDisabled={endpoints.reload}
            setStatus={setStatus}
          />
        ))}
      </section>
    </div>
  )
}

function CreateEndpointForm({ onCreated, full }: { onCreated: (endpoint: IssuedWebhookEndpoint) => void; full: boolean }) {
  const { client } = useSession()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<ReadonlySet<EventType>>(new Set())
  const [description, setDescription] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)

  const toggle = (type: EventType, on: boolean) =>
    setEvents((previous) => {
      const next = new Set(previous)
      if (on) next.add(type)
      else next.delete(type)
      return next
    })

  const submit = async (event: Event) => {
    event.preventDefault()
    if (events.size === 0) {
      setError(new Error('Choose at least one event to send to this endpoint.'))
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      const trimmedDescription = description.trim()
      const created = await client.webhooks.create({
        url: url.trim(),
        events: EVENTS.map((e) => e.type).filter((type) => events.has(type)),
        ...(trimmedDescription ? { description: trimmedDescription } : {}),
      })
      setUrl('')
      setEvents(new Set())
      setDescription('')
      onCreated(created)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section class="card" aria-labelledby="create-endpoint-heading">
      <h2 id="create-endpoint-heading">Add an endpoint</h2>
      <form onSubmit={(event) => void submit(event)} aria-busy={busy ? 'true' : 'false'} data-testid="create-webhook-form">
        <label>
          Endpoint URL
          <input
            name="url"
            type="url"
            required
            maxLength={MAX_URL_LENGTH}
            placeholder="https://example.com/hooks/preflight"
            autocomplete="url"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
            aria-describedby="endpoint-url-help"
          />
        </label>
        <p id="endpoint-url-help" class="hint">
          It must use <code>https</code> and resolve to a public address on the internet: loopback (127.0.0.1, localhost) and private
          addresses are refused.
        </p>
        <fieldset>
          <legend>Events</legend>
          <div class="checks">
            {EVENTS.map(({ type, what }) => (
              <div class="check" key={type}>
                <label>
                  <input
                    type="checkbox"
                    name="events"
                    value={type}
                    checked={events.has(type)}
                    onChange={(event) => toggle(type, event.currentTarget.checked)}
                    aria-describedby={`event-help-${type.replace('.', '-')}`}
                  />
                  <code>{type}</code>
                </label>
                <span class="hint" id={`event-help-${type.replace('.', '-')}`}>
                  {what}
                </span>
              </div>
            ))}
          </div>
          <p class="hint">
            <code>webhook.test</code> ("Send test event") reaches every endpoint whatever it subscribes to.
          </p>
        </fieldset>
        <label>
          Description (optional)
          <input
            name="description"
            type="text"
            maxLength={MAX_DESCRIPTION_LENGTH}
            autocomplete="off"
            value={description}
            onInput={(event) => setDescription(event.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy || full} aria-describedby={full ? 'endpoints-full' : undefined}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
        {full ? (
          <p id="endpoints-full" class="hint">
            You have {MAX_ENDPOINTS} endpoints, the most an account may have: delete one first.
          </p>
        ) : null}
        <ErrorMessage error={error} />
      </form>
    </section>
  )
}

interface EndpointCardProps {
  endpoint: WebhookEndpoint
  onRotated: (endpoint: IssuedWebhookEndpoint) => void
  onDeleted: (endpoint: WebhookEndpoint) => void
  /** The service said the endpoint is disabled: read the list again. */
  onDisabled: () => void
  setStatus: (message: string) => void
}

function EndpointCard({ endpoint, onRotated, onDeleted, onDisabled, setStatus }: EndpointCardProps) {
  const { client } = useSession()
  const deliveries = useAsync(() => client.webhooks.deliveries(endpoint.id), [client, endpoint.id])
  const [error, setError] = useState<unknown>(undefined)
  const [busy, setBusy] = useState<'test' | 'rotate' | undefined>(undefined)
  const followUps = useRef<number[]>([])
  const headingId = `endpoint-${endpoint.id}`
  const disabled = endpoint.disabled_at !== null

  useEffect(() => () => followUps.current.forEach((timer) => clearTimeout(timer)), [])

  /** Reads the log now and a few times more, so the attempt just queued shows its outcome. */
  const refreshSoon = () => {
    deliveries.reload()
    followUps.current.forEach((timer) => clearTimeout(timer))
    followUps.current = FOLLOW_UP_MS.map((ms) => window.setTimeout(deliveries.reload, ms))
  }

  const failed = (failure: unknown) => {
    setError(explain(failure))
    if (isPreflightError(failure, 'webhook_endpoint_disabled')) onDisabled()
  }

  const sendTest = async () => {
    setError(undefined)
    setBusy('test')
    try {
      await client.webhooks.test(endpoint.id)
      setStatus(`Test event queued for ${endpoint.url}.`)
      refreshSoon()
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(undefined)
    }
  }

  const rotateSecret = async () => {
    setError(undefined)
    setBusy('rotate')
    try {
      onRotated(await client.webhooks.rotateSecret(endpoint.id))
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(undefined)
    }
  }

  const remove = async () => {
    setError(undefined)
    try {
      await client.webhooks.delete(endpoint.id)
      onDeleted(endpoint)
    } catch (failure) {
      failed(failure)
    }
  }

  const redeliver = async (delivery: WebhookDelivery) => {
    setError(undefined)
    try {
      await client.webhooks.redeliver(endpoint.id, delivery.id)
      setStatus(`The ${delivery.event_type} event is queued again for ${endpoint.url}.`)
      refreshSoon()
    } catch (failure) {
      failed(failure)
    }
  }

  return (
    <article class="card endpoint" aria-labelledby={headingId} data-endpoint-id={endpoint.id}>
      <h3 id={headingId} class="mono">
        {endpoint.url}
      </h3>
      <dl class="facts">
        <dt>Status</dt>
        <dd data-testid="endpoint-status">
          {disabled ? (
            <>
              <span class="state state-off">Disabled</span> since <TimeText iso={endpoint.disabled_at} />
              {endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}. Add the URL again to resume.
            </>
          ) : (
            <span class="state state-on">Active</span>
          )}
        </dd>
        <dt>Events</dt>
        <dd>
          <ul class="tags" aria-label="Events">
            {endpoint.events.map((type) => (
              <li key={type}>{type}</li>
            ))}
          </ul>
        </dd>
        <dt>Description</dt>
        <dd>{endpoint.description ?? '—'}</dd>
        <dt>Created</dt>
        <dd>
          <TimeText iso={endpoint.created_at} />
        </dd>
      </dl>
      <div class="row endpoint-actions">
        <button
          type="button"
          class="secondary"
          aria-label={`Send test event to ${endpoint.url}`}
          disabled={busy !== undefined}
          onClick={() => void sendTest()}
        >
          {busy === 'test' ? 'Sending…' : 'Send test event'}
        </button>
        <button
          type="button"
          class="secondary"
          aria-label={`Rotate secret of ${endpoint.url}`}
          disabled={busy !== undefined}
          onClick={() => void rotateSecret()}
        >
          {busy === 'rotate' ? 'Rotating…' : 'Rotate secret'}
        </button>
        <ConfirmButton
          label="Delete"
          confirmLabel="Confirm delete"
          subject={`endpoint ${endpoint.url}`}
          question="Its pending deliveries are dropped."
          danger
          onConfirm={remove}
        />
      </div>
      <ErrorMessage error={error} />
      <DeliveryLog
        endpoint={endpoint}
        deliveries={deliveries.value}
        loading={deliveries.loading}
        error={deliveries.error}
        onRefresh={deliveries.reload}
        onRedeliver={redeliver}
      />
    </article>
  )
}

function DeliveryLog({
  endpoint,
  deliveries,
  loading,
  error,
  onRefresh,
  onRedeliver,
}: {
  endpoint: WebhookEndpoint
  deliveries: WebhookDelivery[] | undefined
  loading: boolean
  error: unknown
  onRefresh: () => void
  onRedeliver: (delivery: WebhookDelivery) => Promise<void>
}) {
  const headingId = `deliveries-${endpoint.id}`
  const list = deliveries ?? []
  const labels = new Map<string, number>()
  const baseLabel = (d: WebhookDelivery) => `${d.event_type} event of ${new Date(d.created_at).toLocaleString('en-GB')}`
  for (const delivery of list) labels.set(baseLabel(delivery), (labels.get(baseLabel(delivery)) ?? 0) + 1)
  const subjectOf = (d: WebhookDelivery) =>
    (labels.get(baseLabel(d)) ?? 0) > 1 ? `${baseLabel(d)} (delivery ${shorten(d.id, 4)})` : baseLabel(d)

  return (
    <section aria-labelledby={headingId} aria-busy={loading ? 'true' : 'false'} class="deliveries">
      <div class="row section-head">
        <h4 id={headingId}>
          Deliveries<span class="visually-hidden"> to {endpoint.url}</span>
        </h4>
        <button type="button" class="secondary" aria-label={`Refresh deliveries to ${endpoint.url}`} onClick={onRefresh} disabled={loading}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={error} />
      {loading && !deliveries ? <p>Loading…</p> : null}
      {deliveries && list.length === 0 ? <p class="hint">No deliveries yet. "Send test event" queues one.</p> : null}
      {list.length > 0 ? (
        <div class="table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table data-testid="deliveries-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Latency</th>
                <th scope="col">Last error</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((delivery) => (
                <tr key={delivery.id} data-delivery-id={delivery.id}>
                  <td class="mono event">{delivery.event_type}</td>
                  <td>
                    <span
                      class={`state ${delivery.status === 'succeeded' ? 'state-on' : delivery.status === 'failed' ? 'state-off' : 'state-pending'}`}
                    >
                      {delivery.status}
                    </span>
                    {delivery.status === 'pending' && delivery.next_attempt_at ? (
                      <span class="hint state-note">
                        next try <TimeText iso={delivery.next_attempt_at} />
                      </span>
                    ) : null}
                  </td>
                  <td class="num">{formatNumber(delivery.attempts)}</td>
                  <td class="num">{delivery.last_response_code ?? '—'}</td>
                  <td class="num nowrap">{delivery.last_latency_ms === null ? '—' : `${formatNumber(delivery.last_latency_ms)} ms`}</td>
                  <td>{delivery.last_error ?? '—'}</td>
                  <td>
                    <TimeText iso={delivery.created_at} />
                  </td>
                  <td>
                    <RedeliverButton subject={subjectOf(delivery)} onRedeliver={() => onRedeliver(delivery)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}

function RedeliverButton({ subject, onRedeliver }: { subject: string; onRedeliver: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const click = async () => {
    setBusy(true)
    try {
      await onRedeliver()
    } finally {
      if (mounted.current) setBusy(false)
    }
  }
  return (
    <button type="button" class="secondary" aria-label={`Redeliver ${subject}`} disabled={busy} onClick={() => void click()}>
      {busy ? 'Redelivering…' : 'Redeliver'}
    </button>
  )
}
