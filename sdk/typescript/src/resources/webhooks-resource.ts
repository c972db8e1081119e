/** Webhook endpoints and their deliveries (docs/webhooks.md). Verify deliveries with verifyWebhookSignature. */
import type { CreateWebhookRequest, IssuedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '../api-types.js'
import type { HttpClient, RequestOptions } from '../http/http-client.js'

export interface WebhooksResource {
  list(options?: RequestOptions): Promise<WebhookEndpoint[]>
  /** The answer carries the signing `secret`, shown this once. */
  create(request: CreateWebhookRequest, options?: RequestOptions): Promise<IssuedWebhookEndpoint>
  delete(id: string, options?: RequestOptions): Promise<{ id: string; deleted: true }>
  rotateSecret(id: string, options?: RequestOptions): Promise<IssuedWebhookEndpoint>
  deliveries(id: string, options?: RequestOptions): Promise<WebhookDelivery[]>
  /** Queues a webhook.test event. */
  test(id: string, options?: RequestOptions): Promise<WebhookDelivery>
  redeliver(id: string, deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery>
}

export function createWebhooksResource(http: HttpClient): WebhooksResource {
  const path = (id: string) => `/api/v1/webhooks/${encodeURIComponent(id)}`
  return {
    list: async (options) =>
      (
        await http.request<{ endpoints: WebhookEndpoint[] }>({
          method: 'GET',
          path: '/api/v1/webhooks',
          auth: 'either',
          idempotent: true,
          ...options,
        })
      ).endpoints,
    create: (request, options) =>
      http.request({ method: 'POST', path: '/api/v1/webhooks', auth: 'either', idempotent: false, body: request, ...options }),
    delete: (id, options) => http.request({ method: 'DELETE', path: path(id), auth: 'either', idempotent: false, ...options }),
    rotateSecret: (id, options) =>
      http.request({ method: 'POST', path: `${path(id)}/rotate-secret`, auth: 'either', idempotent: false, ...options }),
    deliveries: async (id, options) =>
      (
        await http.request<{ deliveries: WebhookDelivery[] }>({
          method: 'GET',
          path: `${path(id)}/deliveries`,
          auth: 'either',
          idempotent: true,
          ...options,
        })
      ).deliveries,
    test: (id, options) => http.request({ method: 'POST', path: `${path(id)}/test`, auth: 'either', idempotent: false, ...options }),
    redeliver: (id, deliveryId, options) =>
      http.request({
        method: 'POST',
        path: `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        auth: 'either',
        idempotent: false,
        ...options,
      }),
  }
}
