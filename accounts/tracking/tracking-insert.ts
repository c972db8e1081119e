/**
 * Stores a tracking record unless its user already tracks the signature. Idempotent under
 * concurrency: ON CONFLICT DO NOTHING waits for a concurrent insert of the same key to commit and
 * then inserts nothing, so exactly one caller creates the record and every other one reads it.
 */
import type { TransactionTrackingRecord } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { toJsonText } from './tracking-input.js'
import { toTrackingRecord, TRACKING_COLUMNS, type TrackingRow } from './tracking-row.js'

const INSERT_SQL = `INSERT INTO tracked_transactions (user_id, signature, kind, status, route, attempts, endpoints,
  wire_transaction, last_valid_block_height, landed_slot, transaction_error, prediction, outcome, created_at, updated_at, lease_until,
  strategy, relay_bundle_id, tip_lamports, drop_reason)
VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14, $15, $16, $17, $18, $19::bigint, $20)
ON CONFLICT (user_id, signature) DO NOTHING
RETURNING ${TRACKING_COLUMNS}`

const SELECT_SQL = `SELECT ${TRACKING_COLUMNS} FROM tracked_transactions WHERE user_id = $1 AND signature = $2`

/**
 * Inserts `record` (validated beforehand) leased until `leaseUntil`, or returns the stored one.
 * The existing row is read by a second statement: the first one's snapshot predates the
 * concurrent insert it waited for, so it could not see that row.
 */
export async function insertTrackingRecord(
  db: Queryable,
  record: TransactionTrackingRecord,
  leaseUntil: Date | null,
): Promise<{ record: TransactionTrackingRecord; created: boolean }> {
  const wire = record.wireTransaction
  const [inserted] = await db.query<TrackingRow>(INSERT_SQL, [
    record.userId,
    record.signature,
    record.kind,
    record.status,
    record.route,
    record.attempts,
    record.endpoints,
    Buffer.from(wire.buffer, wire.byteOffset, wire.byteLength),
    record.lastValidBlockHeight,
    record.landedSlot,
    toJsonText(record.transactionError, 'transactionError'),
    toJsonText(record.prediction, 'prediction'),
    toJsonText(record.outcome, 'outcome'),
    new Date(record.createdAtMs),
    new Date(record.updatedAtMs),
    leaseUntil,
    record.strategy,
    record.relayBundleId,
    // pg binds a bigint as its decimal text: exact.
    record.tipLamports,
    record.dropReason,
  ])
  if (inserted) return { record: toTrackingRecord(inserted), created: true }
  const [existing] = await db.query<TrackingRow>(SELECT_SQL, [record.userId, record.signature])
  // Rows are never deleted, so the conflicting row is there once its insert committed.
  if (!existing) throw new Error('a tracking record conflicted on insert but cannot be read')
  return { record: toTrackingRecord(existing), created: false }
}

/** The user's record of `signature`, or null. */
export async function selectTrackingRecord(db: Queryable, userId: string, signature: string): Promise<TransactionTrackingRecord | null> {
  const [row] = await db.query<TrackingRow>(SELECT_SQL, [userId, signature])
  return row ? toTrackingRecord(row) : null
}
