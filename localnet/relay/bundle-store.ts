/**
 * The bundles the relay accepted, by id, for the status methods: pending until the next slot runs
 * them, then landed or failed. Kept 5 minutes from acceptance, as Jito's block engine answers
 * getInflightBundleStatuses for the last 5 minutes only, and at most `capacity` of them, so that
 * a long run with an unlimited rate does not grow memory without bound.
 */
import type { TransactionErrorJson } from '../../lib/transaction-error.js'

/** How long a bundle's status is kept (and answered) after the relay accepted it. */
export const BUNDLE_STATUS_TTL_MS = 5 * 60_000
export const DEFAULT_BUNDLE_STORE_CAPACITY = 50_000

/** What became of a bundle once a slot ran it. */
export type BundleOutcome =
  | { readonly landed: true; readonly slot: bigint }
  | { readonly landed: false; readonly slot: bigint; readonly failedIndex: number; readonly err: TransactionErrorJson }

export type BundleRecord = {
  readonly bundleId: string
  /** Base58 first signature of each transaction, in bundle order. */
  readonly signatures: readonly string[]
  readonly acceptedAtMs: number
  /** null while pending. */
  outcome: BundleOutcome | null
}

export type BundleStore = {
  /** Keeps `record` (replacing an older record of the same id). */
  add(record: BundleRecord): void
  /** The record of `bundleId`, unless unknown or older than the TTL. */
  get(bundleId: string): BundleRecord | undefined
  size(): number
}

/** Creates an empty store; `nowMs` is the clock ages are read by. */
export function createBundleStore(options: { nowMs: () => number; ttlMs?: number; capacity?: number }): BundleStore {
  const ttlMs = options.ttlMs ?? BUNDLE_STATUS_TTL_MS
  const capacity = options.capacity ?? DEFAULT_BUNDLE_STORE_CAPACITY
  // Insertion order is acceptance order, so the oldest record is always first.
  const records = new Map<string, BundleRecord>()

  function isExpired(record: BundleRecord, now: number): boolean {
    return now - record.acceptedAtMs > ttlMs
  }

  function prune(now: number): void {
    for (const [id, record] of records) {
      if (records.size <= capacity && !isExpired(record, now)) break
      records.delete(id)
    }
  }

  return {
    add(record) {
      records.delete(record.bundleId)
      records.set(record.bundleId, record)
      prune(options.nowMs())
    },
    get(bundleId) {
      const record = records.get(bundleId)
      return record && !isExpired(record, options.nowMs()) ? record : undefined
    },
    size: () => records.size,
  }
}
