/**
 * One message of the WebSocket stream: REST's body of the call it asks for plus the `id` its answer
 * echoes, and a `type` naming the call — `execute`, `send`, `submit` or `tips` (REST's GET, no
 * body); none (or `simulate`) is a simulate, as every message was before execute and send. A
 * simulate may ask to be watched (`watch: true`); `unsubscribe` ends a watch. The
 * schemas are REST's, so both doors take the same fields and limits; errors name the field as
 * REST's do (edge/validation-message.ts).
 */
import { simulateRequestSchema, type SimulateRequest } from '../../engine/contract/simulate-request.js'
import {
  executeBodySchema,
  sendBodySchema,
  submitBodySchema,
  type ExecuteBody,
  type SendBody,
  type SubmitBody,
} from '../schemas/transactions.js'

/** A client's correlation id: a string of at most 128 characters, or an integer JSON and every client decode exactly. */
export type StreamMessageId = string | number

export const STREAM_MESSAGE_TYPES = ['simulate', 'execute', 'send', 'submit', 'tips', 'unsubscribe'] as const
export type StreamMessageType = (typeof STREAM_MESSAGE_TYPES)[number]

/** A simulate: the simulate body; `type` may be left out. `watch: true` watches it (docs/api.md#watching-a-simulation). */
export interface SimulateStreamMessage extends SimulateRequest {
  id: StreamMessageId
  type?: 'simulate'
  watch?: boolean
}

/** Ends one of the socket's watches: `subscription` is the id its simulate's answer carried. */
export interface UnsubscribeStreamMessage {
  id: StreamMessageId
  type: 'unsubscribe'
  subscription: string
}

export interface ExecuteStreamMessage extends ExecuteBody {
  id: StreamMessageId
  type: 'execute'
}

export interface SendStreamMessage extends SendBody {
  id: StreamMessageId
  type: 'send'
}

export interface SubmitStreamMessage extends SubmitBody {
  id: StreamMessageId
  type: 'submit'
}

/** The tip floor: nothing but the id and the type. */
export interface TipsStreamMessage {
  id: StreamMessageId
  type: 'tips'
}

export type StreamMessage =
  SimulateStreamMessage | ExecuteStreamMessage | SendStreamMessage | SubmitStreamMessage | TipsStreamMessage | UnsubscribeStreamMessage

export const MAX_MESSAGE_ID_LENGTH = 128

// if/then/else rather than a union type (ajv's strict mode warns on those) or anyOf (whose first
// error would say "must be string" for a bad integer). Beyond 2^53 a JSON client's number is no
// longer the one it sent, so the echo could not match it.
const idSchema = {
  if: { type: 'string' },
  then: { type: 'string', maxLength: MAX_MESSAGE_ID_LENGTH },
  else: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
} as const

/** A simulate message (the stream's first and default kind); `watch: true` watches it. */
export const streamMessageSchema = {
  ...simulateRequestSchema,
  required: ['id', ...simulateRequestSchema.required],
  properties: {
    id: idSchema,
    type: { type: 'string', enum: ['simulate'] },
    watch: { type: 'boolean', description: 'Simulate again when an account it read changes, and push the answers that differ.' },
    ...simulateRequestSchema.properties,
  },
} as const

/** The id of a watch, as the answer that started it carried it (`w_` and 24 hex digits). */
export const subscriptionIdSchema = { type: 'string', pattern: '^w_[0-9a-f]{24}$' } as const

/** `{id, type: 'unsubscribe', subscription}`. */
export const streamUnsubscribeMessageSchema = {
  type: 'object',
  required: ['id', 'type', 'subscription'],
  additionalProperties: false,
  properties: { id: idSchema, type: { type: 'string', enum: ['unsubscribe'] }, subscription: subscriptionIdSchema },
} as const

/** `{id, type: 'execute', transaction, policy?, wait_confirmation?}`. */
export const streamExecuteMessageSchema = {
  ...executeBodySchema,
  required: ['id', 'type', ...executeBodySchema.required],
  properties: { id: idSchema, type: { type: 'string', enum: ['execute'] }, ...executeBodySchema.properties },
} as const

/** `{id, type: 'send', transaction, use_relay?, wait_confirmation?, max_retries?}`. */
export const streamSendMessageSchema = {
  ...sendBodySchema,
  required: ['id', 'type', ...sendBodySchema.required],
  properties: { id: idSchema, type: { type: 'string', enum: ['send'] }, ...sendBodySchema.properties },
} as const

/** `{id, type: 'submit', transaction, strategy, tip_lamports?, wait_confirmation?, deadline_ms?}`. */
export const streamSubmitMessageSchema = {
  ...submitBodySchema,
  required: ['id', 'type', ...submitBodySchema.required],
  properties: { id: idSchema, type: { type: 'string', enum: ['submit'] }, ...submitBodySchema.properties },
} as const

/** `{id, type: 'tips'}`. */
export const streamTipsMessageSchema = {
  type: 'object',
  required: ['id', 'type'],
  additionalProperties: false,
  properties: { id: idSchema, type: { type: 'string', enum: ['tips'] } },
} as const

/** The message's id if it is a valid one (to echo on an error), else null. */
export function getStreamMessageId(message: unknown): StreamMessageId | null {
  if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'id')) return null
  const id = (message as { id: unknown }).id
  if (typeof id === 'string') return id.length <= MAX_MESSAGE_ID_LENGTH ? id : null
  return Number.isSafeInteger(id) ? (id as number) : null
}

/**
 * Which call a decoded message asks for: `simulate` without a `type` (or for a value that is not an
 * object, which the simulate schema then refuses), null for a `type` the stream does not know.
 */
export function getStreamMessageType(message: unknown): StreamMessageType | null {
  if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'type')) return 'simulate'
  const type = (message as { type: unknown }).type
  return STREAM_MESSAGE_TYPES.find((known) => known === type) ?? null
}
