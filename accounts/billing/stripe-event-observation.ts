/**
 * What a Stripe event says about a subscription, read off the event's own object: its state, price
 * and period. The event's `created` orders what is applied (subscription-store.ts), so events may
 * arrive in any order. Events that say nothing about a subscription observe nothing.
 *
 * Stripe's API moved fields between versions: `current_period_*` from the subscription to its items
 * (2025-03-31), an invoice's subscription from `invoice.subscription` to
 * `invoice.parent.subscription_details.subscription`. Both places are read. A field read here that
 * is missing or ill-typed refuses the event (stripe-event-fields.ts): applied, it would store a
 * subscription without an id, or a period no date can hold.
 */
import type Stripe from 'stripe'
import {
  createInvalidStripeEventError,
  getExpandableId,
  getOptionalBoolean,
  getOptionalExpandableId,
  getOptionalObject,
  getOptionalUnixMs,
  getStripeId,
  getString,
} from './stripe-event-fields.js'
import { toSubscriptionStatus } from './subscription-status.js'
import { type SubscriptionStatus } from '../contract/billing.js'

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

const OBJECT = 'data.object'

function fromSubscription(subscription: Record<string, unknown>): SubscriptionObservation {
  const status = getString(subscription.status, `${OBJECT}.status`, true)
  const items = getOptionalObject(subscription.items, `${OBJECT}.items`)
  const itemList: unknown = items?.data
  if (items !== null && !Array.isArray(itemList)) throw createInvalidStripeEventError(`${OBJECT}.items.data`, 'a list')
  const item = getOptionalObject(Array.isArray(itemList) ? itemList[0] : undefined, `${OBJECT}.items.data[0]`)
  const price = getOptionalObject(item?.price, `${OBJECT}.items.data[0].price`)
  const metadata = getOptionalObject(subscription.metadata, `${OBJECT}.metadata`)
  // Since API version 2025-03-31 the period is the item's; before, the subscription's.
  const periodField = (name: string) =>
    item?.[name] !== undefined && item[name] !== null
      ? getOptionalUnixMs(item[name], `${OBJECT}.items.data[0].${name}`)
      : getOptionalUnixMs(subscription[name], `${OBJECT}.${name}`)
  return {
    subscriptionId: getStripeId(subscription.id, `${OBJECT}.id`),
    customerId: getExpandableId(subscription.customer, `${OBJECT}.customer`),
    status: toSubscriptionStatus(status),
    stripeStatus: status,
    priceId: price === null ? null : getStripeId(price.id, `${OBJECT}.items.data[0].price.id`),
    periodStartMs: periodField('current_period_start'),
    periodEndMs: periodField('current_period_end'),
    cancelAtPeriodEnd: getOptionalBoolean(subscription.cancel_at_period_end, `${OBJECT}.cancel_at_period_end`),
    userIdHint: getString(metadata?.user_id, `${OBJECT}.metadata.user_id`, false),
  }
}

function fromCheckoutSession(session: Record<string, unknown>): SubscriptionObservation | null {
  // A one-off payment or a saved card: no subscription to observe.
  if (getString(session.mode, `${OBJECT}.mode`, true) !== 'subscription') return null
  const paymentStatus = getString(session.payment_status, `${OBJECT}.payment_status`, false)
  const metadata = getOptionalObject(session.metadata, `${OBJECT}.metadata`)
  // A payment method that settles later (a bank debit) leaves the session unpaid: not active yet.
  const paid = paymentStatus !== 'unpaid'
  return {
    subscriptionId: getExpandableId(session.subscription, `${OBJECT}.subscription`),
    customerId: getExpandableId(session.customer, `${OBJECT}.customer`),
    status: paid ? 'active' : 'none',
    stripeStatus: paid ? 'active' : 'incomplete',
    priceId: null,
    periodStartMs: null,
    periodEndMs: null,
    cancelAtPeriodEnd: null,
    userIdHint:
      getString(session.client_reference_id, `${OBJECT}.client_reference_id`, false) ??
      getString(metadata?.user_id, `${OBJECT}.metadata.user_id`, false),
  }
}

function fromFailedInvoice(invoice: Record<string, unknown>): SubscriptionObservation | null {
  const parent = getOptionalObject(invoice.parent, `${OBJECT}.parent`)
  const details = getOptionalObject(parent?.subscription_details, `${OBJECT}.parent.subscription_details`)
  const subscriptionId =
    getOptionalExpandableId(details?.subscription, `${OBJECT}.parent.subscription_details.subscription`) ??
    getOptionalExpandableId(invoice.subscription, `${OBJECT}.subscription`)
  // An invoice of no subscription (a one-off): nothing to observe.
  if (subscriptionId === null) return null
  return {
    subscriptionId,
    customerId: getExpandableId(invoice.customer, `${OBJECT}.customer`),
    status: 'past_due',
    stripeStatus: 'past_due',
    priceId: null,
    periodStartMs: null,
    periodEndMs: null,
    cancelAtPeriodEnd: null,
    userIdHint: null,
  }
}

/**
 * What `event` (its envelope checked: stripe-event-envelope.ts) observes of a subscription, or null
 * when it is not about one; invalid_stripe_event when a field it reads is missing or ill-typed.
 */
export function toSubscriptionObservation(event: Stripe.Event): SubscriptionObservation | null {
  const object = event.data.object as unknown as Record<string, unknown>
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckoutSession(object)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return fromSubscription(object)
    case 'invoice.payment_failed':
      return fromFailedInvoice(object)
    default:
      return null
  }
}
