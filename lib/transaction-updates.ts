/**
 * The bus that carries tracked transactions' status changes from the engine that tracks them to
 * every edge holding a WebSocket of their owner (docs/api.md#pushes). In-process here (`npm start`,
 * an edge with its engine in the same process: the engine's `onTransactionUpdate` feeds it); Redis
 * pub/sub in `redis-transaction-updates.ts` when REDIS_URL is set, so that engines and edges
 * running apart deliver pushes (the engine publishes, the edges subscribe). Both pass
 * test/lib/transaction-updates-bus.test.ts. Without either (an edge and an engine apart, no Redis)
 * nothing is pushed.
 *
 * The payload is the engine's tracking record; lib/ knows no service, so it is typed by the least
 * every update carries and the buses are generic over the rest.
 */
import type { Logger } from './logger.js'

/** What every update carries at least (the engine's TrackedTransaction has more). */
export interface TransactionUpdate {
  signature: string
  status: string
}

/** Called with the owner (tenant) of the transaction and its record after the change. */
export type TransactionUpdateListener<Update extends TransactionUpdate> = (tenantId: string, transaction: Update) => void

export interface TransactionUpdates<Update extends TransactionUpdate = TransactionUpdate> {
  /** Sends the update to every subscriber of every bus on the same channel; rejects once closed. */
  publish(tenantId: string, transaction: Update): Promise<void>
  /** Adds a listener and returns the function that removes it. A listener that throws is logged and skipped. */
  subscribe(listener: TransactionUpdateListener<Update>): () => void
  /** Stops delivery and releases connections; idempotent. */
  close(): Promise<void>
}

/** The listeners of one bus; `deliver` isolates them from each other and from the transport. */
export interface TransactionUpdateListeners<Update extends TransactionUpdate> {
  add(listener: TransactionUpdateListener<Update>): () => void
  deliver(tenantId: string, transaction: Update): void
  clear(): void
}

/** Creates a listener set that logs (never rethrows) a listener's error, so one bad socket cannot stop the others. */
export function createTransactionUpdateListeners<Update extends TransactionUpdate>(logger?: Logger): TransactionUpdateListeners<Update> {
  const listeners = new Set<TransactionUpdateListener<Update>>()
  return {
    add(listener) {
      // Wrapped so the same function may subscribe twice and each subscription removes only itself.
      const entry: TransactionUpdateListener<Update> = (tenantId, transaction) => listener(tenantId, transaction)
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
    deliver(tenantId, transaction) {
      for (const listener of listeners) {
        try {
          listener(tenantId, transaction)
        } catch (error) {
          logger?.error({ err: error, signature: transaction.signature }, 'transaction update listener failed')
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}

/** Creates the bus of a single process: `publish` has called every listener when it resolves. */
export function createInProcessTransactionUpdates<Update extends TransactionUpdate>(
  options: { logger?: Logger } = {},
): TransactionUpdates<Update> {
  const listeners = createTransactionUpdateListeners<Update>(options.logger)
  let closed = false
  return {
    async publish(tenantId, transaction) {
      if (closed) throw new Error('the transaction update bus is closed')
      listeners.deliver(tenantId, transaction)
    },
    subscribe(listener) {
      return listeners.add(listener)
    },
    async close() {
      closed = true
      listeners.clear()
    },
  }
}
