/**
 * The recent blocks localnet produced, for getBlock, getBlockTime and getBlocks: every slot the
 * chain opens is a block (empty ones included), with its parent, blockhash, height, time and the
 * transactions that landed in it, in landing order. Memory is bounded like the transaction
 * history: at most `slotCapacity` blocks and `transactionCapacity` transactions are kept, and the
 * oldest blocks are forgotten first (never the open one). A slot between the first block kept and
 * the newest one that has no block was skipped (a slot jump).
 */
import type { ChainTransactionEvent } from './chain-events.js'

export type StoredBlock = {
  readonly slot: bigint
  readonly parentSlot: bigint
  readonly blockhash: string
  readonly previousBlockhash: string
  readonly blockHeight: bigint
  /** Unix seconds of the slot's clock. */
  readonly blockTime: bigint
  readonly transactions: ChainTransactionEvent[]
}

export type BlockStore = {
  /** Records the block a new slot opens (slots only grow). */
  open(block: Omit<StoredBlock, 'transactions'>): void
  /** Adds a landed transaction to the open block of its slot. */
  addTransaction(transaction: ChainTransactionEvent): void
  get(slot: bigint): StoredBlock | undefined
  /** The oldest block kept. */
  firstSlot(): bigint
  /** The slots of the blocks kept from `start` to `end` (inclusive), ascending, at most `limit`. */
  getSlots(start: bigint, end: bigint, limit?: number): bigint[]
}

/** Slots kept by default: about half an hour of 400 ms blocks. */
export const DEFAULT_BLOCK_CAPACITY = 4_096

/** Creates the store; `transactionCapacity` 0 keeps no transaction (history off). */
export function createBlockStore(options: { slotCapacity: number; transactionCapacity: number }): BlockStore {
  const slotCapacity = Math.max(1, options.slotCapacity)
  // Oldest first; slots ascend, so a binary search finds a slot.
  const blocks: StoredBlock[] = []
  let head = 0
  let transactionCount = 0

  function indexOf(slot: bigint): number {
    let low = head
    let high = blocks.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((blocks[mid] as StoredBlock).slot < slot) low = mid + 1
      else high = mid
    }
    return low
  }

  function evictOldest(): void {
    const oldest = blocks[head] as StoredBlock
    transactionCount -= oldest.transactions.length
    head++
    // Cut the consumed head off once it is at least half the array.
    if (head >= 1_024 && head * 2 >= blocks.length) {
      blocks.splice(0, head)
      head = 0
    }
  }

  function trim(): void {
    while (blocks.length - head > 1 && (blocks.length - head > slotCapacity || transactionCount > options.transactionCapacity)) {
      evictOldest()
    }
  }

  return {
    open(block) {
      blocks.push({ ...block, transactions: [] })
      trim()
    },
    addTransaction(transaction) {
      if (options.transactionCapacity === 0) return
      const block = blocks[blocks.length - 1]
      if (!block || block.slot !== transaction.slot) return
      block.transactions.push(transaction)
      transactionCount++
      trim()
    },
    get(slot) {
      const block = blocks[indexOf(slot)]
      return block && block.slot === slot ? block : undefined
    },
    firstSlot: () => (blocks[head] as StoredBlock).slot,
    getSlots(start, end, limit = Number.POSITIVE_INFINITY) {
      const out: bigint[] = []
      for (let i = indexOf(start); i < blocks.length && out.length < limit; i++) {
        const slot = (blocks[i] as StoredBlock).slot
        if (slot > end) break
        out.push(slot)
      }
      return out
    },
  }
}
