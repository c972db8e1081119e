/** Response schemas of the webhook routes (docs/webhooks.md). */
import { WEBHOOK_EVENT_TYPES } from '../../accounts/webhooks/webhook-values.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const endpointProperties = {
  id: { type: 'string', format: 'uuid' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENT_TYPES } },
  description: { type: ['string', 'null'] },
  disabled_at: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'Set once deliveries failed for 24 h; nothing is sent since.',
  },
  disabled_reason: { type: ['string', 'null'] },
  created_at: { type: 'string', format: 'date-time' },
} as const

const endpointRequired = ['id', 'url', 'events', 'description', 'disabled_at', 'disabled_reason', 'created_at'] as const

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = {
  $id: 'WebhookEndpoint',
  type: 'object',
  required: endpointRequired,
  additionalProperties: false,
  properties: endpointProperties,
} as const

/** An endpoint as create and rotate-secret answer it: with the signing secret, shown this once. */
export const issuedWebhookEndpointSchema = {
  $id: 'IssuedWebhookEndpoint',
  type: 'object',
  required: [...endpointRequired, 'secret'],
  additionalProperties: false,
  properties: {
    ...endpointProperties,
    secret: { type: 'string', pattern: '^whsec_', description: 'The signing secret (docs/webhooks.md#verifying); shown only here.' },
  },
} as const

export const webhookDeliverySchema = {
  $id: 'WebhookDelivery',
  type: 'object',
  required: [
    'id',
    'event_id',
    'event_type',
    'status',
    'attempts',
    'next_attempt_at',
    'last_response_code',
    'last_latency_ms',
    'last_error',
    'created_at',
    'delivered_at',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    event_id: { type: 'string', format: 'uuid', description: 'The `id` of the payload: the same for a redelivery.' },
    event_type: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer', minimum: 0 },
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    last_response_code: { type: ['integer', 'null'] },
    last_latency_ms: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    delivered_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const

const endpointListSchema = {
  type: 'object',
  required: ['endpoints'],
  additionalProperties: false,
  properties: { endpoints: { type: 'array', items: webhookEndpointSchema } },
} as const

const deliveryListSchema = {
  type: 'object',
  required: ['deliveries'],
  additionalProperties: false,
  properties: { deliveries: { type: 'array', items: webhookDeliverySchema } },
} as const

const deletedSchema = {
  type: 'object',
  required: ['id', 'deleted'],
  additionalProperties: false,
  properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true } },
} as const

export const listWebhooksResponses = { 200: endpointListSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
/** 422 also for a URL the SSRF policy refuses (docs/webhooks.md#which-urls) and past 10 endpoints. */
export const createWebhookResponses = {
  200: issuedWebhookEndpointSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS]),
}
export const deleteWebhookResponses = { 200: deletedSchema, ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]) }
export const rotateWebhookSecretResponses = {
  200: issuedWebhookEndpointSchema,
  ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]),
}
export const listWebhookDeliveriesResponses = {
  200: deliveryListSchema,
  ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]),
}
/** test and redeliver: 409 webhook_endpoint_disabled on a disabled endpoint. */
export const webhookDeliveryResponses = {
  200: webhookDeliverySchema,
  ...createErrorResponses([...CALLER_ERRORS, 404, 409, ...SERVER_ERRORS]),
}
