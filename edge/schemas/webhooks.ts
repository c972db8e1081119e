/** Response schemas of the webhook routes (docs/webhooks.md). */
import { issuedWebhookEndpointSchema, webhookDeliverySchema, webhookEndpointSchema } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

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
