/** Signed webhooks (docs/webhooks.md): the events, the limits, an endpoint and a delivery as clients see them. */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '../../lib/json-schema.js'

/** Every event a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'simulation.blocked',
  'execute.submitted',
  'execute.blocked',
  'transaction.landed',
  'transaction.failed',
  'transaction.expired',
  'quota.exceeded',
  'subscription.updated',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** The event `POST /api/v1/webhooks/{id}/test` sends; every endpoint receives it, subscribed or not. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** The most live endpoints one user may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10
export const MAX_WEBHOOK_URL_LENGTH = 2048
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 256

/** The statuses of a delivery in the outbox. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

const endpointProperties = {
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENT_TYPES)),
  description: Nullable(Type.String()),
  disabled_at: Nullable(Type.String({ format: 'date-time' }), {
    description: 'Set once deliveries failed for 24 h; nothing is sent since.',
  }),
  disabled_reason: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
}

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = Type.Object(endpointProperties, { $id: 'WebhookEndpoint', additionalProperties: false })

/** An endpoint as create and rotate-secret answer it: with the signing secret, shown this once. */
export const issuedWebhookEndpointSchema = Type.Object(
  {
    ...endpointProperties,
    secret: Type.String({ pattern: '^whsec_', description: 'The signing secret (docs/webhooks.md#verifying); shown only here.' }),
  },
  { $id: 'IssuedWebhookEndpoint', additionalProperties: false },
)

/**
 * A webhook endpoint as the service answers it; `secret` only in the answers of create and
 * rotate-secret. `events` are text: an endpoint stored before an event was retired keeps it.
 */
export type WebhookEndpoint = Omit<Static<typeof webhookEndpointSchema>, 'events'> & { events: string[]; secret?: string }

/** One delivery of one event to one endpoint. */
export const webhookDeliverySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event_id: Type.String({ format: 'uuid', description: 'The `id` of the payload: the same for a redelivery.' }),
    event_type: Type.String(),
    status: StringEnum(WEBHOOK_DELIVERY_STATUSES),
    attempts: Type.Integer({ minimum: 0 }),
    /** When it is tried next; null once it succeeded or failed for good. */
    next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    last_response_code: Nullable(Type.Integer({ minimum: 0 })),
    last_latency_ms: Nullable(Type.Integer({ minimum: 0 })),
    last_error: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'WebhookDelivery', additionalProperties: false },
)
export type WebhookDelivery = Static<typeof webhookDeliverySchema>

export interface CreateWebhookEndpointRequest {
  url: string
  events: readonly string[]
  description?: string | null
}
