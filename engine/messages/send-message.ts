/**
 * Conversions between the engine's SendResponse (engine/contract/send-response.ts) and its gRPC
 * message. The message mirrors the JSON names; JSON's null is an unset proto3 optional field, and
 * the transaction error travels as its JSON text, as SimulateResponse carries it.
 */
import { createServiceError } from '../../lib/errors.js'
import type { SendRequest as SendRequestMessage } from '../../proto/gen/preflight/engine/v1/SendRequest.js'
import type { SendRequest__Output as SendRequestOutput } from '../../proto/gen/preflight/engine/v1/SendRequest.js'
import type { SendResponse as SendResponseMessage } from '../../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SendResponse__Output as SendResponseOutput } from '../../proto/gen/preflight/engine/v1/SendResponse.js'
import { SEND_LIMITS, type SendOptions, type SendResponse } from '../contract/send-response.js'
import type { SubmitRoute, TrackingStatus } from '../contract/transaction-tracking.js'

/** The gRPC request of a send (max_retries unset, not 0, when not given: the engine's default applies). */
export function toSendRequestMessage(transaction: Uint8Array, options: SendOptions): SendRequestMessage {
  return {
    transaction,
    tenant_id: options.tenantId ?? '',
    card_on_file: options.cardOnFile ?? false,
    use_relay: options.useRelay ?? false,
    wait_confirmation: options.waitConfirmation ?? false,
    ...(options.maxRetries === undefined ? {} : { max_retries: options.maxRetries }),
  }
}

/** The send options of a gRPC request, the limits checked here as REST's schema checks them; throws `invalid_transaction` for no bytes, `validation_error` past the limits. */
export function toSendOptions(request: SendRequestOutput): SendOptions {
  if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
  const maxRetries = request.max_retries
  if (maxRetries !== undefined && maxRetries > SEND_LIMITS.maxRetries) {
    throw createServiceError('validation_error', `max_retries: must be <= ${SEND_LIMITS.maxRetries}`)
  }
  return {
    useRelay: request.use_relay,
    waitConfirmation: request.wait_confirmation,
    // Unset is the default (3); 0 is no fail-over, which proto3 `optional` keeps apart.
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
    ...(request.card_on_file ? { cardOnFile: true } : {}),
  }
}

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
