/**
 * The tracking of sent transactions (the TransactionTrackingService of contract/user-service.ts): each
 * record is checked (tracking-input.ts), then stored, patched, read or claimed. Every time — the
 * updated_at of a patch, a lease's end, "has this lease run out" — is read from `now`, the service's
 * clock, so tests move it by hand and engines on several hosts are judged by one clock, this service's.
 */
import { createServiceError } from '../../lib/errors.js'
import type { TransactionTrackingService } from '../contract/index.js'
import type { Database } from '../db/database.js'
import { isUuid } from '../db/uuid.js'
import { claimTrackingRecords } from './tracking-claim.js'
import { assertClaimLimit, assertLeaseMs, assertTrackingPatch, assertTrackingRecord, isSignature } from './tracking-input.js'
import { insertTrackingRecord, selectTrackingRecord } from './tracking-insert.js'
import { updateTrackingRecord } from './tracking-update.js'
import { getManagedTipLamportsSince } from './managed-tip-sum.js'
import { isStorableTimeMs } from '../contract/history.js'

export interface TransactionTrackingServiceOptions {
  /** Migrated beforehand. */
  db: Database
  /** Epoch ms: updated_at of a patch, and every lease. */
  now: () => number
}

/** The tracking part of the user service on `db`. */
export function createTransactionTrackingService({ db, now }: TransactionTrackingServiceOptions): TransactionTrackingService {
  /** The end of a lease of `leaseMs` from `nowMs`; 0 releases it (NULL). */
  const toLeaseUntil = (nowMs: number, leaseMs: number) => {
    assertLeaseMs(leaseMs, nowMs)
    return leaseMs === 0 ? null : new Date(nowMs + leaseMs)
  }

  return {
    async trackTransaction(record, leaseMs) {
      assertTrackingRecord(record)
      return insertTrackingRecord(db, record, toLeaseUntil(now(), leaseMs))
    },

    async updateTrackedTransaction(userId, signature, patch, leaseMs) {
      assertTrackingPatch(patch)
      const nowMs = now()
      const leaseUntil = toLeaseUntil(nowMs, leaseMs)
      // An id that is not a uuid, or text that is no signature, names no record: the same 404.
      const found =
        isUuid(userId) &&
        isSignature(signature) &&
        (await updateTrackingRecord(db, { userId, signature }, patch, new Date(nowMs), leaseUntil))
      if (!found) throw createServiceError('not_found', 'No tracking record of this transaction.')
    },

    async getTrackedTransaction(userId, signature) {
      if (!isUuid(userId) || !isSignature(signature)) return null
      return selectTrackingRecord(db, userId, signature)
    },

    async claimUnresolvedTransactions(leaseMs, limit) {
      const nowMs = now()
      // A claim without a lease would leave the record claimable by the next claimer at once.
      if (leaseMs === 0) throw createServiceError('validation_error', 'leaseMs: a claim needs a lease of at least 1 ms')
      const leaseUntil = toLeaseUntil(nowMs, leaseMs) as Date
      assertClaimLimit(limit)
      return claimTrackingRecords(db, new Date(nowMs), leaseUntil, limit)
    },

    async getManagedTipLamportsSince(userId, sinceMs) {
      if (!isStorableTimeMs(sinceMs))
        throw createServiceError('validation_error', 'sinceMs: must be epoch milliseconds from year 1 to 9999')
      // An id that is not a uuid has no records: nothing was tipped for it.
      return isUuid(userId) ? getManagedTipLamportsSince(db, userId, sinceMs) : 0n
    },
  }
}
