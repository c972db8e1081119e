/** Request and response schemas of the billing routes (docs/billing.md). */
import { billingSubscriptionSchema, billingUsageSchema, MAX_CHECKOUT_URL_LENGTH } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** An optional body: where the payment page sends the user back. */
export const checkoutBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    success_url: { type: 'string', format: 'uri', maxLength: MAX_CHECKOUT_URL_LENGTH },
    cancel_url: { type: 'string', format: 'uri', maxLength: MAX_CHECKOUT_URL_LENGTH },
  },
} as const

export const checkoutSchema = {
  type: 'object',
  required: ['checkout_url', 'session_id'],
  additionalProperties: false,
  properties: { checkout_url: { type: 'string', format: 'uri' }, session_id: { type: 'string' } },
} as const

export const portalSchema = {
  type: 'object',
  required: ['portal_url'],
  additionalProperties: false,
  properties: { portal_url: { type: 'string', format: 'uri' } },
} as const

// 502: Stripe refused the request (payment_provider_error); 503 also without STRIPE_SECRET_KEY (billing_unavailable).
const BILLING_ERRORS = [...CALLER_ERRORS, ...SERVER_ERRORS, 502] as const

export const subscriptionResponses = { 200: billingSubscriptionSchema, ...createErrorResponses(BILLING_ERRORS) }
export const usageResponses = { 200: billingUsageSchema, ...createErrorResponses(BILLING_ERRORS) }
/** checkout: its optional body is validated first; 409 while a subscription is active. */
export const checkoutResponses = { 200: checkoutSchema, ...createErrorResponses([...BODY_ERRORS, 409, ...BILLING_ERRORS]) }
/** portal takes no body, but one sent is still parsed; 400 also before a checkout made a customer (no_billing_customer). */
export const portalResponses = { 200: portalSchema, ...createErrorResponses([400, 413, 415, ...BILLING_ERRORS]) }
/** Stripe's webhook: 400 for a bad signature (invalid_stripe_signature). */
export const stripeWebhookResponses = {
  200: {
    type: 'object',
    required: ['received', 'duplicate'],
    additionalProperties: false,
    properties: {
      received: { type: 'boolean', enum: [true] },
      duplicate: { type: 'boolean', description: 'The event was processed before.' },
    },
  },
  ...createErrorResponses([400, 413, 415, ...SERVER_ERRORS, 502]),
}
