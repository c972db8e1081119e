/**
 * One message of the WebSocket stream: REST's simulate body plus the `id` its answer echoes. The
 * schema is REST's, so both doors take the same fields and limits; errors name the field as REST's
 * do (edge/validation-message.ts).
 */
import { simulateRequestSchema, type SimulateRequest } from '../../engine/contract/simulate-request.js'

/** A client's correlation id: a string of at most 128 characters, or an integer JSON and every client decode exactly. */
export type StreamMessageId = string | number

export interface StreamMessage extends SimulateRequest {
  id: StreamMessageId
}

export const MAX_MESSAGE_ID_LENGTH = 128

// if/then/else rather than a union type (ajv's strict mode warns on those) or anyOf (whose first
// error would say "must be string" for a bad integer). Beyond 2^53 a JSON client's number is no
// longer the one it sent, so the echo could not match it.
const idSchema = {
  if: { type: 'string' },
  then: { type: 'string', maxLength: MAX_MESSAGE_ID_LENGTH },
  else: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
} as const

export const streamMessageSchema = {
  ...simulateRequestSchema,
  required: ['id', ...simulateRequestSchema.required],
  properties: { id: idSchema, ...simulateRequestSchema.properties },
} as const

/** The message's id if it is a valid one (to echo on an error), else null. */
export function getStreamMessageId(message: unknown): StreamMessageId | null {
  if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'id')) return null
  const id = (message as { id: unknown }).id
  if (typeof id === 'string') return id.length <= MAX_MESSAGE_ID_LENGTH ? id : null
  return Number.isSafeInteger(id) ? (id as number) : null
}
