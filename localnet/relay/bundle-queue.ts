/**
 * Accepted bundles waiting for the next slot. When a block opens, every bundle accepted before it
 * runs, in arrival order, each atomically (chain.sendBundle): its transactions land in that slot
 * exactly as sendTransaction's do, or none of them does. The drop rate of sendTransaction never
 * applies here.
 */
import type { Logger } from '../../lib/logger.js'
import type { LocalChain } from '../chain.js'
import type { BundleRecord } from './bundle-store.js'

/** More pending bundles than this (an unlimited rate, slots that do not move) are refused. */
export const MAX_PENDING_BUNDLES = 10_000

export type BundleCounts = {
  /** Bundles queued (one-transaction bundles of sendTransaction bundleOnly included). */
  readonly queued: number
  readonly landed: number
  readonly failed: number
}

export type BundleQueue = {
  /** Queues a bundle for the next slot; false when MAX_PENDING_BUNDLES wait already. */
  enqueue(record: BundleRecord, transactions: readonly Uint8Array[]): boolean
  pendingCount(): number
  getCounts(): BundleCounts
  /** Stops running bundles at new slots (what is pending stays pending). */
  close(): void
}

/** Creates the queue and hooks it to the chain's blocks. */
export function createBundleQueue(options: {
  chain: Pick<LocalChain, 'sendBundle' | 'onBlockOpened' | 'getSlot'>
  logger: Logger
}): BundleQueue {
  const { chain, logger } = options
  let pending: Array<{ record: BundleRecord; transactions: readonly Uint8Array[] }> = []
  const counts = { queued: 0, landed: 0, failed: 0 }

  function run(entry: { record: BundleRecord; transactions: readonly Uint8Array[] }): void {
    const { record } = entry
    try {
      const result = chain.sendBundle(entry.transactions)
      if (result.landed) {
        record.outcome = { landed: true, slot: result.slot }
        counts.landed++
        return
      }
      record.outcome = { landed: false, slot: result.slot, failedIndex: result.failedIndex, err: result.err }
      if (result.results.length > 0) logger.error({ bundleId: record.bundleId, result }, 'bundle committed otherwise than its trial ran')
    } catch (err) {
      // Intake decoded every transaction, so this is a chain fault; the bundle fails, the slot goes on.
      logger.error({ err, bundleId: record.bundleId }, 'bundle execution failed')
      record.outcome = { landed: false, slot: chain.getSlot(), failedIndex: 0, err: 'CommitCancelled' }
    }
    counts.failed++
  }

  const unhook = chain.onBlockOpened(() => {
    const due = pending
    pending = []
    for (const entry of due) run(entry)
  })

  return {
    enqueue(record, transactions) {
      if (pending.length >= MAX_PENDING_BUNDLES) return false
      pending.push({ record, transactions })
      counts.queued++
      return true
    },
    pendingCount: () => pending.length,
    getCounts: () => ({ ...counts }),
    close: unhook,
  }
}
