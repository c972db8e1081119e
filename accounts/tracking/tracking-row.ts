/**
 * A `tracked_transactions` row as `pg` hands it over, and the record it is. bigint columns come
 * back as strings and bytea as a Buffer (pg's default parsers, which the store keeps).
 */
import type { JsonValue, TransactionTrackingRecord } from '../contract/index.js'
import type { DbTimestamp } from '../db/timestamp.js'
import { toEpochMs } from '../db/timestamp.js'
import type { SubmitRoute, SubmitStrategyName, TrackingKind, TrackingStatus } from '../contract/tracking.js'

export interface TrackingRow {
  user_id: string
  signature: string
  kind: TrackingKind
  status: TrackingStatus
  route: SubmitRoute
  attempts: number
  endpoints: string[]
  wire_transaction: Buffer
  last_valid_block_height: string | null
  landed_slot: string | null
  transaction_error: JsonValue
  prediction: JsonValue
  outcome: JsonValue
  strategy: SubmitStrategyName | null
  relay_bundle_id: string | null
  tip_lamports: string | null
  drop_reason: string | null
  created_at: DbTimestamp
  updated_at: DbTimestamp
}

/** The columns a record is read from (lease_until stays inside the store). */
export const TRACKING_COLUMNS = `user_id, signature, kind, status, route, attempts, endpoints, wire_transaction,
  last_valid_block_height, landed_slot, transaction_error, prediction, outcome, strategy, relay_bundle_id, tip_lamports,
  drop_reason, created_at, updated_at`

/** The record a row holds. */
export function toTrackingRecord(row: TrackingRow): TransactionTrackingRecord {
  return {
    userId: row.user_id,
    signature: row.signature,
    kind: row.kind,
    status: row.status,
    route: row.route,
    attempts: row.attempts,
    endpoints: row.endpoints,
    // A plain Uint8Array: the same type over both transports, and no view into pg's buffers.
    wireTransaction: new Uint8Array(row.wire_transaction),
    lastValidBlockHeight: toSafeNumber(row.last_valid_block_height),
    landedSlot: toSafeNumber(row.landed_slot),
    transactionError: row.transaction_error,
    prediction: row.prediction,
    outcome: row.outcome,
    strategy: row.strategy,
    relayBundleId: row.relay_bundle_id,
    // Exact: a bigint column may exceed 2^53, so it is never read through a number.
    tipLamports: row.tip_lamports === null ? null : BigInt(row.tip_lamports),
    dropReason: row.drop_reason,
    createdAtMs: toEpochMs(row.created_at),
    updatedAtMs: toEpochMs(row.updated_at),
  }
}

/** A bigint column as a number; only safe integers are ever written (tracking-input.ts). */
function toSafeNumber(value: string | null): number | null {
  return value === null ? null : Number(value)
}
