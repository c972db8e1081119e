/**
 * The service's state (`GET /api/v1/status`: every caller's last 24 hours) and its components as
 * `GET /health` reports them: the engine (slot, freshness, geyser feed, workers) and the history
 * journal. Neither needs a credential.
 */
import type { Health, ServiceStatus } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatDate, formatNumber } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useSession } from '../session/session-context.ts'

const STATE_CLASS: Record<ServiceStatus['status'], string> = {
  operational: 'verdict verdict-approve',
  degraded: 'verdict verdict-warn',
  down: 'verdict verdict-block',
}

function State({ state }: { state: ServiceStatus['status'] }) {
  return <span class={STATE_CLASS[state]}>{state}</span>
}

function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${minutes} min`
  return `${minutes} min ${Math.floor(seconds % 60)} s`
}

function Figures({ status }: { status: ServiceStatus }) {
  return (
    <dl class="facts" data-testid="status-figures">
      <dt>Simulations, last 24 h</dt>
      <dd>{formatNumber(status.simulations_24h)}</dd>
      <dt>Success rate, last 24 h</dt>
      <dd>{formatNumber(status.success_rate_24h * 100, 1)} %</dd>
      <dt>Latency p50 / p95 / p99</dt>
      <dd>
        {formatNumber(status.latency_p50_ms, 2)} / {formatNumber(status.latency_p95_ms, 2)} / {formatNumber(status.latency_p99_ms, 2)} ms
      </dd>
      <dt>Uptime, last 24 h</dt>
      <dd>{formatNumber(status.uptime_pct, 2)} %</dd>
      <dt>Simulations, all time</dt>
      <dd>{formatNumber(status.total_simulations)}</dd>
    </dl>
  )
}

function Components({ health }: { health: Health }) {
  const { engine, journal } = health.details
  return (
    <dl class="facts" data-testid="status-components">
      <dt>Edge (API)</dt>
      <dd data-component="edge">
        answering, up {formatDuration(health.uptime_s)}; the engine runs{' '}
        {health.engine_transport === 'grpc' ? 'apart, over gRPC' : 'in the same process'}
      </dd>
      <dt>Engine</dt>
      <dd data-component="engine">
        {engine ? (
          <>
            <State state={engine.status} /> slot {formatNumber(engine.slot)}, kept fresh by{' '}
            {engine.freshness === 'geyser' ? 'the geyser stream' : 'RPC reads'}
            {engine.workers ? `, ${engine.workers.ready} of ${engine.workers.configured} workers ready` : ''}
          </>
        ) : (
          <>
            <State state="down" /> did not answer
          </>
        )}
      </dd>
      {engine?.geyser ? (
        <>
          <dt>Geyser feed</dt>
          <dd data-component="geyser">
            {engine.geyser.state}
            {engine.geyser.endpoints.map((endpoint) => (
              <div key={endpoint.endpoint}>
                <span class="mono">{endpoint.endpoint}</span>: {endpoint.state}
                {endpoint.last_slot > 0 ? `, slot ${formatNumber(endpoint.last_slot)}` : ''}
              </div>
            ))}
          </dd>
        </>
      ) : null}
      <dt>History journal</dt>
      <dd data-component="journal">
        {journal
          ? journal.writable
            ? 'writable: every call is recorded'
            : `not writing since ${formatDate(journal.failing_since)} (${journal.error ?? 'unknown error'}); ${formatNumber(journal.refused_calls)} calls refused`
          : 'none in this process'}
      </dd>
    </dl>
  )
}

export function StatusSection() {
  const { client } = useSession()
  const status = useAsync(() => client.status(), [client])
  const health = useAsync(() => client.health(), [client])
  const loading = status.loading || health.loading
  return (
    <section class="card" aria-labelledby="tools-status" aria-busy={loading} data-testid="status-section">
      <h2 id="tools-status">Service status</h2>
      <ErrorMessage error={status.error} />
      {status.value ? (
        <>
          <p data-testid="service-state">
            The service is <State state={status.value.status} />
          </p>
          <h3>Last 24 hours, every caller</h3>
          <Figures status={status.value} />
        </>
      ) : null}
      <h3>Components</h3>
      <ErrorMessage error={health.error} />
      {health.value ? <Components health={health.value} /> : null}
      <p class="row">
        <button
          type="button"
          class="secondary"
          onClick={() => {
            status.reload()
            health.reload()
          }}
          disabled={loading}
        >
          Refresh status
        </button>
        <span class="hint" aria-live="polite">
          {loading ? 'Loading…' : status.value ? `Read at ${new Date().toLocaleTimeString('en-GB')} (cached 5 s).` : ''}
        </span>
      </p>
    </section>
  )
}
