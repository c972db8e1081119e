/**
 * A tracking record as it is stored (accounts' `tracked_transactions`, or memory when the engine
 * runs without a user service): the user service's record, and the store's contract. Internal and
 * camelCase; the API shape is TrackedTransaction (engine/contract/transaction-tracking.ts), built
 * by toTrackedTransaction.
 */
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { TransactionTrackingPatch, TransactionTrackingRecord } from '../../../accounts/contract/index.js'
import type { Outcome, Prediction, TrackedTransaction } from '../../contract/transaction-tracking.js'

/** The record's JSON fields as the engine writes and reads them. */
export interface TrackingJsonFields {
  transactionError: TransactionErrorJson | null
  prediction: Prediction | null
  outcome: Outcome | null
}

/** The user service's tracking record (accounts/contract/tracking.ts), its JSON fields typed. */
export type TrackingRecord = TransactionTrackingRecord<TrackingJsonFields>

/** What an update may change. */
export type TrackingPatch = TransactionTrackingPatch<TrackingJsonFields>

/**
 * Where tracking records live. A record is keyed by (userId, signature): the same signed
 * transaction posted twice by one user is one record. Unresolved records carry a lease, so that
 * after a crash another engine (or the restarted one) claims and resolves them, and two engines
 * never resolve the same one at once.
 */
export interface TrackingStore {
  /** Stores `record` leased for `leaseMs`; when the user already tracks the signature, returns theirs unchanged (created: false). */
  create(record: TrackingRecord, leaseMs: number): Promise<{ record: TrackingRecord; created: boolean }>
  /** Applies `patch` (updatedAtMs set to now) and extends the lease by `leaseMs` (0: releases it, for a final status). */
  update(userId: string, signature: string, patch: TrackingPatch, leaseMs: number): Promise<void>
  /** The user's record, or null (another user's included). */
  get(userId: string, signature: string): Promise<TrackingRecord | null>
  /** Up to `limit` unresolved records whose lease has run out, now leased for `leaseMs` to the caller. */
  claimUnresolved(leaseMs: number, limit: number): Promise<TrackingRecord[]>
  /** The managed tips of the user's records created at or after `sinceMs` (a day's tip cap, after a restart). */
  getManagedTipLamportsSince(userId: string, sinceMs: number): Promise<bigint>
}

/** The API shape of a record. */
export function toTrackedTransaction(record: TrackingRecord): TrackedTransaction {
  return {
    signature: record.signature,
    kind: record.kind,
    status: record.status,
    route: record.route,
    attempts: record.attempts,
    endpoints: [...record.endpoints],
    landed_slot: record.landedSlot,
    transaction_error: record.transactionError,
    prediction: record.prediction,
    outcome: record.outcome,
    strategy: record.strategy,
    relay_bundle_id: record.relayBundleId,
    tip_lamports: record.tipLamports === null ? null : record.tipLamports.toString(),
    drop_reason: record.dropReason,
    created_at: new Date(record.createdAtMs).toISOString(),
    updated_at: new Date(record.updatedAtMs).toISOString(),
  }
}
