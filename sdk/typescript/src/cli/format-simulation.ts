/** A simulate answer laid out for a person: verdict, summary sentences, balance changes, findings, fee. */
import type { SimulateResponse } from '../api-types.js'
import type { Paint } from './paint.js'

const VERDICT_STYLE = { approve: 'green', warn: 'yellow', block: 'red' } as const

export function formatSimulation(result: SimulateResponse, paint: Paint): string {
  const lines: string[] = []
  const verdict = paint(VERDICT_STYLE[result.decision], paint('bold', result.decision.toUpperCase()))
  const outcome = result.success
    ? 'simulation succeeded'
    : `simulation failed: ${result.failure_code ?? 'error'}${result.failure_reason ? ` (${result.failure_reason})` : ''}`
  lines.push(`${verdict}  ${outcome}  risk ${result.risk.risk_level}  slot ${result.context_slot}${result.cached ? '  (cached)' : ''}`)
  for (const reason of result.decision_reasons) lines.push(`  ${paint('dim', reason.rule)}: ${reason.message}`)

  if (result.summary.length > 0) {
    lines.push('', paint('bold', 'Summary'))
    for (const signer of result.summary) {
      lines.push(`  ${signer.signer}`)
      for (const line of signer.lines) lines.push(`    ${line}`)
    }
  }
  if (result.balance_changes.length > 0) {
    lines.push('', paint('bold', 'Balance changes'))
    for (const change of result.balance_changes) {
      const delta = change.delta.startsWith('-')
        ? paint('red', change.delta)
        : paint('green', change.delta.startsWith('0') ? change.delta : `+${change.delta}`)
      lines.push(`  ${change.account}  ${change.mint === null ? 'SOL (lamports)' : change.mint}  ${delta}`)
    }
  }
  const findings = result.risk.findings
  if (findings.length > 0) {
    lines.push('', paint('bold', 'Findings'))
    for (const finding of findings) lines.push(`  [${finding.severity}] ${finding.code}: ${finding.message}`)
  }
  lines.push('')
  const fee = result.fee_details
  lines.push(
    fee
      ? `Fee ${result.fee_estimate_sol} SOL (${fee.total_fee_lamports} lamports: base ${fee.base_fee_lamports}, priority ${fee.priority_fee_lamports})  compute units ${result.compute_units ?? '-'}`
      : `Fee ${result.fee_estimate_sol ?? '-'} SOL  compute units ${result.compute_units ?? '-'}`,
  )
  return lines.join('\n') + '\n'
}
