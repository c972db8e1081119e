/**
 * Request counters of API keys, flushed in batches by the edges. Each flush adds to the stored
 * count (never sets it), so any number of edges may flush at once without losing a request.
 */
import { createServiceError } from '../../lib/errors.js'
import type { KeyUsage } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { isUuid } from '../db/uuid.js'

/** Adds `usage` to the keys' counters and moves `last_used_at` forward, in one statement. */
export async function recordKeyUsage(db: Queryable, usage: readonly KeyUsage[]): Promise<void> {
  if (usage.length === 0) return
  for (const { apiKeyId, count, lastUsedAtMs } of usage) {
    if (!isUuid(apiKeyId)) throw createServiceError('validation_error', 'apiKeyId: must be a uuid')
    if (!Number.isSafeInteger(count) || count < 1) throw createServiceError('validation_error', 'count: must be a positive integer')
    if (!Number.isInteger(lastUsedAtMs) || lastUsedAtMs < 0 || lastUsedAtMs > 8.64e15) {
      throw createServiceError('validation_error', 'lastUsedAtMs: must be epoch milliseconds')
    }
  }
  // Rows are locked in id order before they are updated: two batches naming the same keys in a
  // different order would otherwise each hold one row the other waits for (a deadlock). A batch
  // may name a key twice, so the values are summed per key first (UPDATE … FROM applies one).
  await db.query(
    `WITH v AS (
       SELECT id, sum(n)::bigint AS n, max(ts) AS ts
       FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS u (id, n, ts)
       GROUP BY id
     ), locked AS (
       SELECT k.id FROM api_keys k JOIN v ON v.id = k.id ORDER BY k.id FOR UPDATE OF k
     )
     UPDATE api_keys k
     SET requests_count = k.requests_count + v.n, last_used_at = GREATEST(k.last_used_at, v.ts)
     FROM v JOIN locked USING (id)
     WHERE k.id = v.id`,
    [usage.map((u) => u.apiKeyId), usage.map((u) => String(u.count)), usage.map((u) => new Date(u.lastUsedAtMs).toISOString())],
  )
}
