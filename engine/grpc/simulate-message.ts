/**
 * Conversions between the engine's SimulateResponse and its gRPC message. The message mirrors
 * SPEC's JSON names; what JSON says with null, proto3 says with an unset optional field.
 */
import type { SimulateResponse as SimulateResponseMessage } from '../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { SimulateResponse__Output as SimulateResponseOutput } from '../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { CallNode__Output } from '../../proto/gen/preflight/engine/v1/CallNode.js'
import type { CallNode } from '../simulate/call-tree.js'
import type { FailureCode } from '../simulate/failure.js'
import type { Decision, MevLevel, RiskLevel, SimulateResponse } from '../simulate/simulate-types.js'

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value)
const orNull = <T>(value: T | undefined | null): T | null => (value === undefined || value === null ? null : value)

function toCallNodeMessage(node: CallNode): object {
  return {
    program_id: node.program_id,
    depth: node.depth,
    compute_units: orUndefined(node.compute_units),
    success: node.success,
    error: orUndefined(node.error),
    children: node.children.map(toCallNodeMessage),
  }
}

function fromCallNodeMessage(node: CallNode__Output): CallNode {
  return {
    program_id: node.program_id,
    depth: node.depth,
    compute_units: orNull(node.compute_units),
    success: node.success,
    error: orNull(node.error),
    children: node.children.map(fromCallNodeMessage),
  }
}

/** The gRPC message of a simulate response. */
export function toSimulateResponseMessage(response: SimulateResponse): SimulateResponseMessage {
  return {
    ...response,
    compute_units: orUndefined(response.compute_units),
    suggested_compute_limit: orUndefined(response.suggested_compute_limit),
    fee_estimate_sol: orUndefined(response.fee_estimate_sol),
    fee_details: orUndefined(response.fee_details),
    risk: { ...response.risk, mev_type: orUndefined(response.risk.mev_type) },
    call_tree: response.call_tree.map(toCallNodeMessage),
    balance_changes: response.balance_changes.map((change) => ({
      ...change,
      mint: orUndefined(change.mint),
      owner: orUndefined(change.owner),
      decimals: orUndefined(change.decimals),
    })),
    failure_reason: orUndefined(response.failure_reason),
    failure_code: orUndefined(response.failure_code),
    is_terminal: orUndefined(response.is_terminal),
    transaction_error_json: response.transaction_error === null ? undefined : JSON.stringify(response.transaction_error),
    min_account_slot: orUndefined(response.min_account_slot),
    replacement_blockhash: orUndefined(response.replacement_blockhash),
  }
}

/** The simulate response a gRPC message carries. */
export function fromSimulateResponseMessage(message: SimulateResponseOutput): SimulateResponse {
  const risk = message.risk
  return {
    success: message.success,
    compute_units: orNull(message.compute_units),
    suggested_compute_limit: orNull(message.suggested_compute_limit),
    fee_estimate_sol: orNull(message.fee_estimate_sol),
    fee_details: orNull(message.fee_details),
    priority_fees: message.priority_fees ?? { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 },
    slippage: null,
    risk: {
      mev_score: risk?.mev_score ?? 0,
      mev_level: (risk?.mev_level ?? 'none') as MevLevel,
      mev_type: orNull(risk?.mev_type),
      has_blacklisted_program: risk?.has_blacklisted_program ?? false,
      blacklisted_programs: risk?.blacklisted_programs ?? [],
      dex_programs: risk?.dex_programs ?? [],
      token_risk: null,
      risk_level: (risk?.risk_level ?? 'safe') as RiskLevel,
    },
    recommendations: message.recommendations,
    program_breakdown: message.program_breakdown,
    call_tree: message.call_tree.map(fromCallNodeMessage),
    balance_changes: message.balance_changes.map((change) => ({
      account: change.account,
      mint: orNull(change.mint),
      owner: orNull(change.owner),
      decimals: orNull(change.decimals),
      pre: change.pre,
      post: change.post,
      delta: change.delta,
    })),
    failure_reason: orNull(message.failure_reason),
    failure_code: orNull(message.failure_code) as FailureCode | null,
    is_terminal: orNull(message.is_terminal),
    transaction_error:
      message.transaction_error_json === undefined ? null : (JSON.parse(message.transaction_error_json) as SimulateResponse['transaction_error']),
    logs: message.logs,
    latency_ms: message.latency_ms,
    context_slot: message.context_slot,
    min_account_slot: orNull(message.min_account_slot),
    replacement_blockhash: orNull(message.replacement_blockhash),
    decision: message.decision as Decision,
  }
}
