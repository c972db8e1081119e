/**
 * The Error envelope (docs/api.md#errors) for every failure the edge answers, with the request id.
 * The cause of an internal error is logged, never sent.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { createServiceError, ERROR_CATALOGUE, type ErrorCode, type ErrorDetails, isServiceError, type ServiceError } from '../lib/errors.js'
import { getValidationMessage } from './validation-message.js'

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; request_id: string } & ErrorDetails
}

/** Fastify's own error codes, mapped to the catalogue. */
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
}

/** The levels an answered failure is logged at: `error` for the service's faults, `debug` for the rest. */
export type ErrorLogLevel = 'error' | 'debug'

/**
 * Whether an answered failure is the service's fault, logged at error with its cause: a 5xx other
 * than not_implemented (a route whose release is still to come), relay_unavailable (no relay or tip
 * wallet configured: a deployment choice, met by any caller asking for the relay), billing_unavailable
 * (no Stripe key: the same kind of choice; a Stripe outage is logged where it is met), relay_busy (the
 * relay's rate limit pushing back, as a 429 does), journal_unavailable (a disk that cannot write,
 * logged once by the journal itself, not once per refused call) and shutting_down (a drain, logged
 * once by the shutdown itself). A client's fault (every 4xx) is logged at debug: a
 * caller can raise thousands a second, and they would drown the faults that need someone.
 */
export function isServiceFault(code: ErrorCode): boolean {
  return (
    ERROR_CATALOGUE[code].http >= 500 &&
    code !== 'not_implemented' &&
    code !== 'relay_unavailable' &&
    code !== 'billing_unavailable' &&
    code !== 'relay_busy' &&
    code !== 'journal_unavailable' &&
    code !== 'shutting_down'
  )
}

/**
 * What a client may see of a failure answered outside fastify's error handler (a batch item, a
 * stream message): a catalogue error as it is, anything else — `internal_error` included — as the
 * catalogue's internal_error. Logged through `log`: the service's faults at error with their cause.
 */
export function toClientError(
  error: unknown,
  log: (level: ErrorLogLevel, fields: Record<string, unknown>, message: string) => void,
  unhandledMessage: string,
): ServiceError {
  if (isServiceError(error) && error.code !== 'internal_error') {
    if (isServiceFault(error.code)) log('error', { err: error, cause: error.cause }, error.message)
    else log('debug', { code: error.code }, error.message)
    return error
  }
  log('error', { err: error }, unhandledMessage)
  return createServiceError('internal_error')
}

/** Sends the envelope for `code` (with the error's details, such as bundle_rejected's `bundle_lint`). */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message?: string,
  details?: ErrorDetails,
): FastifyReply {
  const body: ErrorEnvelope = {
    error: { code, message: message ?? ERROR_CATALOGUE[code].message, request_id: String(request.id), ...details },
  }
  return reply.code(ERROR_CATALOGUE[code].http).send(body)
}

/** The error handler of the whole edge. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isServiceError(error)) {
    if (isServiceFault(error.code)) request.log.error({ reqId: request.id, err: error, cause: error.cause }, error.message)
    else request.log.debug({ reqId: request.id, code: error.code }, error.message)
    if (error.headers) reply.headers(error.headers)
    return sendError(reply, request, error.code, error.message, error.details)
  }
  const fastifyError = error as FastifyError
  if (fastifyError.statusCode !== undefined && fastifyError.statusCode < 500) {
    request.log.debug({ reqId: request.id, code: fastifyError.code }, fastifyError.message)
  }
  if (fastifyError.validation) return sendError(reply, request, 'validation_error', getValidationMessage(fastifyError.validation, 'body'))
  const mapped = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined
  if (mapped) return sendError(reply, request, mapped, fastifyError.message)
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return sendError(reply, request, 'validation_error', fastifyError.message)
  }
  request.log.error({ reqId: request.id, err: error }, 'unhandled error')
  return sendError(reply, request, 'internal_error')
}
