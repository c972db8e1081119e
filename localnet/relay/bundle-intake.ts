/**
 * Accepting a bundle: its id (Jito's derivation), its record for the status methods, and its
 * place in the queue for the next slot. The same bundle sent again while it is still pending is
 * answered with the same id and queued once; sent again once it ran, it is queued again (it may
 * land now, or fail as already processed).
 */
import { createJsonRpcError } from '../rpc/json-rpc-error.js'
import { toBundleId } from './bundle-id.js'
import type { BundleQueue } from './bundle-queue.js'
import type { BundleStore } from './bundle-store.js'
import type { SignedTransaction } from './signed-transaction.js'

/** A JSON-RPC server error (jsonrpc-core's -32000 range): the relay cannot take more now. */
export const JSON_RPC_RELAY_QUEUE_FULL = -32000

export type BundleIntake = {
  /** Queues the verified transactions as one bundle; answers its id. */
  submit(transactions: readonly SignedTransaction[]): string
}

/** Creates the intake over the store and queue. */
export function createBundleIntake(options: { store: BundleStore; queue: BundleQueue; nowMs: () => number }): BundleIntake {
  const { store, queue } = options
  return {
    submit(transactions) {
      const signatures = transactions.map((transaction) => transaction.signature)
      const bundleId = toBundleId(signatures)
      if (store.get(bundleId)?.outcome === null) return bundleId
      const record = { bundleId, signatures, acceptedAtMs: options.nowMs(), outcome: null }
      if (
        !queue.enqueue(
          record,
          transactions.map((transaction) => transaction.bytes),
        )
      ) {
        throw createJsonRpcError(JSON_RPC_RELAY_QUEUE_FULL, `Relay queue full: ${queue.pendingCount()} bundles wait for the next slot`)
      }
      store.add(record)
      return bundleId
    },
  }
}
