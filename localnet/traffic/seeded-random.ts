/**
 * A small seeded PRNG (mulberry32) so that a traffic run's decisions — wallets, kinds, amounts,
 * compute-unit prices — replay exactly from the same seed. Not for keys that guard real funds.
 */

export type SeededRandom = {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** A bigint in [min, max], log-uniform: each decade is equally likely (min must be ≥ 1). */
  logUniform(min: bigint, max: bigint): bigint
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
}

/** Creates a PRNG from a 32-bit integer seed. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1))
  }
  return {
    next,
    int,
    logUniform(min, max) {
      if (min < 1n || max < min) throw new RangeError(`logUniform needs 1 ≤ min ≤ max, got ${min}..${max}`)
      const low = Math.log(Number(min))
      const high = Math.log(Number(max))
      const value = BigInt(Math.round(Math.exp(low + next() * (high - low))))
      return value < min ? min : value > max ? max : value
    },
    pick(items) {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new RangeError('pick from an empty array')
      return item
    },
  }
}
