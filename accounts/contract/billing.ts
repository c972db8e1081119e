/** Billing through Stripe as clients see it (docs/billing.md): the subscription and the period's usage. */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '../../lib/json-schema.js'

/** The subscription states clients see, from Stripe's (accounts/billing/subscription-status.ts maps them). */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'past_due', 'canceled', 'paused'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** Stripe's own limit on the checkout's return URLs. */
export const MAX_CHECKOUT_URL_LENGTH = 2048

const nullableDateTime = () => Nullable(Type.String({ format: 'date-time' }))
const count = () => Type.Integer({ minimum: 0 })
const euros = (options = {}) => Type.Number({ minimum: 0, ...options })

/** The account's subscription (docs/billing.md#subscription). */
export const billingSubscriptionSchema = Type.Object(
  {
    status: StringEnum(SUBSCRIPTION_STATUSES, {
      description: 'none: never subscribed (or the first payment is pending); canceled and paused accounts are on the free tier.',
    }),
    subscription_id: Nullable(Type.String(), { description: "Stripe's subscription id." }),
    /** The plan subscribed to; null before any subscription. */
    plan: Nullable(
      Type.Object({ model: StringEnum(['pay_as_you_go'] as const), price_id: Nullable(Type.String()) }, { additionalProperties: false }),
    ),
    current_period_start: nullableDateTime(),
    current_period_end: nullableDateTime(),
    cancel_at_period_end: Type.Boolean(),
    card_on_file: Type.Boolean({
      description: 'The paid tier is on: 100 req/s (burst 250), and simulations past the free quota are billed instead of refused.',
    }),
  },
  { $id: 'BillingSubscription', additionalProperties: false },
)
export type BillingSubscription = Static<typeof billingSubscriptionSchema>

/** The current billing period's usage and what it comes to at schedule 1 (docs/billing.md#usage). */
export const billingUsageSchema = Type.Object(
  {
    period_start: Type.String({ format: 'date-time' }),
    period_end: Type.String({ format: 'date-time' }),
    currency: StringEnum(['EUR'] as const),
    simulations: Type.Object(
      { total: count(), free: count(), billable: count() },
      {
        description: 'Simulate and execute calls (each ran one simulation); free: within each UTC day’s 1,000; billable: past them.',
        additionalProperties: false,
      },
    ),
    executes: count(),
    sends: count(),
    submits: Type.Object(
      { total: count(), billable: count() },
      { description: 'billable: staked_sender and managed_tip_bundle calls (one per transaction).', additionalProperties: false },
    ),
    tips: Type.Object(
      { lamports: Type.String({ pattern: '^[0-9]+$' }), eur: euros(), unsettled: count() },
      {
        description: 'Managed relay tips paid for landed submits, passed on at cost; unsettled: submits whose tip may still be paid.',
        additionalProperties: false,
      },
    ),
    amount_due_eur: euros({ description: 'Billable simulations × 0.002 + billable submits × 0.003 + tips, so far this period.' }),
    prices: Type.Object(
      { simulation_eur: euros(), billable_submit_eur: euros(), free_simulations_per_day: count(), sol_eur: euros() },
      { additionalProperties: false },
    ),
  },
  { $id: 'BillingUsage', additionalProperties: false },
)
export type BillingUsage = Static<typeof billingUsageSchema>

export interface CheckoutSession {
  checkout_url: string
  session_id: string
}
