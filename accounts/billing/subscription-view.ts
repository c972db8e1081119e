/** The subscription as `GET /api/v1/billing/subscription` and the `subscription.updated` webhook show it (docs/billing.md#subscription). */
import { toIsoTimestamp } from '../db/timestamp.js'
import type { BillingSubscription } from '../contract/index.js'
import type { SubscriptionRow } from './subscription-store.js'

/** The view of the account's subscription row (null: never subscribed) and its card flag. */
export function toSubscriptionView(row: SubscriptionRow | null, cardOnFile: boolean): BillingSubscription {
  if (!row) {
    return {
      status: 'none',
      subscription_id: null,
      plan: null,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      card_on_file: cardOnFile,
    }
  }
  return {
    status: row.status,
    subscription_id: row.subscription_id,
    plan: { model: 'pay_as_you_go', price_id: row.price_id },
    current_period_start: toIsoTimestamp(row.current_period_start),
    current_period_end: toIsoTimestamp(row.current_period_end),
    cancel_at_period_end: row.cancel_at_period_end,
    card_on_file: cardOnFile,
  }
}
