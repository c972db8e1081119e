/**
 * Conversions between the engine's ExecuteResponse (engine/contract/execute-response.ts) and its
 * gRPC message. The message mirrors the JSON names; JSON's null is an unset proto3 optional field,
 * and the two JSON-valued fields travel as their JSON text (`policy_applied_json`,
 * `transaction_error_json`), as SimulateResponse carries its transaction error.
 * test/engine/messages/proto-contract-fields.test.ts checks that the message and the contract agree.
 */
import { createServiceError } from '../../lib/errors.js'
import type { ExecuteRequest as ExecuteRequestMessage } from '../../proto/gen/preflight/engine/v1/ExecuteRequest.js'
import type { ExecuteRequest__Output as ExecuteRequestOutput } from '../../proto/gen/preflight/engine/v1/ExecuteRequest.js'
import type { ExecuteResponse as ExecuteResponseMessage } from '../../proto/gen/preflight/engine/v1/ExecuteResponse.js'
import type { ExecuteResponse__Output as ExecuteResponseOutput } from '../../proto/gen/preflight/engine/v1/ExecuteResponse.js'
import type { ExecuteAction, ExecuteOptions, ExecuteResponse } from '../contract/execute-response.js'
import { parsePolicyJson } from './simulate-request-options.js'
import type { RiskLevel } from '../contract/risk-levels.js'
import type { TrackingStatus } from '../contract/transaction-tracking.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

/** The gRPC request of an execute (tenant_id and policy_json empty when not given). */
export function toExecuteRequestMessage(transaction: Uint8Array, options: ExecuteOptions): ExecuteRequestMessage {
  return {
    transaction,
    tenant_id: options.tenantId ?? '',
    card_on_file: options.cardOnFile ?? false,
    policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
    wait_confirmation: options.waitConfirmation ?? false,
  }
}

/** The execute options of a gRPC request (the engine validates the policy as for every transport); throws `invalid_transaction` for no bytes. */
export function toExecuteOptions(request: ExecuteRequestOutput): ExecuteOptions {
  if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
  return {
    waitConfirmation: request.wait_confirmation,
    ...(request.policy_json === '' ? {} : { policy: parsePolicyJson(request.policy_json) }),
    ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
    ...(request.card_on_file ? { cardOnFile: true } : {}),
  }
}

/** The gRPC message of an execute response. */
export function toExecuteResponseMessage(response: ExecuteResponse): ExecuteResponseMessage {
  return {
    simulation_success: response.simulation_success,
    action: response.action,
    reason: response.reason,
    signature: toOptionalField(response.signature),
    relay_bundle_id: toOptionalField(response.relay_bundle_id),
    route: response.route,
    mev_score: response.mev_score,
    risk_level: response.risk_level,
    recommended_priority_fee: response.recommended_priority_fee,
    compute_units: response.compute_units,
    policy_applied_json: JSON.stringify(response.policy_applied),
    latency_ms: response.latency_ms,
    decision_reasons: response.decision_reasons,
    summary: response.summary,
    confirmation: toOptionalField(response.confirmation),
    attempts: response.attempts,
    slot: toOptionalField(response.slot),
    transaction_error_json: response.transaction_error === null ? undefined : JSON.stringify(response.transaction_error),
  }
}

/** The execute response a gRPC message carries. */
export function fromExecuteResponseMessage(message: ExecuteResponseOutput): ExecuteResponse {
  return {
    simulation_success: message.simulation_success,
    action: message.action as ExecuteAction,
    reason: message.reason,
    signature: fromOptionalField(message.signature),
    relay_bundle_id: fromOptionalField(message.relay_bundle_id),
    route: message.route as ExecuteResponse['route'],
    mev_score: message.mev_score,
    risk_level: message.risk_level as RiskLevel,
    recommended_priority_fee: message.recommended_priority_fee,
    compute_units: message.compute_units,
    // An engine always sends the object; an empty field (a peer that left it out) reads as none.
    policy_applied:
      message.policy_applied_json === '' ? {} : (JSON.parse(message.policy_applied_json) as ExecuteResponse['policy_applied']),
    latency_ms: message.latency_ms,
    decision_reasons: message.decision_reasons.map((reason) => ({ rule: reason.rule, message: reason.message })),
    summary: message.summary.map((entry) => ({ signer: entry.signer, lines: entry.lines })),
    confirmation: fromOptionalField(message.confirmation) as TrackingStatus | null,
    attempts: message.attempts,
    slot: fromOptionalField(message.slot),
    transaction_error:
      message.transaction_error_json === undefined
        ? null
        : (JSON.parse(message.transaction_error_json) as ExecuteResponse['transaction_error']),
  }
}
