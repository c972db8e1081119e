/**
 * Tracking records in this process's memory: for an engine without a user service (a test, a
 * standalone engine). They last as long as the process; with a user service they are kept in its
 * database instead and survive a restart (docs/architecture.md#tracking).
 */
import { createServiceError } from '../../../lib/errors.js'
import { FINAL_TRACKING_STATUSES } from '../../contract/transaction-tracking.js'
import type { TrackingRecord, TrackingStore } from './tracking-record.js'

/** Records beyond this many are dropped oldest first, resolved ones only: memory stays bounded. */
const MAX_RECORDS = 100_000

/** Creates an in-memory store; `now` is injectable for lease tests. */
export function createMemoryTrackingStore(options: { now?: () => number } = {}): TrackingStore {
  const now = options.now ?? Date.now
  const records = new Map<string, { record: TrackingRecord; leaseUntilMs: number | null }>()
  const id = (userId: string, signature: string) => `${userId}\u0000${signature}`
  const copy = (record: TrackingRecord): TrackingRecord => ({ ...record, endpoints: [...record.endpoints] })

  function trim(): void {
    if (records.size <= MAX_RECORDS) return
    for (const [key, entry] of records) {
      if (records.size <= MAX_RECORDS) return
      if (FINAL_TRACKING_STATUSES.has(entry.record.status)) records.delete(key)
    }
  }

  return {
    async create(record, leaseMs) {
      const key = id(record.userId, record.signature)
      const existing = records.get(key)
      if (existing) return { record: copy(existing.record), created: false }
      records.set(key, { record: copy(record), leaseUntilMs: leaseMs > 0 ? now() + leaseMs : null })
      trim()
      return { record: copy(record), created: true }
    },
    async update(userId, signature, patch, leaseMs) {
      const entry = records.get(id(userId, signature))
      if (!entry) throw createServiceError('not_found', 'No such tracked transaction.')
      entry.record = { ...entry.record, ...patch, updatedAtMs: now() }
      entry.leaseUntilMs = leaseMs > 0 ? now() + leaseMs : null
    },
    async get(userId, signature) {
      const entry = records.get(id(userId, signature))
      return entry ? copy(entry.record) : null
    },
    async claimUnresolved(leaseMs, limit) {
      const claimed: TrackingRecord[] = []
      const at = now()
      for (const entry of records.values()) {
        if (claimed.length >= limit) break
        if (FINAL_TRACKING_STATUSES.has(entry.record.status)) continue
        if (entry.leaseUntilMs !== null && entry.leaseUntilMs >= at) continue
        entry.leaseUntilMs = at + leaseMs
        claimed.push(copy(entry.record))
      }
      return claimed
    },
    async getManagedTipLamportsSince(userId, sinceMs) {
      let lamports = 0n
      for (const { record } of records.values()) {
        if (record.userId === userId && record.createdAtMs >= sinceMs && record.tipLamports !== null) lamports += record.tipLamports
      }
      return lamports
    },
  }
}
