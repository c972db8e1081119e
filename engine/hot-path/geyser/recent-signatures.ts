/**
 * Transaction signatures seen in the last slots, so that a transaction several geyser endpoints
 * all stream is counted once. Two generations of sets, swapped every `slotsPerGeneration` slots:
 * a signature is remembered for one to two generations, which covers the few slots by which
 * endpoints lag each other, in bounded memory and without scanning on expiry.
 */
export interface RecentSignatures {
  /** True the first time `signature` is seen (within the memory span), false for a repeat. */
  addIfNew(signature: Uint8Array, slot: number): boolean
}

/** Creates the memory. */
export function createRecentSignatures(slotsPerGeneration = 32): RecentSignatures {
  let current = new Set<string>()
  let previous = new Set<string>()
  let generationStart = -Infinity
  return {
    addIfNew(signature, slot) {
      if (slot >= generationStart + slotsPerGeneration) {
        previous = current
        current = new Set()
        generationStart = slot
      }
      const key = Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('latin1')
      if (current.has(key) || previous.has(key)) return false
      current.add(key)
      return true
    },
  }
}
