/** The relay's tip percentiles and the least tip a bundle may pay (`GET /api/v1/solana/tips`). */
import type { TipFloor } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber, formatSol } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useSession } from '../session/session-context.ts'

const PERCENTILES = ['p25', 'p50', 'p75', 'p95', 'p99'] as const

function Lamports({ value }: { value: number | null }) {
  if (value === null) return <span class="muted">no sample</span>
  return <>{formatNumber(value)}</>
}

function TipTable({ tips }: { tips: TipFloor }) {
  return (
    <div class="table-wrap">
      <table data-testid="tips-table">
        <caption class="visually-hidden">Tips paid over the last {tips.slots} slots, by percentile</caption>
        <thead>
          <tr>
            <th scope="col">Percentile</th>
            <th scope="col">Lamports</th>
            <th scope="col">SOL</th>
          </tr>
        </thead>
        <tbody>
          {PERCENTILES.map((name) => (
            <tr key={name} data-percentile={name}>
              <th scope="row">
                {name}
                {name === 'p75' ? <span class="muted"> (the default managed tip)</span> : null}
              </th>
              <td>
                <Lamports value={tips[name]} />
              </td>
              <td>{tips[name] === null ? '—' : formatSol(tips[name])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TipsSection() {
  const { client } = useSession()
  const tips = useAsync(() => client.tips(), [client])
  const value = tips.value
  return (
    <section class="card" aria-labelledby="tools-tips" aria-busy={tips.loading} data-testid="tips-section">
      <h2 id="tools-tips">Tips</h2>
      <ErrorMessage error={tips.error} />
      {value ? (
        <>
          <p>
            What landed bundles tipped the relay's tip accounts over the last {formatNumber(value.slots)} slots:{' '}
            {value.sample_count === 0
              ? 'no fee payer tipped in the window, so there are no percentiles yet.'
              : `${formatNumber(value.sample_count)} fee payers, each counted once with its newest tip.`}
          </p>
          <p data-testid="tip-floor">
            Least tip a bundle may pay: <strong>{formatNumber(value.floor_lamports)} lamports</strong> ({formatSol(value.floor_lamports)}).
          </p>
          <p class="hint">The bundle lint holds a tip to p25, and never under the relay's 1,000 lamports.</p>
          <TipTable tips={value} />
          <details>
            <summary>Relay tip accounts ({value.tip_accounts.length})</summary>
            {value.tip_accounts.length === 0 ? (
              <p class="hint">No relay is configured.</p>
            ) : (
              <ul>
                {value.tip_accounts.map((account) => (
                  <li key={account} class="mono" title={account}>
                    {account}
                  </li>
                ))}
              </ul>
            )}
          </details>
        </>
      ) : tips.loading ? (
        <p aria-busy="true">Loading tips…</p>
      ) : null}
      <p class="row">
        <button type="button" class="secondary" onClick={tips.reload} disabled={tips.loading}>
          Refresh tips
        </button>
        <span class="hint" aria-live="polite">
          {tips.loading ? 'Loading…' : value ? `Read at ${new Date().toLocaleTimeString('en-GB')}.` : ''}
        </span>
      </p>
    </section>
  )
}
