/** The history record of one simulate, execute, send or submit call, from the response the caller got. */
import type { HistoryKind, SimulationRecord } from '../accounts/contract/index.js'
import type { ExecuteResponse } from '../engine/contract/execute-response.js'
import type { SendResponse } from '../engine/contract/send-response.js'
import type { SimulateSummary } from '../engine/contract/serialized-simulate-response.js'
import type { SubmitResponse } from '../engine/contract/submit-response.js'
import type { TrackingStatus } from '../engine/contract/transaction-tracking.js'

/** Who made the call. */
export interface RecordCaller {
  userId: string
  apiKeyId: string | null
}

/** Maps a simulate response and its caller to the record history keeps; `kind` says which call ran it. */
export function toSimulationRecord(
  response: SimulateSummary,
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

/** Sent, and not (yet) seen failing, expiring or dropped by the relay when the call answered. */
function isStillLanding(confirmation: TrackingStatus): boolean {
  return confirmation !== 'failed' && confirmation !== 'expired' && confirmation !== 'dropped'
}

/** Maps a send response and its caller to the record history keeps beside simulations (`kind: 'send'`); nothing was judged. */
export function toSendRecord(response: SendResponse, who: RecordCaller, createdAtMs: number, signature: string | null): SimulationRecord {
  return {
    userId: who.userId,
    apiKeyId: who.apiKeyId,
    createdAtMs,
    success: isStillLanding(response.confirmation),
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

/**
 * Maps a submit response and its caller to the record history keeps beside simulations (`kind:
 * 'submit'`): a send's record with what the answer said about the strategy, the billing, the
 * relay's bundle and the managed tip (decimal text: the record travels as JSON).
 */
export function toSubmitRecord(
  response: SubmitResponse,
  who: RecordCaller,
  createdAtMs: number,
  signature: string | null,
): SimulationRecord {
  return {
    ...toSendRecord(response, who, createdAtMs, signature),
    kind: 'submit',
    strategy: response.strategy,
    billable: response.billable,
    bundleId: response.bundle_id,
    tipLamports: response.tip_lamports === null ? null : String(response.tip_lamports),
  }
}
