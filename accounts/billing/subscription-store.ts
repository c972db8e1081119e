/**
 * `billing_subscriptions`: each subscription as the newest event about it described it, and the
 * account's subscription state drawn from them (the one giving the most; a user may have had
 * several over time). Writes run inside the webhook's transaction, after the user's row is locked.
 */
import type { Queryable } from '../db/database.js'
import { toEpochMs, type DbTimestamp } from '../db/timestamp.js'
import type { SubscriptionObservation } from './stripe-event-observation.js'
import { ACCOUNT_STATUS_PREFERENCE, supersedes } from './subscription-status.js'
import { type SubscriptionStatus } from '../contract/billing.js'

export interface SubscriptionRow {
  subscription_id: string
  user_id: string
  customer_id: string
  status: SubscriptionStatus
  stripe_status: string
  price_id: string | null
  current_period_start: DbTimestamp | null
  current_period_end: DbTimestamp | null
  cancel_at_period_end: boolean
  event_created: string
  created_at: DbTimestamp
}

const COLUMNS =
  'subscription_id, user_id, customer_id, status, stripe_status, price_id, current_period_start, current_period_end, cancel_at_period_end, event_created, created_at'

/** The account's state: the subscription that speaks for it, or null when the user never had one. */
export async function getAccountSubscription(db: Queryable, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM billing_subscriptions WHERE user_id = $1 ORDER BY created_at DESC`, [
    userId,
  ])
  for (const status of ACCOUNT_STATUS_PREFERENCE) {
    const row = rows.find((candidate) => candidate.status === status)
    if (row) return row
  }
  return null
}

function toDate(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms)
}

/**
 * Applies what an event created at `eventCreated` (Stripe's unix seconds) observed, unless a newer
 * event already spoke for the subscription. Answers whether anything was written.
 */
export async function applySubscriptionObservation(
  client: Queryable,
  userId: string,
  observation: SubscriptionObservation,
  eventCreated: number,
  nowMs: number,
): Promise<boolean> {
  const values = [
    observation.subscriptionId,
    userId,
    observation.customerId,
    observation.status,
    observation.stripeStatus,
    observation.priceId,
    toDate(observation.periodStartMs),
    toDate(observation.periodEndMs),
    observation.cancelAtPeriodEnd,
    eventCreated,
    new Date(nowMs),
  ]
  const inserted = await client.query(
    `INSERT INTO billing_subscriptions (subscription_id, user_id, customer_id, status, stripe_status, price_id, current_period_start,
       current_period_end, cancel_at_period_end, event_created, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, false), $10, $11, $11)
     ON CONFLICT (subscription_id) DO NOTHING RETURNING subscription_id`,
    values,
  )
  if (inserted.length > 0) return true
  const [stored] = await client.query<{ status: SubscriptionStatus; event_created: string }>(
    'SELECT status, event_created FROM billing_subscriptions WHERE subscription_id = $1 FOR UPDATE',
    [observation.subscriptionId],
  )
  if (!stored || !supersedes(observation.status, eventCreated, stored.status, Number(stored.event_created))) return false
  // Fields this event does not know (null) keep what an earlier event said.
  await client.query(
    `UPDATE billing_subscriptions SET status = $4, stripe_status = $5, price_id = COALESCE($6, price_id),
       current_period_start = COALESCE($7, current_period_start), current_period_end = COALESCE($8, current_period_end),
       cancel_at_period_end = COALESCE($9, cancel_at_period_end), event_created = $10, updated_at = $11
     WHERE subscription_id = $1 AND user_id = $2 AND customer_id = $3`,
    values,
  )
  return true
}

/** The period of a row in epoch ms, when Stripe told it. */
export function getSubscriptionPeriod(row: SubscriptionRow | null): { startMs: number; endMs: number } | null {
  if (!row?.current_period_start || !row.current_period_end) return null
  return { startMs: toEpochMs(row.current_period_start), endMs: toEpochMs(row.current_period_end) }
}
