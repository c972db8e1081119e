/**
 * The transactions that landed, for getTransaction and getSignaturesForAddress: the most recent
 * `capacity` by signature, and for every account key (static and lookup-table-loaded, as Agave's
 * blockstore indexes them) the ones that named it. Bounded like the signature statuses: when full,
 * the oldest transaction is forgotten, by signature and in every address list it was in — where
 * it is always at the head, since every list, like the store, is in landing order.
 */
import type { Address } from '@solana/kit'
import type { ChainTransactionEvent } from './chain-events.js'

/** Where a signature sits in Agave's order: by slot, then by signature bytes within a slot. */
export type HistoryPosition = { readonly slot: bigint; readonly signatureBytes: Uint8Array }

export type AddressHistoryQuery = {
  /** Only what comes after it (older), exclusive. */
  readonly before?: HistoryPosition
  /** Only what comes before it (newer), exclusive. */
  readonly until?: HistoryPosition
  /** Only what landed at or before this slot (the highest slot at the commitment asked for). */
  readonly maxSlot?: bigint
  readonly limit: number
}

export type TransactionHistory = {
  /** 0: history is off. */
  readonly capacity: number
  record(transaction: ChainTransactionEvent): void
  get(signature: string): ChainTransactionEvent | undefined
  /**
   * The transactions that named `address`, newest first in Agave's blockstore order: slot
   * descending, then signature bytes descending within a slot (its address index is keyed by
   * (address, slot, signature), not by position in the block).
   */
  getForAddress(address: Address, query: AddressHistoryQuery): ChainTransactionEvent[]
  size(): number
}

type AddressList = { entries: ChainTransactionEvent[]; head: number }

/** A list's consumed head is cut off once it is this long and at least half the array. */
const COMPACT_AFTER = 64

function getSignatureBytes(transaction: ChainTransactionEvent): Uint8Array {
  return transaction.message.signatures[0] ?? new Uint8Array(64)
}

/** Agave's order within a slot: newer first means the larger signature first. */
function compareNewestFirst(a: ChainTransactionEvent, b: ChainTransactionEvent): number {
  return Buffer.compare(getSignatureBytes(b), getSignatureBytes(a))
}

function isAfter(transaction: ChainTransactionEvent, before: HistoryPosition | undefined): boolean {
  if (!before || transaction.slot < before.slot) return true
  return transaction.slot === before.slot && Buffer.compare(getSignatureBytes(transaction), before.signatureBytes) < 0
}

function isBefore(transaction: ChainTransactionEvent, until: HistoryPosition | undefined): boolean {
  if (!until || transaction.slot > until.slot) return true
  return transaction.slot === until.slot && Buffer.compare(getSignatureBytes(transaction), until.signatureBytes) > 0
}

/** Creates a history that keeps the `capacity` most recent landed transactions (0: none). */
export function createTransactionHistory(capacity: number): TransactionHistory {
  // A Map iterates in insertion order, so its first value is always the oldest transaction.
  const bySignature = new Map<string, ChainTransactionEvent>()
  const byAddress = new Map<Address, AddressList>()

  function forget(oldest: ChainTransactionEvent): void {
    bySignature.delete(oldest.signature)
    for (const key of new Set(oldest.accountKeys)) {
      const list = byAddress.get(key)
      if (!list || list.entries[list.head] !== oldest) continue
      list.head++
      if (list.head === list.entries.length) byAddress.delete(key)
      else if (list.head >= COMPACT_AFTER && list.head * 2 >= list.entries.length) {
        list.entries = list.entries.slice(list.head)
        list.head = 0
      }
    }
  }

  return {
    capacity,
    record(transaction) {
      if (capacity === 0 || bySignature.has(transaction.signature)) return
      bySignature.set(transaction.signature, transaction)
      for (const key of new Set(transaction.accountKeys)) {
        const list = byAddress.get(key)
        if (list) list.entries.push(transaction)
        else byAddress.set(key, { entries: [transaction], head: 0 })
      }
      if (bySignature.size > capacity) {
        const oldest = bySignature.values().next()
        if (!oldest.done) forget(oldest.value)
      }
    },
    get: (signature) => bySignature.get(signature),
    getForAddress(address, { before, until, maxSlot, limit }) {
      const list = byAddress.get(address)
      const out: ChainTransactionEvent[] = []
      if (!list) return out
      let end = list.entries.length
      // Walk back one slot at a time (the list is in landing order, so slots never decrease).
      while (end > list.head && out.length < limit) {
        const slot = (list.entries[end - 1] as ChainTransactionEvent).slot
        if (until && slot < until.slot) break
        let start = end - 1
        while (start > list.head && (list.entries[start - 1] as ChainTransactionEvent).slot === slot) start--
        if ((!before || slot <= before.slot) && (maxSlot === undefined || slot <= maxSlot)) {
          const inSlot = list.entries.slice(start, end).sort(compareNewestFirst)
          for (const transaction of inSlot) {
            if (out.length === limit) break
            if (isAfter(transaction, before) && isBefore(transaction, until)) out.push(transaction)
          }
        }
        end = start
      }
      return out
    },
    size: () => bySignature.size,
  }
}
