/**
 * Tracking records in the user service (accounts' `tracked_transactions`, in-process or over
 * gRPC): they outlive the process, and every engine sharing that service can claim what another
 * left unresolved. The JSON fields come back as JSON; they are what the engine stored.
 */
import type { TransactionTrackingRecord, UserService } from '../../../accounts/contract/index.js'
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { Outcome, Prediction } from '../../contract/transaction-tracking.js'
import type { TrackingRecord, TrackingStore } from './tracking-record.js'

export type TrackingUserService = Pick<
  UserService,
  'trackTransaction' | 'updateTrackedTransaction' | 'getTrackedTransaction' | 'claimUnresolvedTransactions' | 'getManagedTipLamportsSince'
>

function fromStored(record: TransactionTrackingRecord): TrackingRecord {
  return {
    ...record,
    endpoints: [...record.endpoints],
    transactionError: record.transactionError as TransactionErrorJson | null,
    prediction: record.prediction as Prediction | null,
    outcome: record.outcome as Outcome | null,
  }
}

/** A store over `users`. */
export function createUserServiceTrackingStore(users: TrackingUserService): TrackingStore {
  return {
    async create(record, leaseMs) {
      const stored = await users.trackTransaction(record, leaseMs)
      return { record: fromStored(stored.record), created: stored.created }
    },
    update: (userId, signature, patch, leaseMs) => users.updateTrackedTransaction(userId, signature, patch, leaseMs),
    async get(userId, signature) {
      const record = await users.getTrackedTransaction(userId, signature)
      return record ? fromStored(record) : null
    },
    async claimUnresolved(leaseMs, limit) {
      return (await users.claimUnresolvedTransactions(leaseMs, limit)).map(fromStored)
    },
    getManagedTipLamportsSince: (userId, sinceMs) => users.getManagedTipLamportsSince(userId, sinceMs),
  }
}
