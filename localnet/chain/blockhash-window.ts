/**
 * The recent blockhashes a transaction may reference. Agave accepts a blockhash while its age is
 * at most MAX_PROCESSING_AGE (150) blocks, and answers `lastValidBlockHeight` = issue height + 150,
 * so the window holds 151 entries: a blockhash is valid exactly while the current block height is
 * at most its lastValidBlockHeight, which is what clients' expiry checks compare against.
 */
export const MAX_PROCESSING_AGE = 150

export type BlockhashEntry = {
  readonly blockhash: string
  readonly slot: bigint
  readonly lastValidBlockHeight: bigint
}

export type BlockhashWindow = {
  /** Records the blockhash of a new block; the oldest one falls out once the window is full. */
  push(blockhash: string, slot: bigint, blockHeight: bigint): BlockhashEntry
  latest(): BlockhashEntry
  /** The newest block at or before `slot` (the oldest held when the window does not reach back that far). */
  latestAtOrBefore(slot: bigint): BlockhashEntry
  get(blockhash: string): BlockhashEntry | undefined
  has(blockhash: string): boolean
  /** Slots of the blocks in the window, oldest first. */
  getSlots(): bigint[]
  oldestSlot(): bigint
}

/** Creates the window seeded with the chain's first block. */
export function createBlockhashWindow(first: { blockhash: string; slot: bigint; blockHeight: bigint }): BlockhashWindow {
  const capacity = MAX_PROCESSING_AGE + 1
  const ring: BlockhashEntry[] = []
  const byHash = new Map<string, BlockhashEntry>()

  const window: BlockhashWindow = {
    push(blockhash, slot, blockHeight) {
      const entry = { blockhash, slot, lastValidBlockHeight: blockHeight + BigInt(MAX_PROCESSING_AGE) }
      ring.push(entry)
      byHash.set(blockhash, entry)
      if (ring.length > capacity) {
        const evicted = ring.shift()
        // The same hash can come back only if LiteSVM repeated it; keep the newer entry then.
        if (evicted && byHash.get(evicted.blockhash) === evicted) byHash.delete(evicted.blockhash)
      }
      return entry
    },
    latest: () => ring[ring.length - 1] as BlockhashEntry,
    latestAtOrBefore(slot) {
      for (let i = ring.length - 1; i > 0; i--) if ((ring[i] as BlockhashEntry).slot <= slot) return ring[i] as BlockhashEntry
      return ring[0] as BlockhashEntry
    },
    get: (blockhash) => byHash.get(blockhash),
    has: (blockhash) => byHash.has(blockhash),
    getSlots: () => ring.map((entry) => entry.slot),
    oldestSlot: () => (ring[0] as BlockhashEntry).slot,
  }
  window.push(first.blockhash, first.slot, first.blockHeight)
  return window
}
