/**
 * Carries catalogue errors across gRPC: the code travels in the `error-code` trailer beside the
 * gRPC status, so the receiving side rebuilds the same ServiceError.
 */
import { Metadata, type ServiceError as GrpcServiceError, status as GrpcStatus } from '@grpc/grpc-js'
import {
  createServiceError,
  ERROR_CATALOGUE,
  isErrorCode,
  isServiceError,
  type ErrorCode,
  type ErrorDetails,
  ServiceError,
} from '../errors.js'

const ERROR_CODE_KEY = 'error-code'
/** An error's details (ErrorDetails) as JSON, when it has any. */
const ERROR_DETAILS_KEY = 'error-details'
/** Trailers that are an error's response headers (Retry-After and RateLimit-*: when to retry), carried across as they are. */
const FORWARDED_HEADER = /^(retry-after|ratelimit-[a-z]+)$/

function getForwardedHeaders(metadata: Metadata | undefined): Record<string, string> | undefined {
  if (!metadata) return undefined
  let headers: Record<string, string> | undefined
  for (const [name, values] of Object.entries(metadata.getMap())) {
    if (FORWARDED_HEADER.test(name)) (headers ??= {})[name] = String(values)
  }
  return headers
}

/** The details trailer, when it holds a JSON object (anything else is dropped: it came from elsewhere). */
function getDetails(metadata: Metadata | undefined): ErrorDetails | undefined {
  const text = metadata?.get(ERROR_DETAILS_KEY)[0]
  if (typeof text !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** The gRPC error to send for any thrown value (internal errors keep their cause private). */
export function toGrpcError(error: unknown): Partial<GrpcServiceError> {
  const serviceError = isServiceError(error) ? error : createServiceError('internal_error', undefined, error)
  const metadata = new Metadata()
  metadata.set(ERROR_CODE_KEY, serviceError.code)
  if (serviceError.headers) for (const [name, value] of Object.entries(serviceError.headers)) metadata.set(name, value)
  if (serviceError.details) metadata.set(ERROR_DETAILS_KEY, JSON.stringify(serviceError.details))
  return { code: ERROR_CATALOGUE[serviceError.code].grpc, details: serviceError.message, metadata }
}

/**
 * The one table from a gRPC status to the catalogue (and so to HTTP) for a failure that carries no
 * `error-code` trailer: a proxy's, a foreign server's, the transport's own. UNAVAILABLE and
 * DEADLINE_EXCEEDED name the service that did not answer (`unavailableCode`); a status not listed
 * is internal_error.
 */
export const GRPC_STATUS_CODES: Readonly<Partial<Record<GrpcStatus, ErrorCode | 'unavailable'>>> = {
  [GrpcStatus.INVALID_ARGUMENT]: 'validation_error',
  [GrpcStatus.OUT_OF_RANGE]: 'validation_error',
  [GrpcStatus.UNAUTHENTICATED]: 'unauthorized',
  [GrpcStatus.PERMISSION_DENIED]: 'unauthorized',
  [GrpcStatus.NOT_FOUND]: 'not_found',
  [GrpcStatus.RESOURCE_EXHAUSTED]: 'rate_limited',
  [GrpcStatus.UNIMPLEMENTED]: 'not_implemented',
  [GrpcStatus.UNAVAILABLE]: 'unavailable',
  [GrpcStatus.DEADLINE_EXCEEDED]: 'unavailable',
}

/**
 * The ServiceError a gRPC failure stands for: the code its `error-code` trailer names (with the
 * headers it forwards), else the status through GRPC_STATUS_CODES; transport failures (no answer,
 * or none in time) become `unavailableCode`, the catalogue code naming the service that did not answer.
 */
export function fromGrpcError(error: GrpcServiceError, unavailableCode: ErrorCode = 'engine_unavailable'): ServiceError {
  const code = error.metadata?.get(ERROR_CODE_KEY)[0]
  if (isErrorCode(code)) {
    const details = getDetails(error.metadata)
    return new ServiceError(code, error.details, { headers: getForwardedHeaders(error.metadata), ...(details ? { details } : {}) })
  }
  const mapped = GRPC_STATUS_CODES[error.code]
  if (mapped === 'unavailable') return createServiceError(unavailableCode, undefined, error)
  // The details of a foreign failure are not ours to show: the catalogue's message stands.
  return createServiceError(mapped ?? 'internal_error', undefined, error)
}
