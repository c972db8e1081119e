/** Billing (bearer token only): usage, the subscription, Stripe checkout and portal links (docs/billing.md). */
import type { BillingSubscription, BillingUsage, CheckoutRequest, CheckoutResponse, PortalResponse } from '../api-types.js'
import type { HttpClient, RequestOptions } from '../http/http-client.js'

export interface BillingResource {
  usage(options?: RequestOptions): Promise<BillingUsage>
  subscription(options?: RequestOptions): Promise<BillingSubscription>
  checkout(request?: CheckoutRequest, options?: RequestOptions): Promise<CheckoutResponse>
  portal(options?: RequestOptions): Promise<PortalResponse>
}

export function createBillingResource(http: HttpClient): BillingResource {
  return {
    usage: (options) => http.request({ method: 'GET', path: '/api/v1/billing/usage', auth: 'bearer', idempotent: true, ...options }),
    subscription: (options) =>
      http.request({ method: 'GET', path: '/api/v1/billing/subscription', auth: 'bearer', idempotent: true, ...options }),
    checkout: (request, options) =>
      http.request({
        method: 'POST',
        path: '/api/v1/billing/checkout',
        auth: 'bearer',
        idempotent: false,
        body: request ?? {},
        ...options,
      }),
    portal: (options) => http.request({ method: 'POST', path: '/api/v1/billing/portal', auth: 'bearer', idempotent: false, ...options }),
  }
}
