/**
 * What a user's submits in a time window come to, for billing: how many calls were billable (one
 * history record per user and signature, so a transaction posted twice counts once) and the managed
 * tips the service's tip wallet paid for them, passed on at cost. A tip is paid only when its
 * transaction landed: its tracking record is final at finalized or failed (landed with an error, the
 * fee and the tip paid). Dropped and expired ones paid nothing. Those still unresolved (or with no
 * tracking record) are counted apart, so a bill is drawn once none is left in its window.
 */
import { createServiceError } from '../../lib/errors.js'
import type { SubmitUsage } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { isStorableTimeMs } from '../contract/history.js'
import { assertUserId } from './history-user-id.js'
import { fromSqlNumber } from './sql-number.js'

// Read through simulations_user_recent (user_id, created_at): one user's range, then one tracking
// lookup by primary key per submit. The window is the call's time, as history records it.
const USAGE_SQL = `SELECT
  count(*) FILTER (WHERE s.billable) AS billable_submits,
  COALESCE(sum(t.tip_lamports) FILTER (WHERE t.status IN ('finalized', 'failed')), 0)::text AS managed_tip_lamports,
  count(*) FILTER (WHERE s.tip_lamports IS NOT NULL AND (t.status IS NULL OR t.status IN ('pending', 'processed', 'confirmed')))
    AS unsettled_tips
FROM simulations s
LEFT JOIN tracked_transactions t ON t.user_id = s.user_id AND t.signature = s.signature
WHERE s.user_id = $1 AND s.kind = 'submit' AND s.created_at >= $2::timestamptz AND s.created_at < $3::timestamptz`

interface UsageRow {
  billable_submits: string
  managed_tip_lamports: string
  unsettled_tips: string
}

/** `userId`'s submit usage for calls made at or after `sinceMs` and before `untilMs`. */
export async function getSubmitUsage(db: Queryable, userId: string, sinceMs: number, untilMs: number): Promise<SubmitUsage> {
  assertUserId(userId)
  for (const [field, value] of [
    ['sinceMs', sinceMs],
    ['untilMs', untilMs],
  ] as const) {
    if (!isStorableTimeMs(value)) throw createServiceError('validation_error', `${field}: must be epoch milliseconds from year 1 to 9999`)
  }
  if (untilMs < sinceMs) throw createServiceError('validation_error', 'untilMs: must not be before sinceMs')
  const [row] = await db.query<UsageRow>(USAGE_SQL, [userId, new Date(sinceMs).toISOString(), new Date(untilMs).toISOString()])
  return {
    billableSubmits: fromSqlNumber(row?.billable_submits),
    managedTipLamports: BigInt(row?.managed_tip_lamports ?? '0'),
    unsettledTips: fromSqlNumber(row?.unsettled_tips),
  }
}
