/**
 * Stripe's webhook, applied: the signature verified with the SDK's `webhooks.constructEvent`
 * (a bad one changes nothing), the event's shape checked (a malformed one changes nothing either:
 * invalid_stripe_event), then in one transaction the event id stored (a redelivered event is
 * acknowledged and ignored), the subscription updated unless a newer event already spoke for it,
 * the user's card on file set from the account's state, and a `subscription.updated` webhook queued
 * when the account's status, card or scheduled cancel changed. The caller announces the card change once it is committed, so every
 * edge moves the user to the new rate limit at once.
 */
import Stripe from 'stripe'
import { createServiceError } from '../../lib/errors.js'
import type { Database, Queryable } from '../db/database.js'
import { isUuid } from '../db/uuid.js'
import { createWebhookDeliveryStore } from '../webhooks/webhook-delivery-store.js'
import { getCustomerUserId } from './billing-customers.js'
import { assertStripeEventEnvelope } from './stripe-event-envelope.js'
import { toSubscriptionObservation, type SubscriptionObservation } from './stripe-event-observation.js'
import { isCardOnFile } from './subscription-status.js'
import { applySubscriptionObservation, getAccountSubscription } from './subscription-store.js'
import { toSubscriptionView } from './subscription-view.js'

export interface StripeWebhookOutcome {
  /** Stripe's event id. */
  eventId: string
  /** The event was processed before: nothing changed now. */
  duplicate: boolean
  /** The user whose card on file changed, when it did (the caller invalidates their cached principal). */
  cardChangedForUserId: string | null
}

/** The event `payload` is, when `signatureHeader` signs it with `secret`; invalid_stripe_signature otherwise. */
export function verifyStripeEvent(stripe: Stripe, payload: Buffer, signatureHeader: string, secret: string): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(payload, signatureHeader, secret)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw createServiceError('invalid_stripe_signature', undefined, error)
    }
    // A body that verifies but is no JSON object cannot come from Stripe either.
    throw createServiceError('invalid_stripe_signature', 'The body is not a Stripe event.', error)
  }
}

/** The user the observed subscription belongs to: the customer's owner, else our metadata's user when it exists. */
async function resolveUserId(client: Queryable, observation: SubscriptionObservation): Promise<string | null> {
  const owner = await getCustomerUserId(client, observation.customerId)
  if (owner) return owner
  const hint = observation.userIdHint
  if (!isUuid(hint)) return null
  const [row] = await client.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [hint])
  return row?.id ?? null
}

/**
 * Applies a verified `event`, once. A malformed one (its envelope or the fields it is applied by)
 * is invalid_stripe_event before anything is read or stored: Stripe gets a 400, not a 500.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event, nowMs: number): Promise<StripeWebhookOutcome> {
  assertStripeEventEnvelope(event, nowMs)
  const observation = toSubscriptionObservation(event)
  return db.transaction(async (client) => {
    const stored = await client.query(
      'INSERT INTO billing_stripe_events (event_id, type, created, processed_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id',
      [event.id, event.type, event.created, new Date(nowMs)],
    )
    const outcome: StripeWebhookOutcome = { eventId: event.id, duplicate: stored.length === 0, cardChangedForUserId: null }
    if (outcome.duplicate) return outcome
    if (!observation) return outcome
    const userId = await resolveUserId(client, observation)
    if (!userId) return outcome
    // One event per user at a time: the card flag below is computed from every subscription of the user.
    const [user] = await client.query<{ card_on_file: boolean }>('SELECT card_on_file FROM users WHERE id = $1 FOR UPDATE', [userId])
    if (!user) return outcome
    const before = await getAccountSubscription(client, userId)
    if (!(await applySubscriptionObservation(client, userId, observation, event.created, nowMs))) return outcome
    const after = await getAccountSubscription(client, userId)
    const hasCard = after !== null && isCardOnFile(after.status)
    if (hasCard !== user.card_on_file) {
      await client.query('UPDATE users SET card_on_file = $2 WHERE id = $1', [userId, hasCard])
      outcome.cardChangedForUserId = userId
    }
    // What a user acts on: the state, the paid tier, a cancel scheduled or withdrawn (not the facts
    // Stripe fills in over a checkout's events, nor a period renewing).
    const viewBefore = toSubscriptionView(before, user.card_on_file)
    const viewAfter = toSubscriptionView(after, hasCard)
    if (
      viewAfter.status !== viewBefore.status ||
      viewAfter.card_on_file !== viewBefore.card_on_file ||
      viewAfter.cancel_at_period_end !== viewBefore.cancel_at_period_end
    ) {
      await createWebhookDeliveryStore({ db: client, now: () => nowMs }).enqueueForUser(userId, 'subscription.updated', { ...viewAfter })
    }
    return outcome
  })
}
