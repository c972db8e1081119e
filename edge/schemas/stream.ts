/**
 * The WebSocket stream `GET /api/v1/solana/stream` (docs/api.md#websocket-stream, edge/ws/): its
 * frames and its route schema. OpenAPI cannot describe WebSocket messages: the route's
 * description names them, and the document carries their schemas as the operation's
 * `x-websocket` extension (messages a client sends, frames it receives).
 */
import { ERROR_CATALOGUE } from '../../lib/errors.js'
import {
  STREAM_MESSAGE_TYPES,
  streamExecuteMessageSchema,
  streamMessageSchema,
  streamSendMessageSchema,
  streamSubmitMessageSchema,
  streamTipsMessageSchema,
  streamUnsubscribeMessageSchema,
  subscriptionIdSchema,
} from '../ws/stream-message.js'
import { WATCH_END_REASONS } from '../../engine/contract/simulation-watch.js'
import { CALLER_ERRORS, createErrorResponses, errorEnvelopeSchema, SERVER_ERRORS } from './error-envelope.js'
import { simulateResponseSchema } from '../../engine/contract/simulate-response.js'
import { executeResponseSchema } from '../../engine/contract/execute-response.js'
import { sendResponseSchema } from '../../engine/contract/send-response.js'
import { submitResponseSchema } from '../../engine/contract/submit-response.js'
import { tipFloorSchema } from '../../engine/contract/tips-response.js'
import { outcomeSchema, TRACKING_STATUSES } from '../../engine/contract/transaction-tracking.js'

const { $id: _simulateResponseId, ...simulateResponseShape } = simulateResponseSchema
const { $id: _executeResponseId, ...executeResponseShape } = executeResponseSchema
const { $id: _sendResponseId, ...sendResponseShape } = sendResponseSchema
const { $id: _submitResponseId, ...submitResponseShape } = submitResponseSchema
const { $id: _tipFloorId, ...tipFloorShape } = tipFloorSchema

/**
 * A simulate's answer: `{id, ...SimulateResponse}`, with `type: 'simulate'` only when the message
 * named it, and `subscription` when it asked to be watched.
 */
export const streamResultFrameSchema = {
  ...simulateResponseShape,
  required: ['id', ...simulateResponseShape.required],
  properties: {
    id: streamMessageSchema.properties.id,
    type: { type: 'string', enum: ['simulate'] },
    subscription: subscriptionIdSchema,
    ...simulateResponseShape.properties,
  },
} as const

/** A watched simulation's new answer: `{type: 'simulation_update', subscription, ...SimulateResponse}`. */
export const streamWatchUpdateFrameSchema = {
  ...simulateResponseShape,
  required: ['type', 'subscription', ...simulateResponseShape.required],
  properties: {
    type: { type: 'string', enum: ['simulation_update'] },
    subscription: subscriptionIdSchema,
    ...simulateResponseShape.properties,
  },
} as const

/** The last frame of a watch: `{type: 'watch_end', subscription, reason}`. */
export const streamWatchEndFrameSchema = {
  type: 'object',
  required: ['type', 'subscription', 'reason'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['watch_end'] },
    subscription: subscriptionIdSchema,
    reason: { type: 'string', enum: [...WATCH_END_REASONS] },
  },
} as const

/** An unsubscribe's answer: `{id, type: 'unsubscribe', subscription}` (after the watch's `watch_end`). */
export const streamUnsubscribeFrameSchema = {
  type: 'object',
  required: ['id', 'type', 'subscription'],
  additionalProperties: false,
  properties: {
    id: streamMessageSchema.properties.id,
    type: { type: 'string', enum: ['unsubscribe'] },
    subscription: subscriptionIdSchema,
  },
} as const

/** An execute's answer: `{id, type: 'execute', ...ExecuteResponse}`. */
export const streamExecuteFrameSchema = {
  ...executeResponseShape,
  required: ['id', 'type', ...executeResponseShape.required],
  properties: { id: streamMessageSchema.properties.id, type: { type: 'string', enum: ['execute'] }, ...executeResponseShape.properties },
} as const

/** A send's answer: `{id, type: 'send', ...SendResponse}`. */
export const streamSendFrameSchema = {
  ...sendResponseShape,
  required: ['id', 'type', ...sendResponseShape.required],
  properties: { id: streamMessageSchema.properties.id, type: { type: 'string', enum: ['send'] }, ...sendResponseShape.properties },
} as const

/** A submit's answer: `{id, type: 'submit', ...SubmitResponse}`. */
export const streamSubmitFrameSchema = {
  ...submitResponseShape,
  required: ['id', 'type', ...submitResponseShape.required],
  properties: { id: streamMessageSchema.properties.id, type: { type: 'string', enum: ['submit'] }, ...submitResponseShape.properties },
} as const

/** A tips message's answer: `{id, type: 'tips', ...TipFloor}`. */
export const streamTipsFrameSchema = {
  ...tipFloorShape,
  required: ['id', 'type', ...tipFloorShape.required],
  properties: { id: streamMessageSchema.properties.id, type: { type: 'string', enum: ['tips'] }, ...tipFloorShape.properties },
} as const

/** A push of one of the caller's tracked transactions, as its status changes: `{type: 'transaction', signature, status, outcome}`. */
export const streamTransactionPushSchema = {
  type: 'object',
  required: ['type', 'signature', 'status', 'outcome'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['transaction'] },
    signature: { type: 'string' },
    status: { type: 'string', enum: [...TRACKING_STATUSES] },
    outcome: { anyOf: [outcomeSchema, { type: 'null' }] },
  },
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
          description: 'Seconds, with rate_limited, quota_exceeded and relay_busy (a frame has no headers).',
        },
        bundle_lint: errorEnvelopeSchema.properties.error.properties.bundle_lint,
      },
    },
  },
} as const

/** What a GET without `Upgrade: websocket` answers: how to open the stream. */
export const STREAM_ENCODINGS = ['json', 'msgpack'] as const

const streamDescriptionSchema = {
  description: 'No `Upgrade: websocket`: how to open the stream, and what it takes.',
  type: 'object',
  required: ['websocket', 'encodings', 'message_types'],
  additionalProperties: false,
  properties: {
    websocket: { type: 'string', description: 'The path to open with `Upgrade: websocket`.' },
    encodings: {
      type: 'array',
      items: { type: 'string', enum: [...STREAM_ENCODINGS] },
      description: 'JSON in text frames, MessagePack in binary frames.',
    },
    message_types: { type: 'array', items: { type: 'string', enum: [...STREAM_MESSAGE_TYPES] }, description: "A message's `type`." },
  },
} as const

/** The upgrade request: 101 when the socket opens, the Error envelope when it is refused; 200 with how to open it without Upgrade. */
export const streamRouteSchema = {
  summary: 'Simulate, execute, send and submit over a WebSocket, with pushes of your transactions',
  description:
    'Upgrade to a WebSocket (either credential; a browser may pass its API key as `?api_key=`). Send ' +
    '`{id, transaction, vectors?, timeout_ms?, policy?}` (a simulate), `{id, type: "execute", transaction, policy?, wait_confirmation?}`, ' +
    '`{id, type: "send", transaction, use_relay?, wait_confirmation?, max_retries?}`, `{id, type: "submit", transaction, strategy, ' +
    'tip_lamports?, wait_confirmation?, deadline_ms?}`, `{id, type: "tips"}` or `{id, type: "unsubscribe", subscription}` as JSON text or MessagePack binary frames; ' +
    'each is answered in its own encoding by `{id, ...SimulateResponse}`, `{id, type, ...ExecuteResponse | SendResponse | ' +
    'SubmitResponse | TipFloor}` or `{id, error: {code, message, request_id, retry_after?, bundle_lint?}}`. The socket also receives ' +
    '`{type: "transaction", signature, status, outcome}` as your tracked transactions change status. A simulate with ' +
    '`watch: true` is answered with a `subscription`, then `{type: "simulation_update", subscription, ...SimulateResponse}` ' +
    'when what it shows changes and `{type: "watch_end", subscription, reason}` at its end. Every message and frame ' +
    'is described in `x-websocket`. A GET without `Upgrade: websocket` answers 200 with how to open the stream.',
  documentedQuerystring: {
    type: 'object',
    properties: { api_key: { type: 'string', description: 'An API key, when the client cannot set the X-API-Key header.' } },
  },
  websocket: {
    messages: {
      simulate: streamMessageSchema,
      execute: streamExecuteMessageSchema,
      send: streamSendMessageSchema,
      submit: streamSubmitMessageSchema,
      tips: streamTipsMessageSchema,
      unsubscribe: streamUnsubscribeMessageSchema,
    },
    frames: {
      simulate: streamResultFrameSchema,
      simulation_update: streamWatchUpdateFrameSchema,
      watch_end: streamWatchEndFrameSchema,
      unsubscribe: streamUnsubscribeFrameSchema,
      execute: streamExecuteFrameSchema,
      send: streamSendFrameSchema,
      submit: streamSubmitFrameSchema,
      tips: streamTipsFrameSchema,
      transaction: streamTransactionPushSchema,
      error: streamErrorFrameSchema,
    },
  },
  response: {
    101: { description: 'Switching Protocols: the socket is open.' },
    200: streamDescriptionSchema,
    ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]),
  },
} as const
