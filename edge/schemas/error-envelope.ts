/**
 * The Error envelope (docs/api.md#errors) as every error response of the edge sends it
 * (edge/http-errors.ts), and the error statuses routes share. Response schemas document; they never
 * shape a response (edge/server.ts serializes with JSON.stringify).
 */
import { ERROR_CATALOGUE } from '../../lib/errors.js'

/** `{error: {code, message, request_id}}`; the edge always sends the request id. */
export const errorEnvelopeSchema = {
  $id: 'Error',
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE), description: 'A stable code of the error catalogue.' },
        message: { type: 'string', description: 'What went wrong, naming the field when one is at fault.' },
        request_id: { type: 'string', minLength: 1, description: 'Also in the X-Request-Id response header.' },
        bundle_lint: {
          type: 'array',
          description: 'bundle_rejected only: every bundle rule checked, and which failed (docs/relay.md#bundle-lint).',
          items: {
            type: 'object',
            required: ['rule', 'ok', 'detail'],
            additionalProperties: false,
            properties: { rule: { type: 'string' }, ok: { type: 'boolean' }, detail: { type: 'string' } },
          },
        },
      },
    },
  },
} as const

/** Every route: a bug (500), or a dependency that is down or a process draining (503). */
export const SERVER_ERRORS = [500, 503] as const
/** Routes with a JSON body: not JSON (400), too large (413), not application/json (415), invalid (422). */
export const BODY_ERRORS = [400, 413, 415, 422] as const
/** Routes with a credential: missing or invalid (401), rate limit or quota spent (429). */
export const CALLER_ERRORS = [401, 429] as const

/** The Error envelope under each of `statuses`, for a route's `schema.response`. */
export function createErrorResponses(statuses: readonly number[]): Record<number, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema]))
}
