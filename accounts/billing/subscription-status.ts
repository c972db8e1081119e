/**
 * The subscription states clients see (docs/billing.md#subscription), from Stripe's, and which of
 * them put a card on file: only a subscription Stripe can charge lifts the rate limit and the quota.
 * SPEC §3: cancelled or paused accounts revert to the free tier; so does one whose payment failed
 * (past_due) until a payment succeeds, so unpaid usage cannot keep growing.
 */
import type { SubscriptionStatus } from '../contract/billing.js'

/** Stripe's `subscription.status` as a client's status. */
export function toSubscriptionStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
    case 'unpaid':
      return 'past_due'
    case 'paused':
      return 'paused'
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled'
    default:
      // incomplete: the first payment has not gone through yet.
      return 'none'
  }
}

/** Whether a subscription in `status` puts the paid tier on. */
export function isCardOnFile(status: SubscriptionStatus): boolean {
  return status === 'active'
}

/**
 * Which state wins when two events carry the same `created` second: a subscription's end is final
 * (Stripe never revives a canceled subscription), then the states that take the paid tier away.
 */
const SAME_SECOND_RANK: Record<SubscriptionStatus, number> = { none: 0, active: 1, past_due: 2, paused: 3, canceled: 4 }

/**
 * Whether an event created at `eventCreated` saying `next` replaces what a stored event created at
 * `storedCreated` said (`stored`): the newer event decides, whatever order they arrive in.
 */
export function supersedes(next: SubscriptionStatus, eventCreated: number, stored: SubscriptionStatus, storedCreated: number): boolean {
  if (stored === 'canceled') return false
  if (eventCreated !== storedCreated) return eventCreated > storedCreated
  return SAME_SECOND_RANK[next] >= SAME_SECOND_RANK[stored]
}

/** Which of a user's subscriptions speaks for the account: the one giving the most, newest first among equals. */
export const ACCOUNT_STATUS_PREFERENCE: readonly SubscriptionStatus[] = ['active', 'past_due', 'paused', 'canceled', 'none']
