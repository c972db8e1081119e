/**
 * Conversions between the engine's SendResponse (engine/contract/send-response.ts) and its gRPC
 * message. The message mirrors the JSON names; JSON's null is an unset proto3 optional field, and
 * the transaction error travels as its JSON text, as SimulateResponse carries it.
 */
import type { SendResponse as SendResponseMessage } from '../../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SendResponse__Output as SendResponseOutput } from '../../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SendResponse } from '../contract/send-response.js'
import type { SubmitRoute, TrackingStatus } from '../contract/transaction-tracking.js'

/** The gRPC message of a send response. */
export function toSendResponseMessage(response: SendResponse): SendResponseMessage {
  return {
    signature: response.signature,
    route: response.route,
    confirmation: response.confirmation,
    attempts: response.attempts,
    slot: response.slot ?? undefined,
    transaction_error_json: response.transaction_error === null ? undefined : JSON.stringify(response.transaction_error),
    latency_ms: response.latency_ms,
  }
}

/** The send response a gRPC message carries. */
export function fromSendResponseMessage(message: SendResponseOutput): SendResponse {
  return {
    signature: message.signature,
    route: message.route as SubmitRoute,
    confirmation: message.confirmation as TrackingStatus,
    attempts: message.attempts,
    slot: message.slot ?? null,
    transaction_error:
      message.transaction_error_json === undefined
        ? null
        : (JSON.parse(message.transaction_error_json) as SendResponse['transaction_error']),
    latency_ms: message.latency_ms,
  }
}
