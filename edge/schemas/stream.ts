/**
 * The WebSocket stream `GET /api/v1/solana/stream` (docs/api.md#websocket-stream, edge/ws/): its
 * frames and its route schema. OpenAPI cannot describe WebSocket messages, so the route's
 * description names them; the frame schemas are here for clients and for tests.
 */
import { ERROR_CATALOGUE } from '../../lib/errors.js'
import { streamMessageSchema } from '../ws/stream-message.js'
import { CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'
import { simulateResponseSchema } from '../../engine/contract/simulate-response.js'

const { $id: _simulateResponseId, ...simulateResponseShape } = simulateResponseSchema

/** An answer: `{id, ...SimulateResponse}`. */
export const streamResultFrameSchema = {
  ...simulateResponseShape,
  required: ['id', ...simulateResponseShape.required],
  properties: { id: streamMessageSchema.properties.id, ...simulateResponseShape.properties },
} as const

/** A message that got no simulation: `{id, error}`; `id` is null when the message had no readable one. */
export const streamErrorFrameSchema = {
  type: 'object',
  required: ['id', 'error'],
  additionalProperties: false,
  properties: {
    id: { anyOf: [streamMessageSchema.properties.id, { type: 'null' }] },
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
        message: { type: 'string' },
        request_id: { type: 'string' },
        retry_after: {
          type: 'integer',
          minimum: 1,
          description: 'Seconds, with rate_limited and quota_exceeded (a frame has no headers).',
        },
      },
    },
  },
} as const

/** The upgrade request: 101 when the socket opens, the Error envelope when it is refused. */
export const streamRouteSchema = {
  summary: 'Simulate over a WebSocket',
  description:
    'Upgrade to a WebSocket (either credential; a browser may pass its API key as `?api_key=`). Send ' +
    '`{id, transaction, vectors?, timeout_ms?, policy?}` as JSON text or MessagePack binary frames; each is answered in its own ' +
    'encoding by `{id, ...SimulateResponse}` or `{id, error: {code, message, request_id, retry_after?}}`. ' +
    'A GET without `Upgrade: websocket` is 422.',
  documentedQuerystring: {
    type: 'object',
    properties: { api_key: { type: 'string', description: 'An API key, when the client cannot set the X-API-Key header.' } },
  },
  response: {
    101: { description: 'Switching Protocols: the socket is open.' },
    ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]),
  },
} as const
