/**
 * The recent updates kept for `from_slot` replay: those of the last `maxSlots` slots, and never
 * more than `maxUpdates` whatever the traffic (the oldest slots go first).
 */
import type { BufferedUpdate } from './geyser-update.js'

export type UpdateRing = {
  push(entry: BufferedUpdate): void
  /** The oldest slot whose updates are all still kept, or undefined while empty. */
  getOldestSlot(): bigint | undefined
  /** Kept updates at or after `slot`, oldest first. */
  getFrom(slot: bigint): BufferedUpdate[]
}

/** Creates an empty ring. */
export function createUpdateRing(options: { maxSlots: number; maxUpdates: number }): UpdateRing {
  // A plain array with a moving head: shift() on every eviction would be O(n).
  let entries: BufferedUpdate[] = []
  let head = 0
  // Evicting part of a slot makes that whole slot unavailable for replay.
  let incompleteSlot: bigint | undefined

  function evict(): void {
    const first = entries[head]
    // Never lowered: a finalized-slot update names a slot older than the updates around it.
    if (first && (incompleteSlot === undefined || first.update.slot > incompleteSlot)) incompleteSlot = first.update.slot
    head++
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head)
      head = 0
    }
  }

  return {
    push(entry) {
      entries.push(entry)
      const newest = entry.update.slot
      while (head < entries.length) {
        const first = entries[head] as BufferedUpdate
        if (entries.length - head > options.maxUpdates || newest - first.update.slot >= BigInt(options.maxSlots)) evict()
        else break
      }
    },
    getOldestSlot() {
      for (let i = head; i < entries.length; i++) {
        const slot = (entries[i] as BufferedUpdate).update.slot
        if (incompleteSlot === undefined || slot > incompleteSlot) return slot
      }
      return undefined
    },
    getFrom(slot) {
      const out: BufferedUpdate[] = []
      for (let i = head; i < entries.length; i++) {
        const entry = entries[i] as BufferedUpdate
        if (entry.update.slot >= slot) out.push(entry)
      }
      return out
    },
  }
}
