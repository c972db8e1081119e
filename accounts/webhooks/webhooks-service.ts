/**
 * Signed webhooks (the WebhooksService of contract/user-service.ts): endpoints, their secrets, and the
 * outbox of deliveries the worker (webhook-delivery-worker.ts) sends. Every input is checked here
 * whatever the transport; an endpoint or delivery of another user is `not_found`.
 */
import { randomUUID } from 'node:crypto'
import { createServiceError, isServiceError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import type { Database } from '../db/database.js'
import type { JsonValue, WebhooksService } from '../contract/index.js'
import { createWebhookDeliveryStore, toWebhookDelivery, toWebhookPayload } from './webhook-delivery-store.js'
import { createWebhookEndpointStore, toWebhookEndpoint, type WebhookEndpointRow } from './webhook-endpoint-store.js'
import { assertWebhookUrl, type WebhookUrlPolicy } from './webhook-url-policy.js'
import { toWebhookDescription, toWebhookEvents } from './webhook-values.js'
import { WEBHOOK_TEST_EVENT } from '../contract/webhooks.js'

export interface WebhooksServiceOptions {
  /** Migrated beforehand. */
  db: Database
  /** Epoch ms. */
  now: () => number
  urlPolicy: WebhookUrlPolicy
  /** Where a refused URL's reason goes (the user is told little, so registration is no DNS oracle); none: not logged. */
  logger?: Logger
}

/** The webhooks part of the user service on `db`. */
export function createWebhooksService({ db, now, urlPolicy, logger }: WebhooksServiceOptions): WebhooksService {
  const endpoints = createWebhookEndpointStore({ db, now })
  const deliveries = createWebhookDeliveryStore({ db, now })

  /**
   * The user's endpoint, or `not_found`; `webhook_endpoint_disabled` once it is disabled, since the
   * worker sends nothing to a disabled endpoint: a test or redelivery queued to it would stay
   * pending for ever, and count toward its cap of pending deliveries.
   */
  async function getEnabledEndpoint(userId: string, endpointId: string): Promise<WebhookEndpointRow> {
    const endpoint = await endpoints.get(userId, endpointId)
    if (endpoint.disabled_at !== null) throw createServiceError('webhook_endpoint_disabled')
    return endpoint
  }

  /**
   * Queues to the endpoint read enabled just before; if it was disabled or deleted meanwhile,
   * nothing is queued and the answer is the one it would have had (disabled, or `not_found`).
   */
  async function enqueueToEndpoint(userId: string, endpointId: string, eventId: string, type: string, payload: JsonValue) {
    const row = await deliveries.enqueueToEndpoint(endpointId, eventId, type, payload)
    if (row) return row
    await getEnabledEndpoint(userId, endpointId)
    throw createServiceError('webhook_endpoint_disabled')
  }

  return {
    async createWebhookEndpoint(userId, request) {
      // The cheap checks first: a bad event list answers before any DNS lookup.
      const events = toWebhookEvents(request.events)
      const description = toWebhookDescription(request.description)
      try {
        await assertWebhookUrl(request.url, urlPolicy)
      } catch (error) {
        // The user is told little about why; the operator learns it here (the host, never the whole URL).
        if (isServiceError(error, 'validation_error') && error.cause !== undefined)
          logger?.info({ userId, reason: error.cause }, 'webhook URL refused')
        throw error
      }
      return toWebhookEndpoint(await endpoints.create(userId, { url: request.url, events, description }), true)
    },

    listWebhookEndpoints: async (userId) => (await endpoints.list(userId)).map((row) => toWebhookEndpoint(row)),

    deleteWebhookEndpoint: (userId, endpointId) => endpoints.remove(userId, endpointId),

    rotateWebhookSecret: async (userId, endpointId) => toWebhookEndpoint(await endpoints.rotate(userId, endpointId), true),

    async listWebhookDeliveries(userId, endpointId) {
      const endpoint = await endpoints.get(userId, endpointId)
      return (await deliveries.list(endpoint.id)).map(toWebhookDelivery)
    },

    async sendTestWebhook(userId, endpointId) {
      const endpoint = await getEnabledEndpoint(userId, endpointId)
      const eventId = randomUUID()
      const payload = toWebhookPayload(eventId, WEBHOOK_TEST_EVENT, now(), { endpoint_id: endpoint.id })
      return toWebhookDelivery(await enqueueToEndpoint(userId, endpoint.id, eventId, WEBHOOK_TEST_EVENT, payload))
    },

    async redeliverWebhook(userId, endpointId, deliveryId) {
      const endpoint = await getEnabledEndpoint(userId, endpointId)
      const original = await deliveries.get(endpoint.id, deliveryId)
      // The same event (id and body), so a receiver that saw it already can tell it is a repeat.
      return toWebhookDelivery(await enqueueToEndpoint(userId, endpoint.id, original.event_id, original.event_type, original.payload))
    },

    async enqueueWebhookEvent(userId, type, data) {
      await deliveries.enqueueForUser(userId, type, data)
    },
  }
}
