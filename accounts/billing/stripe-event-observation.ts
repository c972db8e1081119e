/**
 * What a Stripe event says about a subscription, read off the event's own object: its state, price
 * and period. The event's `created` orders what is applied (subscription-store.ts), so events may
 * arrive in any order. Events that say nothing about a subscription observe nothing.
 *
 * Stripe's API moved fields between versions: `current_period_*` from the subscription to its items
 * (2025-03-31), an invoice's subscription from `invoice.subscription` to
 * `invoice.parent.subscription_details.subscription`. Both places are read.
 */
import type Stripe from 'stripe'
import { toSubscriptionStatus, type SubscriptionStatus } from './subscription-status.js'

/** The events billing acts on (docs/billing.md#stripe-webhook lists them for the dashboard). */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.payment_failed',
] as const

export interface SubscriptionObservation {
  subscriptionId: string
  customerId: string
  status: SubscriptionStatus
  /** Stripe's own word for it (trialing, unpaid, …), kept for operators. */
  stripeStatus: string
  /** Unknown to this event (null): what is stored stays. */
  priceId: string | null
  periodStartMs: number | null
  periodEndMs: number | null
  cancelAtPeriodEnd: boolean | null
  /** The user the checkout or subscription was made for (our metadata), when the event carries it. */
  userIdHint: string | null
}

type Expandable = string | { id: string } | null | undefined

function toId(value: Expandable): string | null {
  if (typeof value === 'string') return value
  return value && typeof value.id === 'string' ? value.id : null
}

function toMs(unixSeconds: unknown): number | null {
  return typeof unixSeconds === 'number' && Number.isFinite(unixSeconds) ? unixSeconds * 1000 : null
}

function fromSubscription(subscription: Stripe.Subscription): SubscriptionObservation | null {
  const customerId = toId(subscription.customer)
  if (!customerId) return null
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & Record<string, unknown>) | undefined
  const legacy = subscription as unknown as Record<string, unknown>
  return {
    subscriptionId: subscription.id,
    customerId,
    status: toSubscriptionStatus(subscription.status),
    stripeStatus: subscription.status,
    priceId: item?.price?.id ?? null,
    periodStartMs: toMs(item?.current_period_start ?? legacy.current_period_start),
    periodEndMs: toMs(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: typeof subscription.cancel_at_period_end === 'boolean' ? subscription.cancel_at_period_end : null,
    userIdHint: subscription.metadata?.user_id ?? null,
  }
}

function fromCheckoutSession(session: Stripe.Checkout.Session): SubscriptionObservation | null {
  const subscriptionId = toId(session.subscription)
  const customerId = toId(session.customer)
  if (session.mode !== 'subscription' || !subscriptionId || !customerId) return null
  // A payment method that settles later (a bank debit) leaves the session unpaid: not active yet.
  const paid = session.payment_status !== 'unpaid'
  return {
    subscriptionId,
    customerId,
    status: paid ? 'active' : 'none',
    stripeStatus: paid ? 'active' : 'incomplete',
    priceId: null,
    periodStartMs: null,
    periodEndMs: null,
    cancelAtPeriodEnd: null,
    userIdHint: session.client_reference_id ?? session.metadata?.user_id ?? null,
  }
}

function fromFailedInvoice(invoice: Stripe.Invoice): SubscriptionObservation | null {
  const legacy = invoice as unknown as { subscription?: Expandable }
  const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: Expandable } } }).parent
  const subscriptionId = toId(parent?.subscription_details?.subscription) ?? toId(legacy.subscription)
  const customerId = toId(invoice.customer)
  if (!subscriptionId || !customerId) return null
  return {
    subscriptionId,
    customerId,
    status: 'past_due',
    stripeStatus: 'past_due',
    priceId: null,
    periodStartMs: null,
    periodEndMs: null,
    cancelAtPeriodEnd: null,
    userIdHint: null,
  }
}

/** What `event` observes of a subscription, or null when it is not about one. */
export function toSubscriptionObservation(event: Stripe.Event): SubscriptionObservation | null {
  const object = event.data.object as unknown
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckoutSession(object as Stripe.Checkout.Session)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return fromSubscription(object as Stripe.Subscription)
    case 'invoice.payment_failed':
      return fromFailedInvoice(object as Stripe.Invoice)
    default:
      return null
  }
}
