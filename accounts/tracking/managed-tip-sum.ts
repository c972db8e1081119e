/**
 * The managed tips a user's tracked transactions carried since a moment: what an engine's tip
 * ledger starts a day from when it has no total of its own (a restart, a Redis that lost the key),
 * so the daily tip cap holds across them. Every record with a managed tip counts, landed or not: the
 * ledger charges a tip when its bundle leaves, before anyone knows whether it lands.
 */
import type { Queryable } from '../db/database.js'

// Read through the primary key's user_id prefix: one user's records.
const SUM_SQL = `SELECT COALESCE(sum(tip_lamports), 0)::text AS lamports FROM tracked_transactions
  WHERE user_id = $1 AND created_at >= $2::timestamptz AND tip_lamports IS NOT NULL`

/** The sum of `userId`'s managed tips recorded at or after `sinceMs`, in lamports. */
export async function getManagedTipLamportsSince(db: Queryable, userId: string, sinceMs: number): Promise<bigint> {
  const rows = await db.query<{ lamports: string }>(SUM_SQL, [userId, new Date(sinceMs).toISOString()])
  return BigInt(rows[0]?.lamports ?? '0')
}
