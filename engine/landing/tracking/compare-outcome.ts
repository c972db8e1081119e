/**
 * Prediction against reality: what the simulation said a transaction would do (kept when it was
 * sent) and what it did once landed. Every difference names its field and, for a balance, the
 * account and mint — e.g. another transaction on the same pool landed first and moved the price.
 */
import type { SimulateResponse } from '../../contract/simulate-response.js'
import type { Outcome, OutcomeDifference, Prediction } from '../../contract/transaction-tracking.js'
import type { LandedResult } from './landed-result.js'

/** The prediction a simulate response makes: its success, compute units, fee and every non-zero balance change. */
export function toPrediction(response: SimulateResponse): Prediction {
  return {
    success: response.success,
    compute_units: response.compute_units,
    fee_lamports: response.fee_details ? String(response.fee_details.total_fee_lamports) : null,
    balance_changes: response.balance_changes
      .filter((change) => change.delta !== '0')
      .map((change) => ({ account: change.account, mint: change.mint, delta: change.delta })),
    context_slot: response.context_slot,
  }
}

const balanceId = (account: string, mint: string | null) => `${account}:${mint ?? ''}`

/** Compares a landed result with the prediction it was sent on. */
export function compareOutcome(prediction: Prediction, landed: LandedResult): Outcome {
  const differences: OutcomeDifference[] = []
  const other = (field: OutcomeDifference['field'], predicted: string, actual: string) =>
    differences.push({ field, account: null, mint: null, predicted, actual })

  if (prediction.success === landed.failed) other('success', String(prediction.success), String(!landed.failed))
  if (prediction.fee_lamports !== null && landed.feeLamports !== null && BigInt(prediction.fee_lamports) !== landed.feeLamports) {
    other('fee_lamports', prediction.fee_lamports, String(landed.feeLamports))
  }
  if (prediction.compute_units !== null && landed.computeUnits !== null && prediction.compute_units !== landed.computeUnits) {
    other('compute_units', String(prediction.compute_units), String(landed.computeUnits))
  }

  const predicted = new Map<string, { account: string; mint: string | null; delta: bigint }>()
  for (const change of prediction.balance_changes) {
    predicted.set(balanceId(change.account, change.mint), { account: change.account, mint: change.mint, delta: BigInt(change.delta) })
  }
  const seen = new Set<string>()
  for (const change of landed.balanceChanges) {
    const id = balanceId(change.account, change.mint)
    seen.add(id)
    const expected = predicted.get(id)?.delta ?? 0n
    if (expected !== change.delta) {
      differences.push({
        field: 'balance_change',
        account: change.account,
        mint: change.mint,
        predicted: String(expected),
        actual: String(change.delta),
      })
    }
  }
  for (const [id, change] of predicted) {
    if (seen.has(id) || change.delta === 0n) continue
    differences.push({ field: 'balance_change', account: change.account, mint: change.mint, predicted: String(change.delta), actual: '0' })
  }
  return { landed_slot: landed.slot, matched: differences.length === 0, differences }
}
