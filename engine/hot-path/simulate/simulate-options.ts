/**
 * Validation of simulate options for every transport (REST bodies are checked by the edge's JSON
 * schema first; gRPC requests only here), with the limits of docs/api.md#simulate-request (engine/contract/simulate-request.ts).
 */
import { createServiceError } from '../../../lib/errors.js'
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../contract/simulate-request.js'
import { parsePolicy, type Policy, type PolicyInput } from '../../detection/policy/policy.js'
import { type SimulateOptions } from '../../contract/simulate-request.js'
import { type Vector, VECTORS } from '../../contract/vectors.js'

/** Options as the simulation runs them: validated, the policy resolved to its effective fields. */
export interface ParsedSimulateOptions extends Omit<SimulateOptions, 'policy'> {
  policy: Readonly<Policy>
}

/** Checks raw options and returns them typed; throws `validation_error` naming the bad field. */
export function parseSimulateOptions(raw: {
  vectors?: readonly string[] | undefined
  timeoutMs?: number | undefined
  replaceRecentBlockhash?: boolean | undefined
  policy?: PolicyInput | undefined
  tenantId?: string | undefined
}): ParsedSimulateOptions {
  const options: ParsedSimulateOptions = { policy: parsePolicy(raw.policy) }
  if (raw.vectors !== undefined) {
    for (const vector of raw.vectors) {
      if (!(VECTORS as readonly string[]).includes(vector)) {
        throw createServiceError('validation_error', `vectors: unknown vector "${vector}"; allowed: ${VECTORS.join(', ')}`)
      }
    }
    options.vectors = raw.vectors as readonly Vector[]
  }
  if (raw.timeoutMs !== undefined) {
    if (!Number.isInteger(raw.timeoutMs) || raw.timeoutMs < MIN_TIMEOUT_MS || raw.timeoutMs > MAX_TIMEOUT_MS) {
      throw createServiceError('validation_error', `timeout_ms: must be an integer from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`)
    }
    options.timeoutMs = raw.timeoutMs
  }
  if (raw.replaceRecentBlockhash !== undefined) options.replaceRecentBlockhash = raw.replaceRecentBlockhash
  if (raw.tenantId !== undefined && raw.tenantId !== '') options.tenantId = raw.tenantId
  return options
}
