/**
 * Validation of simulate options for every transport (REST bodies are checked by the edge's JSON
 * schema first; gRPC requests only here), with SPEC 2.6's limits.
 */
import { createServiceError } from '../../lib/errors.js'
import { type SimulateOptions, type Vector, VECTORS } from './simulate-types.js'

export const MIN_TIMEOUT_MS = 50
export const MAX_TIMEOUT_MS = 800

/** Checks raw options and returns them typed; throws `validation_error` naming the bad field. */
export function parseSimulateOptions(raw: {
  vectors?: readonly string[] | undefined
  timeoutMs?: number | undefined
  replaceRecentBlockhash?: boolean | undefined
}): SimulateOptions {
  const options: SimulateOptions = {}
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
  return options
}
