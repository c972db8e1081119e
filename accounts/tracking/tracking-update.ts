/**
 * Applies a patch to one tracking record: only the columns the patch gives are written (their names
 * come from the constant map below, never from the caller), with updated_at and the lease always.
 */
import type { TransactionTrackingPatch } from '../contract/index.js'
import type { Queryable, QueryValue } from '../db/database.js'
import { toJsonText } from './tracking-input.js'

type PatchField = keyof Required<TransactionTrackingPatch>

/** Each patchable field's column, and how its value is bound. */
const COLUMNS: Record<PatchField, { column: string; cast: string; toValue: (value: never) => QueryValue }> = {
  status: { column: 'status', cast: '', toValue: (value: string) => value },
  attempts: { column: 'attempts', cast: '', toValue: (value: number) => value },
  endpoints: { column: 'endpoints', cast: '::text[]', toValue: (value: string[]) => value },
  landedSlot: { column: 'landed_slot', cast: '', toValue: (value: number | null) => value },
  lastValidBlockHeight: { column: 'last_valid_block_height', cast: '', toValue: (value: number | null) => value },
  transactionError: { column: 'transaction_error', cast: '::jsonb', toValue: (value) => toJsonText(value, 'transactionError') },
  outcome: { column: 'outcome', cast: '::jsonb', toValue: (value) => toJsonText(value, 'outcome') },
  dropReason: { column: 'drop_reason', cast: '', toValue: (value: string | null) => value },
  route: { column: 'route', cast: '', toValue: (value: string) => value },
  relayBundleId: { column: 'relay_bundle_id', cast: '', toValue: (value: string | null) => value },
  tipLamports: { column: 'tip_lamports', cast: '::bigint', toValue: (value: bigint | null) => (value === null ? null : value.toString()) },
}

/**
 * The webhook event a status change causes (docs/webhooks.md#events), queued to the user's
 * subscribed endpoints in the statement that makes the change: landed on the first move to
 * confirmed or finalized, failed and expired on the move to them. The status before the change is
 * read under the row lock (FOR UPDATE, in the UPDATE's FROM), so two racing updates see each other
 * and a change queues its event once. The event id is derived
 * from the record and its new status: the same on every endpoint, and stable.
 */
const QUEUE_STATUS_EVENT_SQL = `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at)
  SELECT gen_random_uuid(), e.id, v.event_id, v.type,
    jsonb_build_object(
      'id', v.event_id, 'type', v.type,
      'created_at', to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object(
        'signature', v.signature, 'kind', v.kind, 'status', v.status, 'landed_slot', v.landed_slot,
        'transaction_error', v.transaction_error, 'prediction', v.prediction, 'outcome', v.outcome
      )
    ),
    'pending', v.updated_at, v.updated_at
  FROM (
    SELECT u.*, md5(u.user_id::text || u.signature || u.status)::uuid AS event_id, CASE
      WHEN u.status IN ('confirmed', 'finalized') AND u.previous_status NOT IN ('confirmed', 'finalized') THEN 'transaction.landed'
      WHEN u.status = 'failed' AND u.previous_status <> 'failed' THEN 'transaction.failed'
      WHEN u.status = 'expired' AND u.previous_status <> 'expired' THEN 'transaction.expired'
    END AS type
    FROM updated u
  ) v
  JOIN webhook_endpoints e ON e.user_id = v.user_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL AND v.type = ANY (e.events)
  WHERE v.type IS NOT NULL`

/** Writes `patch` (validated beforehand) to the record; false when the user has no record of `signature`. */
export async function updateTrackingRecord(
  db: Queryable,
  key: { userId: string; signature: string },
  patch: TransactionTrackingPatch,
  updatedAt: Date,
  leaseUntil: Date | null,
): Promise<boolean> {
  const values: QueryValue[] = [key.userId, key.signature, updatedAt, leaseUntil]
  const assignments = ['updated_at = $3', 'lease_until = $4']
  for (const field of Object.keys(COLUMNS) as PatchField[]) {
    const value = patch[field]
    if (value === undefined) continue
    const { column, cast, toValue } = COLUMNS[field]
    assignments.push(`${column} = $${values.push(toValue(value as never))}${cast}`)
  }
  const rows = await db.query<{ updated: number }>(
    `WITH updated AS (
       UPDATE tracked_transactions SET ${assignments.join(', ')}
       FROM (SELECT status AS previous_status FROM tracked_transactions WHERE user_id = $1 AND signature = $2 FOR UPDATE) previous
       WHERE user_id = $1 AND signature = $2
       RETURNING user_id, signature, kind, status, previous_status, landed_slot, transaction_error, prediction, outcome, updated_at
     ), queued AS (
       ${QUEUE_STATUS_EVENT_SQL}
     )
     SELECT 1 AS updated FROM updated`,
    values,
  )
  return rows.length > 0
}
