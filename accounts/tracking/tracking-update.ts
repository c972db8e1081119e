/**
 * Applies a patch to one tracking record: only the columns the patch gives are written (their names
 * come from the constant map below, never from the caller), with updated_at and the lease always.
 */
import type { TransactionTrackingPatch } from '../user-service.js'
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
  const rows = await db.query(
    `UPDATE tracked_transactions SET ${assignments.join(', ')} WHERE user_id = $1 AND signature = $2 RETURNING 1 AS updated`,
    values,
  )
  return rows.length > 0
}
