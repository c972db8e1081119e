/**
 * A gRPC failure as a PreflightError: the service puts its catalogue code in the `error-code`
 * trailer (with `retry-after`, and details as JSON in `error-details`); without it (a proxy's or
 * the transport's failure) the gRPC status maps as the service's own table does.
 */
import { PreflightError } from '../errors.js'

interface GrpcFailure {
  code?: number
  details?: string
  message?: string
  metadata?: { get(key: string): Array<string | Uint8Array> }
}

/** gRPC status → catalogue code, for failures without an error-code trailer. */
const STATUS_CODES: Record<number, string> = {
  1: 'aborted',
  3: 'validation_error',
  4: 'timeout',
  5: 'not_found',
  7: 'unauthorized',
  8: 'rate_limited',
  11: 'validation_error',
  12: 'not_implemented',
  14: 'engine_unavailable',
  16: 'unauthorized',
}

export function fromGrpcError(error: unknown): PreflightError {
  const failure = error as GrpcFailure
  const read = (key: string): string | undefined => {
    const value = failure.metadata?.get(key)[0]
    return value === undefined ? undefined : typeof value === 'string' ? value : new TextDecoder().decode(value)
  }
  const retryAfter = read('retry-after')
  let details: Record<string, unknown> = {}
  try {
    details = JSON.parse(read('error-details') ?? '{}') as Record<string, unknown>
  } catch {
    // Details the service did not write: ignored.
  }
  return new PreflightError({
    code: read('error-code') ?? STATUS_CODES[failure.code ?? -1] ?? 'internal_error',
    message: failure.details ?? failure.message ?? String(error),
    retryAfter: retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
    details,
    cause: error,
  })
}
