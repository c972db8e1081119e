/**
 * What every Stripe event is applied by, checked before anything is stored: its id (stored, so a
 * redelivery is ignored), its type, its object, and its `created`, which orders the events about one
 * subscription (subscription-store.ts). `created` is bounded: Unix seconds, an integer, not before
 * 2010 and at most a day ahead of this service's clock. Stripe signs an event when it sends it, so
 * a real one is never newer than the signature (5 minutes' tolerance); a day leaves room for any
 * clock, while an event from further ahead would outrank every real event about its subscription
 * until then.
 */
import type Stripe from 'stripe'
import { createInvalidStripeEventError, getOptionalObject, getStripeId, MIN_STRIPE_UNIX_SECONDS } from './stripe-event-fields.js'

/** How far past this service's clock an event's `created` may be. */
export const MAX_CREATED_AHEAD_SECONDS = 86_400

/** invalid_stripe_event unless `event` has a Stripe id, a type, a `created` in range and a data object. */
export function assertStripeEventEnvelope(event: unknown, nowMs: number): asserts event is Stripe.Event {
  const fields = getOptionalObject(event, 'the event')
  if (fields === null) throw createInvalidStripeEventError('the event', 'an object')
  getStripeId(fields.id, 'id')
  getStripeId(fields.type, 'type')
  const created = fields.created
  const latest = Math.floor(nowMs / 1000) + MAX_CREATED_AHEAD_SECONDS
  if (!Number.isSafeInteger(created) || (created as number) < MIN_STRIPE_UNIX_SECONDS || (created as number) > latest) {
    throw createInvalidStripeEventError('created', 'unix seconds, an integer from 2010 to a day from now')
  }
  const data = getOptionalObject(fields.data, 'data')
  if (getOptionalObject(data?.object, 'data.object') === null) throw createInvalidStripeEventError('data.object', 'an object')
}
