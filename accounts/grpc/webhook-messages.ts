/**
 * Conversions between the webhooks part of the UserService interface and its gRPC messages
 * (proto/accounts.proto), used by the server and the client alike so the two agree.
 */
import type { WebhookDelivery as WebhookDeliveryMessage } from '../../proto/gen/preflight/accounts/v1/WebhookDelivery.js'
import type { WebhookDelivery__Output as WebhookDeliveryOutput } from '../../proto/gen/preflight/accounts/v1/WebhookDelivery.js'
import type { WebhookEndpoint as WebhookEndpointMessage } from '../../proto/gen/preflight/accounts/v1/WebhookEndpoint.js'
import type { WebhookEndpoint__Output as WebhookEndpointOutput } from '../../proto/gen/preflight/accounts/v1/WebhookEndpoint.js'
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '../contract/index.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

export function toWebhookEndpointMessage(endpoint: WebhookEndpoint): WebhookEndpointMessage {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: toOptionalField(endpoint.description),
    disabled_at: toOptionalField(endpoint.disabled_at),
    disabled_reason: toOptionalField(endpoint.disabled_reason),
    created_at: endpoint.created_at,
    secret: endpoint.secret,
  }
}

export function fromWebhookEndpointMessage(message: WebhookEndpointOutput): WebhookEndpoint {
  return {
    id: message.id,
    url: message.url,
    events: message.events,
    description: fromOptionalField(message.description),
    disabled_at: fromOptionalField(message.disabled_at),
    disabled_reason: fromOptionalField(message.disabled_reason),
    created_at: message.created_at,
    ...(message.secret === undefined || message.secret === null ? {} : { secret: message.secret }),
  }
}

export function toWebhookDeliveryMessage(delivery: WebhookDelivery): WebhookDeliveryMessage {
  return {
    ...delivery,
    next_attempt_at: toOptionalField(delivery.next_attempt_at),
    last_response_code: toOptionalField(delivery.last_response_code),
    last_latency_ms: toOptionalField(delivery.last_latency_ms),
    last_error: toOptionalField(delivery.last_error),
    delivered_at: toOptionalField(delivery.delivered_at),
  }
}

export function fromWebhookDeliveryMessage(message: WebhookDeliveryOutput): WebhookDelivery {
  return {
    id: message.id,
    event_id: message.event_id,
    event_type: message.event_type,
    status: message.status as WebhookDeliveryStatus,
    attempts: message.attempts,
    next_attempt_at: fromOptionalField(message.next_attempt_at),
    last_response_code: fromOptionalField(message.last_response_code),
    last_latency_ms: fromOptionalField(message.last_latency_ms),
    last_error: fromOptionalField(message.last_error),
    created_at: message.created_at,
    delivered_at: fromOptionalField(message.delivered_at),
  }
}
