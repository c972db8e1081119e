/** The history record of one simulate call (or an execute's simulation), from the response the caller got. */
import type { HistoryKind, SimulationRecord } from '../accounts/user-service.js'
import type { SimulateResponse } from '../engine/contract/simulate-response.js'

/** Maps a simulate response and its caller to the record history keeps; `kind` says which call ran it. */
export function toSimulationRecord(
  response: SimulateResponse,
  who: { userId: string; apiKeyId: string | null },
  createdAtMs: number,
  signature: string | null,
  kind: HistoryKind = 'simulate',
): SimulationRecord {
  return {
    userId: who.userId,
    apiKeyId: who.apiKeyId,
    createdAtMs,
    success: response.success,
    decision: response.decision,
    riskLevel: response.risk.risk_level,
    mevScore: response.risk.mev_score,
    mevLevel: response.risk.mev_level,
    failureCode: response.failure_code,
    failureReason: response.failure_reason,
    computeUnits: response.compute_units,
    feeEstimateSol: response.fee_estimate_sol,
    latencyMs: response.latency_ms,
    signature,
    // Strictly true: a response from an engine that predates the field carries none.
    cached: response.cached === true,
    kind,
  }
}
