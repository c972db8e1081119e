/**
 * Hands unresolved tracking records whose lease ran out to one claimer, atomically: the rows are
 * locked FOR UPDATE SKIP LOCKED (a concurrent claimer skips them instead of waiting) and leased in
 * the same statement, so two claimers never get the same record. A row another claimer leased and
 * committed meanwhile is re-checked against the condition when locked, and no longer qualifies.
 */
import type { TransactionTrackingRecord } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { toTrackingRecord, type TrackingRow } from './tracking-row.js'
import { UNRESOLVED_TRACKING_STATUSES } from '../contract/tracking.js'

const UNRESOLVED = UNRESOLVED_TRACKING_STATUSES.map((status) => `'${status}'`).join(', ')

// MATERIALIZED: the locking select runs once, whatever plan the UPDATE gets. The status list and
// the order match the partial index tracked_transactions_unresolved, which serves this scan
// (test/accounts/tracking-claim-index.test.ts reads the plan).
/** The claim: $1 now, $2 the lease's end, $3 the limit. */
export const CLAIM_SQL = `WITH claimable AS MATERIALIZED (
  SELECT user_id, signature FROM tracked_transactions
  WHERE status IN (${UNRESOLVED}) AND (lease_until IS NULL OR lease_until < $1)
  ORDER BY lease_until NULLS FIRST
  LIMIT $3
  FOR UPDATE SKIP LOCKED
)
UPDATE tracked_transactions t SET lease_until = $2
FROM claimable c
WHERE t.user_id = c.user_id AND t.signature = c.signature
RETURNING t.*`

/** Leases up to `limit` records claimable at `now` until `leaseUntil`. */
export async function claimTrackingRecords(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<TransactionTrackingRecord[]> {
  const rows = await db.query<TrackingRow>(CLAIM_SQL, [now, leaseUntil, limit])
  // RETURNING has no order; oldest first reads better and makes answers comparable.
  return rows.map(toTrackingRecord).sort((a, b) => a.createdAtMs - b.createdAtMs || compare(a.signature, b.signature))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
