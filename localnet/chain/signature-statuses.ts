/**
 * Statuses of the transactions (and airdrops) that landed, for getSignatureStatuses. Bounded: a
 * long benchmark run must not grow memory without limit, and real nodes forget statuses too
 * (their status cache spans a few hundred slots unless transaction history is searched).
 */
import type { TransactionErrorJson } from '../../lib/transaction-error.js'

export type SignatureStatus = { readonly slot: bigint; readonly err: TransactionErrorJson | null }

export type SignatureStatuses = {
  record(signature: string, status: SignatureStatus): void
  get(signature: string): SignatureStatus | undefined
  size(): number
}

/** Creates a status store that keeps the `capacity` most recent signatures. */
export function createSignatureStatuses(capacity: number): SignatureStatuses {
  // A Map iterates in insertion order, so its first key is always the oldest one.
  const statuses = new Map<string, SignatureStatus>()
  return {
    record(signature, status) {
      statuses.delete(signature)
      statuses.set(signature, status)
      if (statuses.size > capacity) {
        const oldest = statuses.keys().next()
        if (!oldest.done) statuses.delete(oldest.value)
      }
    },
    get: (signature) => statuses.get(signature),
    size: () => statuses.size,
  }
}
