/** Request and response schemas of the billing routes (docs/billing.md). */
import { MAX_CHECKOUT_URL_LENGTH } from '../../accounts/billing/checkout-urls.js'
import { SUBSCRIPTION_STATUSES } from '../../accounts/billing/subscription-status.js'
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

const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const

export const subscriptionSchema = {
  $id: 'BillingSubscription',
  type: 'object',
  required: ['status', 'subscription_id', 'plan', 'current_period_start', 'current_period_end', 'cancel_at_period_end', 'card_on_file'],
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: SUBSCRIPTION_STATUSES,
      description: 'none: never subscribed (or the first payment is pending); canceled and paused accounts are on the free tier.',
    },
    subscription_id: { type: ['string', 'null'], description: "Stripe's subscription id." },
    plan: {
      type: ['object', 'null'],
      required: ['model', 'price_id'],
      additionalProperties: false,
      properties: { model: { type: 'string', enum: ['pay_as_you_go'] }, price_id: { type: ['string', 'null'] } },
    },
    current_period_start: nullableDateTime,
    current_period_end: nullableDateTime,
    cancel_at_period_end: { type: 'boolean' },
    card_on_file: {
      type: 'boolean',
      description: 'The paid tier is on: 100 req/s (burst 250), and simulations past the free quota are billed instead of refused.',
    },
  },
} as const

const count = { type: 'integer', minimum: 0 } as const
const euros = { type: 'number', minimum: 0 } as const

export const usageSchema = {
  $id: 'BillingUsage',
  type: 'object',
  required: ['period_start', 'period_end', 'currency', 'simulations', 'executes', 'sends', 'submits', 'tips', 'amount_due_eur', 'prices'],
  additionalProperties: false,
  properties: {
    period_start: { type: 'string', format: 'date-time' },
    period_end: { type: 'string', format: 'date-time' },
    currency: { type: 'string', enum: ['EUR'] },
    simulations: {
      type: 'object',
      description: 'Simulate and execute calls (each ran one simulation); free: within each UTC day’s 1,000; billable: past them.',
      required: ['total', 'free', 'billable'],
      additionalProperties: false,
      properties: { total: count, free: count, billable: count },
    },
    executes: count,
    sends: count,
    submits: {
      type: 'object',
      description: 'billable: staked_sender and managed_tip_bundle calls (one per transaction).',
      required: ['total', 'billable'],
      additionalProperties: false,
      properties: { total: count, billable: count },
    },
    tips: {
      type: 'object',
      description: 'Managed relay tips paid for landed submits, passed on at cost; unsettled: submits whose tip may still be paid.',
      required: ['lamports', 'eur', 'unsettled'],
      additionalProperties: false,
      properties: { lamports: { type: 'string', pattern: '^[0-9]+$' }, eur: euros, unsettled: count },
    },
    amount_due_eur: { ...euros, description: 'Billable simulations × 0.002 + billable submits × 0.003 + tips, so far this period.' },
    prices: {
      type: 'object',
      required: ['simulation_eur', 'billable_submit_eur', 'free_simulations_per_day', 'sol_eur'],
      additionalProperties: false,
      properties: { simulation_eur: euros, billable_submit_eur: euros, free_simulations_per_day: count, sol_eur: euros },
    },
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

export const subscriptionResponses = { 200: subscriptionSchema, ...createErrorResponses(BILLING_ERRORS) }
export const usageResponses = { 200: usageSchema, ...createErrorResponses(BILLING_ERRORS) }
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
