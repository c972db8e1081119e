/**
 * The caller's webhook endpoints and their deliveries (docs/webhooks.md). Either credential; an
 * endpoint or delivery of another user is 404, a malformed id included. The schema bounds the body;
 * the user service checks the URL against the SSRF policy (its DNS answer) and the limits.
 */
import type { FastifyInstance } from 'fastify'
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '../../accounts/contract/webhooks.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import {
  createWebhookResponses,
  deleteWebhookResponses,
  listWebhookDeliveriesResponses,
  listWebhooksResponses,
  rotateWebhookSecretResponses,
  webhookDeliveryResponses,
} from '../schemas/webhooks.js'

export const WEBHOOKS_PATH = '/api/v1/webhooks'

export const createWebhookBodySchema = {
  type: 'object',
  required: ['url', 'events'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH },
    events: { type: 'array', minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length * 2, items: { type: 'string', enum: WEBHOOK_EVENT_TYPES } },
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH },
  },
} as const

const endpointParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const
const deliveryParamsSchema = {
  type: 'object',
  required: ['id', 'delivery_id'],
  properties: { id: { type: 'string' }, delivery_id: { type: 'string' } },
} as const

interface CreateBody {
  url: string
  events: string[]
  description?: string
}

/** Registers the webhook routes. */
export function registerWebhookRoutes(app: FastifyInstance, { userService, auth }: EdgeContext): void {
  const either = { onRequest: auth.either, config: { auth: 'either' } } as const
  app.get(
    WEBHOOKS_PATH,
    {
      ...either,
      schema: {
        summary: 'Your webhook endpoints',
        description: 'Your webhook endpoints with their events and state, without their signing secrets.',
        response: listWebhooksResponses,
      },
    },
    async (request) => ({
      endpoints: await userService.listWebhookEndpoints(getPrincipal(request).userId),
    }),
  )
  app.post<{ Body: CreateBody }>(
    WEBHOOKS_PATH,
    {
      ...either,
      schema: {
        summary: 'Register a webhook endpoint',
        description: 'The answer carries the signing secret, shown this once.',
        body: createWebhookBodySchema,
        response: createWebhookResponses,
      },
    },
    async (request) => userService.createWebhookEndpoint(getPrincipal(request).userId, request.body),
  )
  app.delete<{ Params: { id: string } }>(
    `${WEBHOOKS_PATH}/:id`,
    {
      ...either,
      schema: {
        summary: 'Delete a webhook endpoint',
        description: 'Deletes one of your webhook endpoints; deliveries still pending for it are dropped.',
        params: endpointParamsSchema,
        response: deleteWebhookResponses,
      },
    },
    async (request) => {
      await userService.deleteWebhookEndpoint(getPrincipal(request).userId, request.params.id)
      return { id: request.params.id, deleted: true }
    },
  )
  app.post<{ Params: { id: string } }>(
    `${WEBHOOKS_PATH}/:id/rotate-secret`,
    {
      ...either,
      schema: {
        summary: "Rotate a webhook endpoint's signing secret",
        description: 'The new secret is shown this once; the previous one also signs for 24 h.',
        params: endpointParamsSchema,
        response: rotateWebhookSecretResponses,
      },
    },
    async (request) => userService.rotateWebhookSecret(getPrincipal(request).userId, request.params.id),
  )
  app.get<{ Params: { id: string } }>(
    `${WEBHOOKS_PATH}/:id/deliveries`,
    {
      ...either,
      schema: {
        summary: "A webhook endpoint's latest deliveries",
        description:
          'The latest 100 deliveries to one of your endpoints, newest first: status, attempts, response code, latency and last error.',
        params: endpointParamsSchema,
        response: listWebhookDeliveriesResponses,
      },
    },
    async (request) => ({ deliveries: await userService.listWebhookDeliveries(getPrincipal(request).userId, request.params.id) }),
  )
  app.post<{ Params: { id: string } }>(
    `${WEBHOOKS_PATH}/:id/test`,
    {
      ...either,
      schema: {
        summary: 'Send a webhook.test event',
        description:
          'Queues a `webhook.test` event to the endpoint, whatever events it subscribes to, and answers the delivery; 409 on a disabled endpoint.',
        params: endpointParamsSchema,
        response: webhookDeliveryResponses,
      },
    },
    async (request) => userService.sendTestWebhook(getPrincipal(request).userId, request.params.id),
  )
  app.post<{ Params: { id: string; delivery_id: string } }>(
    `${WEBHOOKS_PATH}/:id/deliveries/:delivery_id/redeliver`,
    {
      ...either,
      schema: {
        summary: "Send a delivery's event again",
        description: 'A new delivery of the same event (same payload id).',
        params: deliveryParamsSchema,
        response: webhookDeliveryResponses,
      },
    },
    async (request) => userService.redeliverWebhook(getPrincipal(request).userId, request.params.id, request.params.delivery_id),
  )
}
