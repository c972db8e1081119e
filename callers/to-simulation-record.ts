/** The history record of one simulate, execute or send call, from the response the caller got. */
import type { HistoryKind, SimulationRecord } from '../accounts/user-service.js'
import type { ExecuteResponse } from '../engine/contract/execute-response.js'
import type { SendResponse } from '../engine/contract/send-response.js'
import type { SimulateResponse } from '../engine/contract/simulate-response.js'

/** Who made the call. */
export interface RecordCaller {
  userId: string
  apiKeyId: string | null
}

/** Maps a simulate response and its caller to the record history keeps; `kind` says which call ran it. */
export function toSimulationRecord(
  response: SimulateResponse,
  who: RecordCaller,
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

/**
 * The verdict an execute acted on, as simulate's `decision` names it: blocked (or not sent because
 * the simulation failed) is `block`; submitted with reasons (the findings that warn) is `warn`.
 */
function getExecuteDecision(response: ExecuteResponse): 'approve' | 'warn' | 'block' {
  if (response.action !== 'submitted') return 'block'
  return response.decision_reasons.length > 0 ? 'warn' : 'approve'
}

/** Maps an execute response and its caller to the record history keeps beside simulations (`kind: 'execute'`). */
export function toExecuteRecord(
  response: ExecuteResponse,
  who: RecordCaller,
  createdAtMs: number,
  signature: string | null,
): SimulationRecord {
  return {
    userId: who.userId,
    apiKeyId: who.apiKeyId,
    createdAtMs,
    // As for a simulation: whether the simulation passed (whether it was sent is `decision`).
    success: response.simulation_success,
    decision: getExecuteDecision(response),
    riskLevel: response.risk_level,
    mevScore: response.mev_score,
    // The execute response carries the score, not its level.
    mevLevel: null,
    failureCode: null,
    failureReason: response.action === 'simulation_failed' ? response.reason : null,
    computeUnits: response.compute_units,
    // Not in the execute response (simulate's fee_estimate_sol has no counterpart there).
    feeEstimateSol: null,
    latencyMs: response.latency_ms,
    signature,
    cached: false,
    kind: 'execute',
  }
}

/** Maps a send response and its caller to the record history keeps beside simulations (`kind: 'send'`); nothing was judged. */
export function toSendRecord(response: SendResponse, who: RecordCaller, createdAtMs: number, signature: string | null): SimulationRecord {
  return {
    userId: who.userId,
    apiKeyId: who.apiKeyId,
    createdAtMs,
    // Sent, and not (yet) seen failing or expiring when the call answered.
    success: response.confirmation !== 'failed' && response.confirmation !== 'expired',
    decision: null,
    riskLevel: null,
    mevScore: null,
    mevLevel: null,
    failureCode: null,
    failureReason: null,
    computeUnits: null,
    feeEstimateSol: null,
    latencyMs: response.latency_ms,
    signature,
    cached: false,
    kind: 'send',
  }
}
