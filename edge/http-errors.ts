/**
 * The Error envelope of SPEC 2.1 for every failure the edge answers, with the request id. The
 * cause of an internal error is logged, never sent.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { createServiceError, ERROR_CATALOGUE, type ErrorCode, isServiceError, type ServiceError } from '../lib/errors.js'

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; request_id: string }
}

/** Fastify's own error codes, mapped to the catalogue. */
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
}

/**
 * What a client may see of a failure answered outside fastify's error handler (a batch item, a
 * stream message): a catalogue error as it is, anything else — `internal_error` included — as the
 * catalogue's internal_error. What is the service's fault (5xx) is logged through `log`, with its cause.
 */
export function toClientError(error: unknown, log: (fields: Record<string, unknown>, message: string) => void, unhandledMessage: string): ServiceError {
  if (isServiceError(error) && error.code !== 'internal_error') {
    if (ERROR_CATALOGUE[error.code].http >= 500) log({ err: error, cause: error.cause }, error.message)
    return error
  }
  log({ err: error }, unhandledMessage)
  return createServiceError('internal_error')
}

/** Sends the envelope for `code`. */
export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, message?: string): FastifyReply {
  const body: ErrorEnvelope = { error: { code, message: message ?? ERROR_CATALOGUE[code].message, request_id: String(request.id) } }
  return reply.code(ERROR_CATALOGUE[code].http).send(body)
}

/** The error handler of the whole edge. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isServiceError(error)) {
    if (ERROR_CATALOGUE[error.code].http >= 500) {
      request.log.error({ reqId: request.id, err: error, cause: error.cause }, error.message)
    }
    if (error.headers) reply.headers(error.headers)
    return sendError(reply, request, error.code, error.message)
  }
  const fastifyError = error as FastifyError
  if (fastifyError.validation) {
    const first = fastifyError.validation[0]
    const field = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : 'body'
    // ajv reports an unknown field at its parent; the client wants the field's own name.
    const unknown = first?.keyword === 'additionalProperties' ? first.params.additionalProperty : undefined
    if (typeof unknown === 'string') {
      const path = field === 'body' ? unknown : `${field}.${unknown}`
      return sendError(reply, request, 'validation_error', `${path}: is not a known field`)
    }
    return sendError(reply, request, 'validation_error', `${field}: ${first?.message ?? 'is not valid'}`)
  }
  const mapped = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined
  if (mapped) return sendError(reply, request, mapped, fastifyError.message)
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return sendError(reply, request, 'validation_error', fastifyError.message)
  }
  request.log.error({ reqId: request.id, err: error }, 'unhandled error')
  return sendError(reply, request, 'internal_error')
}
