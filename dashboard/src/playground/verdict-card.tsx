/**
 * A simulate answer as a card (docs/api.md#simulate-response): the verdict and why, what the
 * transaction does to each signer, the findings by severity, balance changes, fee and compute,
 * MEV and slippage, the call tree, and the logs.
 */
import type { SimulateResponse } from '@preflight/sdk'
import { formatNumber, shorten } from '../components/format.ts'
import { assetName, formatAsset, formatLamports, programName } from './amounts.ts'
import { TableRegion } from './table-region.tsx'

type Finding = SimulateResponse['risk']['findings'][number]
type Severity = Finding['severity']
type CallNode = SimulateResponse['call_tree'][number]
type BalanceChange = SimulateResponse['balance_changes'][number]

const SEVERITIES: readonly { severity: Severity; label: string }[] = [
  { severity: 'critical', label: 'Critical' },
  { severity: 'high', label: 'High' },
  { severity: 'medium', label: 'Medium' },
  { severity: 'low', label: 'Low' },
  { severity: 'safe', label: 'Info' },
]

function AccountAddress({ value, keep = 4 }: { value: string; keep?: number }) {
  return (
    <code class="mono" title={value}>
      {shorten(value, keep)}
    </code>
  )
}

function Summary({ result }: { result: SimulateResponse }) {
  const feePayer = result.summary[0]?.signer
  return (
    <section aria-labelledby="pg-summary-title">
      <h3 id="pg-summary-title">What it does</h3>
      {result.summary.length === 0 ? (
        <p class="hint">No signer to summarise.</p>
      ) : (
        <ul data-testid="summary" class="pg-summary">
          {result.summary.map((entry) => (
            <li key={entry.signer}>
              <span class="pg-signer">
                {entry.signer === feePayer ? 'Fee payer ' : 'Signer '}
                <AccountAddress value={entry.signer} />
              </span>
              <ul>
                {entry.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Findings({ findings }: { findings: Finding[] }) {
  return (
    <section aria-labelledby="pg-findings-title" data-testid="findings">
      <h3 id="pg-findings-title">Findings</h3>
      {findings.length === 0 ? (
        <p class="hint">No finding: nothing leaves a signer that it does not send itself.</p>
      ) : (
        SEVERITIES.map(({ severity, label }) => {
          const group = findings.filter((finding) => finding.severity === severity)
          if (group.length === 0) return null
          return (
            <div key={severity} class="pg-finding-group" data-severity={severity}>
              <h4 class={`severity-${severity}`}>
                {label} ({group.length})
              </h4>
              <ul>
                {group.map((finding, index) => (
                  <li key={index}>
                    <code class="mono">{finding.code}</code>: {finding.message}
                    {finding.instruction_index !== null ? <span class="hint"> (instruction {finding.instruction_index})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          )
        })
      )}
    </section>
  )
}

function BalanceRows({ changes, signers, label }: { changes: BalanceChange[]; signers: Set<string>; label: string }) {
  return (
    <TableRegion label={label}>
      <table>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Asset</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => {
            const holder = change.owner ?? change.account
            return (
              <tr key={`${change.account}:${change.mint ?? 'sol'}`}>
                <td>
                  <AccountAddress value={change.account} />
                  {signers.has(holder) ? <span class="pg-tag">signer</span> : null}
                  {change.owner ? (
                    <div class="hint">
                      owner <AccountAddress value={change.owner} />
                    </div>
                  ) : null}
                </td>
                <td title={change.mint ?? 'SOL'}>{assetName(change.mint)}</td>
                <td class="pg-number">{formatAsset(change.pre, change.mint, change.decimals)}</td>
                <td class="pg-number">{formatAsset(change.post, change.mint, change.decimals)}</td>
                <td class={`pg-number ${change.delta.startsWith('-') ? 'pg-out' : change.delta === '0' ? '' : 'pg-in'}`}>
                  {formatAsset(change.delta, change.mint, change.decimals, true)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableRegion>
  )
}

function BalanceChanges({ result }: { result: SimulateResponse }) {
  const signers = new Set(result.summary.map((entry) => entry.signer))
  const changed = result.balance_changes.filter((change) => change.delta !== '0')
  const unchanged = result.balance_changes.filter((change) => change.delta === '0')
  return (
    <section aria-labelledby="pg-balances-title" data-testid="balance-changes">
      <h3 id="pg-balances-title">Balance changes</h3>
      {changed.length === 0 ? (
        <p class="hint">No balance changes.</p>
      ) : (
        <BalanceRows changes={changed} signers={signers} label="Balance changes, per account" />
      )}
      {unchanged.length > 0 ? (
        <details>
          <summary>Writable accounts left unchanged ({unchanged.length})</summary>
          <BalanceRows changes={unchanged} signers={signers} label="Writable accounts left unchanged" />
        </details>
      ) : null}
    </section>
  )
}

function FeeAndCompute({ result }: { result: SimulateResponse }) {
  const fee = result.fee_details
  return (
    <section aria-labelledby="pg-fee-title" class="pg-panel">
      <h3 id="pg-fee-title">Fee and compute</h3>
      <dl class="facts">
        <dt>Fee</dt>
        <dd data-testid="fee">{result.fee_estimate_sol === null ? '—' : `${formatNumber(result.fee_estimate_sol, 9)} SOL`}</dd>
        {fee ? (
          <>
            <dt>Breakdown</dt>
            <dd>
              {formatLamports(fee.base_fee_lamports)} base ({fee.signatures} signature{fee.signatures === 1 ? '' : 's'}) +{' '}
              {formatLamports(fee.priority_fee_lamports)} priority
            </dd>
            <dt>Compute budget</dt>
            <dd>
              limit {formatNumber(fee.compute_unit_limit)} units at {formatNumber(fee.compute_unit_price_micro_lamports)} micro-lamports
              each
            </dd>
          </>
        ) : null}
        <dt>Compute units</dt>
        <dd data-testid="compute-units">{formatNumber(result.compute_units)}</dd>
        <dt>Suggested limit</dt>
        <dd>{formatNumber(result.suggested_compute_limit)}</dd>
        <dt>Priority fees now</dt>
        <dd>
          {formatNumber(result.priority_fees.medium)} median, {formatNumber(result.priority_fees.high)} high (micro-lamports per unit,{' '}
          {formatNumber(result.priority_fees.samples)} samples)
        </dd>
        {result.landing_estimate ? (
          <>
            <dt>Its price</dt>
            <dd>
              {result.landing_estimate.fee_percentile_bucket.replace(/_/g, ' ')}
              {result.landing_estimate.competitive ? ', competitive' : ', below the median'}
            </dd>
          </>
        ) : null}
        {result.tip_lamports !== null ? (
          <>
            <dt>Bundle tip</dt>
            <dd>{formatLamports(result.tip_lamports)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

function MevAndSlippage({ result }: { result: SimulateResponse }) {
  const { risk, mev, slippage } = result
  const extractable = mev?.extractable
  return (
    <section aria-labelledby="pg-mev-title" class="pg-panel" data-testid="mev">
      <h3 id="pg-mev-title">MEV and slippage</h3>
      <dl class="facts">
        <dt>MEV score</dt>
        <dd>
          {formatNumber(risk.mev_score, 2)} ({risk.mev_level}
          {risk.mev_type ? `, ${risk.mev_type}` : ''})
        </dd>
        <dt>Sandwich risk</dt>
        <dd>
          {mev === null
            ? 'no swap to sandwich'
            : extractable
              ? `${formatAsset(extractable.amount, extractable.mint, mintDecimals(result, extractable.mint))} extractable (${formatNumber(extractable.bps)} bps of the quote) from the swap at instruction ${extractable.instruction_index}, limited by ${extractable.limited_by.replace(/_/g, ' ')}`
              : `not priced: ${mev.unpriced_reason ?? 'unknown reason'}`}
        </dd>
        {extractable && extractable.attacker_profit_lamports !== null ? (
          <>
            <dt>Attacker's net</dt>
            <dd>
              {formatLamports(extractable.attacker_profit_lamports, true)}
              {extractable.attacker_profit_lamports <= 0 ? ' (the sandwich would not pay)' : ''}
            </dd>
          </>
        ) : null}
        {extractable && mev?.recommended_min_output ? (
          <>
            <dt>Safer minimum output</dt>
            <dd>{formatAsset(mev.recommended_min_output, extractable.mint, mintDecimals(result, extractable.mint))}</dd>
          </>
        ) : null}
        {extractable && mev?.recommended_max_input ? (
          <>
            <dt>Safer maximum input</dt>
            <dd>{formatAsset(mev.recommended_max_input, extractable.mint, mintDecimals(result, extractable.mint))}</dd>
          </>
        ) : null}
        <dt>Slippage</dt>
        <dd data-testid="slippage">
          {slippage === null
            ? 'nothing swapped'
            : `${slippage.bps === null ? 'unknown' : `${formatNumber(slippage.bps)} bps`} on ${slippage.venue} (${slippage.mode.replace('_', ' ')}, ${slippage.hops} hop${slippage.hops === 1 ? '' : 's'})`}
        </dd>
        {slippage ? (
          <>
            <dt>Swap</dt>
            <dd>
              {slippage.input_amount ? formatAsset(slippage.input_amount, slippage.input_mint, inputDecimals(result)) : '?'} →{' '}
              {slippage.output_amount
                ? `at least ${formatAsset(slippage.output_amount, slippage.output_mint, outputDecimals(result))}`
                : '?'}
              {slippage.expected_amount
                ? `, expected ${formatAsset(slippage.expected_amount, slippage.output_mint, outputDecimals(result))}`
                : ''}
            </dd>
          </>
        ) : null}
        {risk.dex_programs.length > 0 ? (
          <>
            <dt>Venues</dt>
            <dd>{risk.dex_programs.map((dex) => dex.name).join(', ')}</dd>
          </>
        ) : null}
        {risk.known_bots.length > 0 ? (
          <>
            <dt>Known bots</dt>
            <dd>{risk.known_bots.join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/** The decimals of a swap side, from the balance changes (a mint's token accounts carry them); SOL's 9 for wrapped SOL. */
function mintDecimals(result: SimulateResponse, mint: string | null | undefined): number | null {
  if (!mint) return null
  return result.balance_changes.find((change) => change.mint === mint)?.decimals ?? null
}
function inputDecimals(result: SimulateResponse): number | null {
  return mintDecimals(result, result.slippage?.input_mint)
}
function outputDecimals(result: SimulateResponse): number | null {
  return mintDecimals(result, result.slippage?.output_mint)
}

function RiskFacts({ result }: { result: SimulateResponse }) {
  const { risk } = result
  return (
    <section aria-labelledby="pg-risk-title" class="pg-panel">
      <h3 id="pg-risk-title">Simulation and risk</h3>
      <dl class="facts">
        <dt>Simulation</dt>
        <dd data-testid="simulation-success">{result.success ? 'succeeded' : 'failed'}</dd>
        {!result.success ? (
          <>
            <dt>Failure</dt>
            <dd>
              <code class="mono">{result.failure_code ?? 'unknown'}</code>
              {result.failure_reason ? `: ${result.failure_reason}` : ''}
              {result.is_terminal ? ' (retrying the same transaction cannot help)' : ''}
            </dd>
          </>
        ) : null}
        {result.transaction_error !== null && result.transaction_error !== undefined ? (
          <>
            <dt>Transaction error</dt>
            <dd>
              <code class="mono">{JSON.stringify(result.transaction_error)}</code>
            </dd>
          </>
        ) : null}
        <dt>Risk level</dt>
        <dd class={`severity-${risk.risk_level}`}>{risk.risk_level}</dd>
        <dt>Blacklisted programs</dt>
        <dd>
          {risk.blacklist_entries.length === 0
            ? 'none'
            : risk.blacklist_entries.map((entry) => (
                <div key={entry.program_id}>
                  <AccountAddress value={entry.program_id} />: {entry.reason} ({entry.source})
                </div>
              ))}
        </dd>
        {risk.token_risks.length > 0 ? (
          <>
            <dt>Tokens received</dt>
            <dd>
              {risk.token_risks.map((token) => (
                <div key={token.mint}>
                  {token.symbol ?? assetName(token.mint)}: <span class={`severity-${token.risk_level}`}>{token.risk_level}</span>
                  {token.reasons.length > 0 ? ` (${token.reasons.join('; ')})` : ''}
                </div>
              ))}
            </dd>
          </>
        ) : null}
        <dt>Slot</dt>
        <dd>
          {formatNumber(result.context_slot)}
          {result.min_account_slot !== null && result.min_account_slot !== result.context_slot
            ? ` (oldest account read at ${formatNumber(result.min_account_slot)})`
            : ''}
        </dd>
        <dt>Engine time</dt>
        <dd>
          {formatNumber(result.latency_ms, 3)} ms{result.cached ? ' (from cache)' : ''}
        </dd>
        {result.timed_out_vectors.length > 0 ? (
          <>
            <dt>Timed out</dt>
            <dd>{result.timed_out_vectors.join(', ')}</dd>
          </>
        ) : null}
        {result.replacement_blockhash ? (
          <>
            <dt>Blockhash used</dt>
            <dd>
              <AccountAddress value={result.replacement_blockhash} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

function CallTreeNode({ node, names }: { node: CallNode; names: Record<string, string> }) {
  const name = programName(node.program_id, names)
  return (
    <li>
      <span class={node.success ? 'pg-call' : 'pg-call pg-call-failed'}>
        {name ? <strong>{name}</strong> : null} <AccountAddress value={node.program_id} />
        {node.compute_units !== null ? <span class="hint"> · {formatNumber(node.compute_units)} CU</span> : null}
        {node.success ? null : <span class="severity-high"> · failed{node.error ? `: ${node.error}` : ''}</span>}
      </span>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child, index) => (
            <CallTreeNode key={index} node={child} names={names} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function CallTree({ result }: { result: SimulateResponse }) {
  const names = Object.fromEntries(result.risk.dex_programs.map((dex) => [dex.program_id, dex.name]))
  return (
    <section aria-labelledby="pg-calls-title" data-testid="call-tree">
      <h3 id="pg-calls-title">Call tree</h3>
      {result.call_tree.length === 0 ? (
        <p class="hint">No instruction ran.</p>
      ) : (
        <ol class="pg-call-tree">
          {result.call_tree.map((node, index) => (
            <CallTreeNode key={index} node={node} names={names} />
          ))}
        </ol>
      )}
      {result.program_breakdown.length > 0 ? (
        <details>
          <summary>Compute units by program</summary>
          <TableRegion label="Compute units by program">
            <table>
              <thead>
                <tr>
                  <th scope="col">Program</th>
                  <th scope="col">Units (own)</th>
                  <th scope="col">Calls</th>
                </tr>
              </thead>
              <tbody>
                {result.program_breakdown.map((row) => (
                  <tr key={row.program_id}>
                    <td>
                      {programName(row.program_id, names) ?? ''} <AccountAddress value={row.program_id} />
                    </td>
                    <td class="pg-number">{formatNumber(row.compute_units)}</td>
                    <td class="pg-number">{formatNumber(row.invocations)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </details>
      ) : null}
    </section>
  )
}

export function VerdictCard({ result, stale }: { result: SimulateResponse; stale: boolean }) {
  return (
    <section class="card pg-verdict-card" data-testid="verdict-card" aria-labelledby="pg-verdict-title">
      <h2 id="pg-verdict-title" class="pg-verdict-heading">
        Verdict{' '}
        <span data-testid="verdict" class={`verdict verdict-${result.decision}`}>
          {result.decision}
        </span>
      </h2>
      {stale ? <p class="hint">The transaction was edited after this verdict: simulate it again.</p> : null}
      {result.decision_reasons.length > 0 ? (
        <ul class="pg-reasons" data-testid="decision-reasons">
          {result.decision_reasons.map((reason, index) => (
            <li key={index}>
              {reason.message} <span class="hint">({reason.rule})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">{result.decision === 'approve' ? 'No rule of the policy objects.' : ''}</p>
      )}
      <Summary result={result} />
      <Findings findings={result.risk.findings} />
      <BalanceChanges result={result} />
      <div class="grid pg-panels">
        <FeeAndCompute result={result} />
        <MevAndSlippage result={result} />
        <RiskFacts result={result} />
      </div>
      {result.recommendations.length > 0 ? (
        <section aria-labelledby="pg-recommendations-title">
          <h3 id="pg-recommendations-title">Recommendations</h3>
          <ul>
            {result.recommendations.map((recommendation, index) => (
              <li key={index}>
                {recommendation.message} <span class="hint">({recommendation.code})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CallTree result={result} />
      <details class="pg-logs" data-testid="logs">
        <summary>Program logs ({result.logs.length} lines)</summary>
        <pre class="mono" tabIndex={0} aria-label="Program logs">
          {result.logs.join('\n') || '(none)'}
        </pre>
      </details>
    </section>
  )
}
