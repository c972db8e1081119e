/** The simulate options a gRPC SimulateRequest carries (Simulate and Watch take the same request), both ways. */
import { createServiceError } from '../../lib/errors.js'
import type { SimulateRequest, SimulateRequest__Output } from '../../proto/gen/preflight/engine/v1/SimulateRequest.js'
import type { PolicyInput } from '../contract/policy-input.js'
import type { SimulateOptions } from '../contract/simulate-request.js'
import type { Vector } from '../contract/vectors.js'

/** The policy a gRPC request carries as JSON (empty: none); malformed JSON is a validation error. */
export function parsePolicyJson(json: string): PolicyInput {
  try {
    return JSON.parse(json) as PolicyInput
  } catch {
    throw createServiceError('validation_error', 'policy_json: not valid JSON')
  }
}

/** The request's options (the engine validates their values as for every transport); throws `invalid_transaction` for no bytes. */
export function toSimulateOptions(request: SimulateRequest__Output): SimulateOptions {
  if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
  return {
    ...(request.vectors.length === 0 ? {} : { vectors: request.vectors as Vector[] }),
    ...(request.timeout_ms === 0 ? {} : { timeoutMs: request.timeout_ms }),
    replaceRecentBlockhash: request.replace_recent_blockhash,
    ...(request.policy_json === '' ? {} : { policy: parsePolicyJson(request.policy_json) }),
    ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
  }
}

/** The SimulateRequest of a simulate or a watch (fields left at their zero value when not given). */
export function toSimulateRequestMessage(transaction: Uint8Array, options: SimulateOptions): SimulateRequest {
  return {
    transaction,
    vectors: options.vectors ? [...options.vectors] : [],
    timeout_ms: options.timeoutMs ?? 0,
    replace_recent_blockhash: options.replaceRecentBlockhash ?? false,
    tenant_id: options.tenantId ?? '',
    policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
  }
}
