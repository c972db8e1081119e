/**
 * Billing (docs/billing.md): checkout, portal, subscription and usage for the signed-in user (the
 * bearer token only, as SPEC 4.5 has it), and Stripe's webhook, which carries no credential of ours:
 * its Stripe-Signature header is verified by the accounts service against the raw body, so that
 * route reads the body as bytes. Without STRIPE_SECRET_KEY every route answers 503 billing_unavailable.
 */
import type { FastifyInstance } from 'fastify'
import { createServiceError } from '../../lib/errors.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import {
  checkoutBodySchema,
  checkoutResponses,
  portalResponses,
  stripeWebhookResponses,
  subscriptionResponses,
  usageResponses,
} from '../schemas/billing.js'

export const STRIPE_WEBHOOK_PATH = '/api/v1/billing/webhook'

interface CheckoutBody {
  success_url?: string
  cancel_url?: string
}

/** Registers the billing routes. */
export function registerBillingRoutes(app: FastifyInstance, { userService, auth }: EdgeContext): void {
  const bearer = { onRequest: auth.bearer, config: { auth: 'bearer' } } as const
  app.get(
    '/api/v1/billing/usage',
    {
      ...bearer,
      schema: {
        summary: 'Usage in the current billing period, priced',
        description:
          "The current period's calls that are billed (simulations past the daily free allowance, submits with a billable strategy) and what they come to at the published rates.",
        response: usageResponses,
      },
    },
    async (request) => userService.getBillingUsage(getPrincipal(request).userId),
  )
  app.get(
    '/api/v1/billing/subscription',
    {
      ...bearer,
      schema: {
        summary: "The caller's subscription",
        description:
          "Your subscription as Stripe's events left it: status, plan, period, scheduled cancellation, whether a card is on file.",
        response: subscriptionResponses,
      },
    },
    async (request) => userService.getSubscription(getPrincipal(request).userId),
  )
  app.post<{ Body: CheckoutBody }>(
    '/api/v1/billing/checkout',
    {
      ...bearer,
      // The body is optional: none at all is read as `{}`; anything sent must still be the object.
      preValidation: (request, _reply, done) => {
        if (request.body === undefined) request.body = {}
        done()
      },
      schema: {
        summary: 'A Stripe Checkout session to add a card',
        description: 'Creates a Stripe Checkout session in subscription mode and answers its URL; 409 while a subscription runs.',
        body: checkoutBodySchema,
        response: checkoutResponses,
      },
    },
    async (request) =>
      userService.createCheckoutSession(getPrincipal(request).userId, {
        successUrl: request.body.success_url,
        cancelUrl: request.body.cancel_url,
      }),
  )
  app.post(
    '/api/v1/billing/portal',
    {
      ...bearer,
      schema: {
        summary: 'A Stripe customer-portal session',
        description:
          'Creates a Stripe customer-portal session (cards, invoices, cancellation) and answers its URL; 400 before the first checkout.',
        response: portalResponses,
      },
    },
    async (request) => userService.createPortalSession(getPrincipal(request).userId),
  )
  // Its own scope: here a JSON body stays the bytes Stripe signed.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    scope.post<{ Body: Buffer }>(
      STRIPE_WEBHOOK_PATH,
      {
        config: { auth: 'none' },
        schema: {
          summary: "Stripe's webhook (no credential: Stripe's signature is verified)",
          description: 'Point the Stripe webhook endpoint here; it needs the events docs/billing.md lists.',
          response: stripeWebhookResponses,
          // 503 accounts_unavailable (the accounts database down) carries Retry-After; Stripe retries anyway.
          retryAfterStatuses: [503],
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature']
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw createServiceError('invalid_stripe_signature')
        const outcome = await userService.handleStripeWebhook(request.body, signature)
        return { received: true, duplicate: outcome.duplicate }
      },
    )
  })
}
