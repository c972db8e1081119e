/**
 * What happens on Stripe's side after the API calls: a customer pays at Checkout, a subscription
 * changes, ends, pauses or fails to renew. Each helper changes the store and returns the Stripe
 * event objects Stripe would send; the test signs and posts them to the app's webhook route.
 * Stripe does not promise the order of events, so tests may deliver them in any order.
 */
import { createId, nowSeconds, addOneMonth, type StandInEvent, type StandInStore, type StandInSubscription } from './objects.js'

export interface EventOptions {
  /** The event's `created` (unix seconds); now when absent. */
  created?: number
}

export interface SubscriptionChange {
  subscription: StandInSubscription
  events: StandInEvent[]
}

/** Builds an event around a snapshot of `object`, as Stripe freezes the object at the event's time. */
export function createEvent(
  apiVersion: string,
  type: string,
  object: unknown,
  created: number,
  previousAttributes?: Record<string, unknown>,
): StandInEvent {
  return {
    id: createId('evt_'),
    object: 'event',
    type,
    api_version: apiVersion,
    created,
    data: previousAttributes
      ? { object: structuredClone(object), previous_attributes: previousAttributes }
      : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  }
}

function requireSubscription(store: StandInStore, id: string): StandInSubscription {
  const subscription = store.subscriptions.get(id)
  if (!subscription) throw new Error(`stripe stand-in: no subscription ${id}`)
  return subscription
}

/** Shallow-merges `patch`; the period fields follow onto the item, where newer API versions read them. */
function applyPatch(subscription: StandInSubscription, patch: Partial<StandInSubscription>): Record<string, unknown> {
  const previous: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(patch)) {
    previous[key] = structuredClone(subscription[key])
    subscription[key] = value
  }
  const item = subscription.items.data[0]
  if (item && patch.current_period_start !== undefined) item.current_period_start = patch.current_period_start
  if (item && patch.current_period_end !== undefined) item.current_period_end = patch.current_period_end
  return previous
}

/** The customer paid: the session completes and an active monthly subscription starts. */
export function completeCheckout(store: StandInStore, apiVersion: string, sessionId: string, options: EventOptions = {}) {
  const session = store.checkoutSessions.get(sessionId)
  const request = store.checkoutRequests.get(sessionId)
  if (!session || !request) throw new Error(`stripe stand-in: no checkout session ${sessionId}`)
  if (session.status !== 'open') throw new Error(`stripe stand-in: checkout session ${sessionId} is ${session.status}`)
  if (!session.customer) throw new Error(`stripe stand-in: checkout session ${sessionId} has no customer`)
  const created = options.created ?? nowSeconds()
  const periodEnd = addOneMonth(created)
  const id = createId('sub_')
  const subscription: StandInSubscription = {
    id,
    object: 'subscription',
    status: 'active',
    customer: session.customer,
    items: {
      object: 'list',
      data: [
        {
          id: createId('si_'),
          object: 'subscription_item',
          price: { id: request.price, object: 'price' },
          quantity: request.quantity,
          subscription: id,
          created,
          current_period_start: created,
          current_period_end: periodEnd,
          metadata: {},
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    metadata: { ...request.subscriptionMetadata },
    created,
    start_date: created,
    billing_cycle_anchor: created,
    current_period_start: created,
    current_period_end: periodEnd,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    latest_invoice: null,
    livemode: false,
  }
  store.subscriptions.set(id, subscription)
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id, url: null })
  const events = [
    createEvent(apiVersion, 'checkout.session.completed', session, created),
    createEvent(apiVersion, 'customer.subscription.created', subscription, created),
  ]
  return { session, subscription, events }
}

/** Any change made in the Dashboard or the portal: `customer.subscription.updated` with previous_attributes. */
export function updateSubscription(
  store: StandInStore,
  apiVersion: string,
  id: string,
  patch: Partial<StandInSubscription>,
  options: EventOptions = {},
): SubscriptionChange {
  const subscription = requireSubscription(store, id)
  const previous = applyPatch(subscription, patch)
  return {
    subscription,
    events: [createEvent(apiVersion, 'customer.subscription.updated', subscription, options.created ?? nowSeconds(), previous)],
  }
}

/** The subscription ends now: `customer.subscription.deleted`, status canceled. */
export function deleteSubscription(store: StandInStore, apiVersion: string, id: string, options: EventOptions = {}): SubscriptionChange {
  const subscription = requireSubscription(store, id)
  const created = options.created ?? nowSeconds()
  applyPatch(subscription, { status: 'canceled', canceled_at: created, ended_at: created })
  return { subscription, events: [createEvent(apiVersion, 'customer.subscription.deleted', subscription, created)] }
}

/** Collection pauses (e.g. a trial ends without a payment method): `customer.subscription.paused`. */
export function pauseSubscription(store: StandInStore, apiVersion: string, id: string, options: EventOptions = {}): SubscriptionChange {
  const subscription = requireSubscription(store, id)
  applyPatch(subscription, { status: 'paused' })
  return { subscription, events: [createEvent(apiVersion, 'customer.subscription.paused', subscription, options.created ?? nowSeconds())] }
}

/**
 * A renewal charge fails: `invoice.payment_failed`, then the subscription goes `past_due`
 * (`customer.subscription.updated`). The invoice names its subscription both at `subscription`
 * (older API versions) and at `parent.subscription_details.subscription` (newer ones, and v23's types).
 */
export function failInvoicePayment(store: StandInStore, apiVersion: string, id: string, options: EventOptions = {}) {
  const subscription = requireSubscription(store, id)
  const created = options.created ?? nowSeconds()
  const item = subscription.items.data[0]
  const invoice = {
    id: createId('in_'),
    object: 'invoice' as const,
    customer: subscription.customer,
    subscription: subscription.id,
    parent: {
      type: 'subscription_details' as const,
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    status: 'open' as const,
    billing_reason: 'subscription_cycle' as const,
    attempt_count: 1,
    attempted: true,
    amount_due: 0,
    amount_paid: 0,
    currency: 'usd',
    period_start: item?.current_period_start ?? subscription.current_period_start,
    period_end: item?.current_period_end ?? subscription.current_period_end,
    next_payment_attempt: created + 3 * 24 * 3600,
    created,
    livemode: false as const,
  }
  const previous = applyPatch(subscription, { status: 'past_due', latest_invoice: invoice.id })
  const events = [
    createEvent(apiVersion, 'invoice.payment_failed', invoice, created),
    createEvent(apiVersion, 'customer.subscription.updated', subscription, created, previous),
  ]
  return { invoice, subscription, events }
}
