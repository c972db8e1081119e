/**
 * History records as a table: one row per record (`data-testid="history-row"`, the full
 * signature in `data-signature`), each with a button that shows everything the record holds.
 *
 * A history record keeps the simulation's outcome (verdict, risk and MEV levels, failure, compute
 * units, fee, latency) and, for an execute, a send or a submit, where its transaction stands; it
 * keeps neither the transaction nor the findings (docs/api.md#history-and-statistics), so the
 * details show those fields, not a finding list.
 */
import { Fragment } from 'preact'
import type { HistoryRecord } from '@preflight/sdk'
import { CopyButton } from '../components/copy-button.tsx'
import { formatDate, formatNumber, shorten } from '../components/format.ts'

export function VerdictBadge({ decision }: { decision: HistoryRecord['decision'] }) {
  if (!decision) return <span class="insights-verdict-none">not judged</span>
  return <span class={`verdict verdict-${decision}`}>{decision}</span>
}

export function RiskLevel({ level }: { level: string | null }) {
  if (!level) return <span class="muted">—</span>
  return <span class={`severity-${level}`}>{level}</span>
}

function formatFee(sol: number | null): string {
  return sol === null ? '—' : `${formatNumber(sol, 9)} SOL`
}

function yesNo(value: boolean | null | undefined, unknown = '—'): string {
  return value === null || value === undefined ? unknown : value ? 'yes' : 'no'
}

function RecordDetails({ record }: { record: HistoryRecord }) {
  const tx = record.transaction
  return (
    <dl class="facts">
      <dt>Record id</dt>
      <dd class="mono">{record.id}</dd>
      <dt>Signature</dt>
      <dd>
        {record.signature ? (
          <>
            <span class="mono">{record.signature}</span> <CopyButton value={record.signature} label="Copy signature" />
          </>
        ) : (
          'none (the transaction was unsigned)'
        )}
      </dd>
      <dt>Time</dt>
      <dd>
        <time dateTime={record.created_at}>{record.created_at}</time>
      </dd>
      <dt>Kind</dt>
      <dd>
        {record.kind}
        {record.cached ? ' (answered from the cache)' : ''}
      </dd>
      <dt>Simulation</dt>
      <dd>{record.kind === 'send' ? 'not simulated' : record.success ? 'succeeded' : 'failed'}</dd>
      <dt>Verdict</dt>
      <dd>
        <VerdictBadge decision={record.decision} />
      </dd>
      <dt>Risk level</dt>
      <dd>
        <RiskLevel level={record.risk_level} />
      </dd>
      <dt>MEV</dt>
      <dd>
        {record.mev_score === null ? '—' : `score ${formatNumber(record.mev_score, 3)}`}
        {record.mev_level ? `, level ${record.mev_level}` : ''}
      </dd>
      {record.failure_code || record.failure_reason ? (
        <>
          <dt>Failure</dt>
          <dd>
            {record.failure_code ? <code>{record.failure_code}</code> : null}
            {record.failure_code && record.failure_reason ? ': ' : null}
            {record.failure_reason}
          </dd>
        </>
      ) : null}
      <dt>Compute units</dt>
      <dd>{formatNumber(record.compute_units)}</dd>
      <dt>Fee estimate</dt>
      <dd>{formatFee(record.fee_estimate_sol)}</dd>
      <dt>Latency</dt>
      <dd>{formatNumber(record.latency_ms, 3)} ms</dd>
      <dt>Credential</dt>
      <dd>{record.api_key_id ? <span class="mono">API key {record.api_key_id}</span> : 'bearer token (dashboard or sign-in)'}</dd>
      {tx ? (
        <>
          <dt>Transaction</dt>
          <dd>
            {tx.status} over {tx.route === 'relay_bundle' ? 'the relay (bundle)' : 'RPC'}
            {tx.landed_slot !== null ? `, landed in slot ${formatNumber(tx.landed_slot)}` : ', not landed'}
          </dd>
          <dt>Matched the prediction</dt>
          <dd>{yesNo(tx.matched, record.kind === 'send' ? 'not predicted (a send)' : 'not landed yet')}</dd>
          {tx.strategy ? (
            <>
              <dt>Strategy</dt>
              <dd>
                {tx.strategy}
                {tx.billable !== null ? ` (${tx.billable ? 'billed' : 'not billed'})` : ''}
              </dd>
            </>
          ) : null}
          {tx.bundle_id ? (
            <>
              <dt>Bundle id</dt>
              <dd class="mono">{tx.bundle_id}</dd>
            </>
          ) : null}
          {tx.tip_lamports ? (
            <>
              <dt>Tip</dt>
              <dd>{formatNumber(Number(tx.tip_lamports))} lamports</dd>
            </>
          ) : null}
        </>
      ) : record.kind === 'execute' ? (
        <>
          <dt>Transaction</dt>
          <dd>not sent</dd>
        </>
      ) : null}
    </dl>
  )
}

const COLUMNS = ['Details', 'Time', 'Signature', 'Kind', 'Verdict', 'Risk', 'Result', 'Fee', 'Compute units', 'Latency'] as const

export interface HistoryTableProps {
  records: HistoryRecord[]
  expanded: ReadonlySet<string>
  onToggle: (id: string) => void
  isMatch: (record: HistoryRecord) => boolean
}

export function HistoryTable({ records, expanded, onToggle, isMatch }: HistoryTableProps) {
  return (
    // Focusable, so that a keyboard can scroll the table sideways on a narrow screen.
    <div class="table-wrap" role="region" aria-label="History records" tabIndex={0}>
      <table class="insights-history" data-testid="history-table">
        <caption class="visually-hidden">History records, newest first</caption>
        <thead>
          <tr>
            {COLUMNS.map((name) => (
              <th scope="col" key={name}>
                {name === 'Details' ? <span class="visually-hidden">Details</span> : name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const open = expanded.has(record.id)
            const match = isMatch(record)
            const detailsId = `history-details-${record.id}`
            const label = record.signature ?? record.id
            return (
              <Fragment key={record.id}>
                <tr
                  data-testid="history-row"
                  data-signature={record.signature ?? ''}
                  data-id={record.id}
                  class={match ? 'insights-match' : undefined}
                  aria-current={match ? 'true' : undefined}
                >
                  <td>
                    <button
                      type="button"
                      class="secondary insights-toggle"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      aria-label={`${open ? 'Hide' : 'Show'} details of ${shorten(label)}`}
                      onClick={() => onToggle(record.id)}
                    >
                      {open ? '▾ Hide' : '▸ Show'}
                    </button>
                  </td>
                  <td>
                    <time dateTime={record.created_at}>{formatDate(record.created_at)}</time>
                  </td>
                  <td>
                    {record.signature ? (
                      <span class="mono" title={record.signature}>
                        {shorten(record.signature)}
                      </span>
                    ) : (
                      <span class="mono" title={`Record id ${record.id} (the transaction was unsigned)`}>
                        id {shorten(record.id, 4)}
                      </span>
                    )}
                    {match ? <span class="insights-match-label">match</span> : null}
                  </td>
                  <td>
                    {record.kind}
                    {record.cached ? <span class="muted"> (cached)</span> : null}
                  </td>
                  <td>
                    <VerdictBadge decision={record.decision} />
                  </td>
                  <td>
                    <RiskLevel level={record.risk_level} />
                  </td>
                  <td>
                    {record.kind === 'send' ? <span class="muted">not simulated</span> : record.success ? 'ok' : <strong>failed</strong>}
                  </td>
                  <td>{formatFee(record.fee_estimate_sol)}</td>
                  <td>{formatNumber(record.compute_units)}</td>
                  <td>{formatNumber(record.latency_ms, 1)} ms</td>
                </tr>
                {open ? (
                  <tr class="insights-details-row" id={detailsId}>
                    <td colSpan={COLUMNS.length}>
                      <RecordDetails record={record} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
