/**
 * What a user sees of a simulate answer, as one comparable string: the verdict (decision, its
 * reasons' rules, the risk level), success and the failure code, every balance change (account,
 * mint, delta), the slippage bound (bps) and the MEV level. A watch pushes a new answer only when
 * this changed: the slot, the latency, logs, compute units or fee percentiles moving alone are
 * not news to someone deciding whether to sign.
 */
import type { SimulateResponse } from '../../contract/simulate-response.js'

export function toVisibleOutcome(response: SimulateResponse): string {
  return JSON.stringify([
    response.decision,
    response.decision_reasons.map((reason) => reason.rule),
    response.risk.risk_level,
    response.success,
    response.failure_code,
    response.balance_changes.map((change) => [change.account, change.mint, change.delta]),
    response.slippage?.bps ?? null,
    response.risk.mev_level,
  ])
}
