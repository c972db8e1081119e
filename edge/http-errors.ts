/**
 * The Error envelope (docs/api.md#errors) for every failure the edge answers, with the request id.
 * The cause of an internal error is logged, never sent.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { createServiceError, ERROR_CATALOGUE, type ErrorCode, type ErrorDetails, isServiceError, type ServiceError } from '../lib/errors.js'
import { pino } from 'pino'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'
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
 * Faults that every request meets while a service the edge depends on is down: the first is logged
 * at error with its cause, then one line per 10 s counting them (`failed`), the rest at debug. The
 * service that is down logs its own outage, and its end (accounts/db/database.ts).
 */
const OUTAGE_CODES: ReadonlySet<ErrorCode> = new Set(['accounts_unavailable', 'engine_unavailable'])

// Keyed by where the lines go: pino's destination, which a logger shares with its children (fastify
// logs through a child of the service's logger, the batch and WebSocket routes through the logger
// itself). So each service counts its own outages, without one more option to pass down.
const outageThrottles = new WeakMap<object, Map<ErrorCode, () => number>>()

/** How many requests met `code` since the last line about it, when one may be written now; else 0. */
function countOutageFault(logger: Logger, code: ErrorCode): number {
  const destination = (logger as unknown as Record<symbol, object | undefined>)[pino.symbols.streamSym] ?? logger
  let throttles = outageThrottles.get(destination)
  if (!throttles) outageThrottles.set(destination, (throttles = new Map<ErrorCode, () => number>()))
  let throttle = throttles.get(code)
  if (!throttle) throttles.set(code, (throttle = createLogThrottle()))
  return throttle()
}

/**
 * How a service's fault is logged: at error with its cause, or, for an outage code
 * (accounts_unavailable, engine_unavailable) met again within 10 s, at debug, the next error line
 * counting it.
 */
function getFaultLog(error: ServiceError, logger: Logger | undefined): { level: ErrorLogLevel; fields: Record<string, unknown> } {
  if (!logger || !OUTAGE_CODES.has(error.code)) return { level: 'error', fields: { err: error, cause: error.cause } }
  const failed = countOutageFault(logger, error.code)
  if (failed === 0) return { level: 'debug', fields: { code: error.code } }
  return { level: 'error', fields: { err: error, cause: error.cause, failed } }
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
  /** The logger `log` writes to: outage codes are then counted, not each logged at error. */
  logger?: Logger,
): ServiceError {
  if (isServiceError(error) && error.code !== 'internal_error') {
    if (isServiceFault(error.code)) {
      const { level, fields } = getFaultLog(error, logger)
      log(level, fields, error.message)
    } else log('debug', { code: error.code }, error.message)
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
    if (isServiceFault(error.code)) {
      const { level, fields } = getFaultLog(error, request.log as Logger)
      request.log[level]({ reqId: request.id, ...fields }, error.message)
    } else request.log.debug({ reqId: request.id, code: error.code }, error.message)
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
