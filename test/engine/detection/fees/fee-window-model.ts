/**
 * Random landed transactions and an independent model of what the priority-fee window must
 * answer: plain arrays, a full sort and the nearest-rank definition, none of the window's code.
 */
import type { LandedTransactionSample } from '../../../../engine/hot-path/geyser/priority-fee-window.js'

/** mulberry32: a seeded generator, so a failure replays. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` distinct 32-byte keys, views into one buffer. */
export function createKeys(count: number, random: () => number): Uint8Array[] {
  const buffer = new Uint8Array(32 * count)
  for (let i = 0; i < buffer.length; i++) buffer[i] = Math.floor(random() * 256)
  // Key i carries i in its first four bytes: distinct whatever the random bytes.
  const keys: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const key = buffer.subarray(32 * i, 32 * i + 32)
    new DataView(key.buffer, key.byteOffset, 4).setUint32(0, i)
    keys.push(key)
  }
  return keys
}

/** A fee price as mainnet spreads them: many zeroes, round numbers, a long tail. */
export function randomPrice(random: () => number): number {
  const r = random()
  if (r < 0.2) return 0
  if (r < 0.5) return [1_000, 10_000, 50_000, 100_000][Math.floor(random() * 4)]!
  return Math.floor(Math.exp(random() * 16))
}

export interface ModelTransaction {
  id: number
  slot: number
  price: number
  accounts: number[]
}

/** Nearest rank, written out: the value of rank ceil(p·n/100) of the ascending prices. */
export function getExpectedFees(prices: number[]) {
  const sorted = [...prices].sort((a, b) => a - b)
  const n = sorted.length
  const at = (p: number) => (n === 0 ? 0 : sorted[Math.max(1, Math.ceil((p * n) / 100)) - 1]!)
  return { low: at(25), medium: at(50), high: at(75), very_high: at(95), samples: n }
}

/**
 * What the window holds for a set of accounts: per account, its last `maxPerAccount` recorded
 * transactions, of which those still in the window; a transaction counted once.
 */
export function getExpectedAccountPrices(
  transactions: ModelTransaction[],
  accounts: number[],
  options: { cutoffSlot: number; maxPerAccount: number },
): number[] {
  const chosen = new Set<ModelTransaction>()
  for (const account of new Set(accounts)) {
    const writing = transactions.filter((tx) => tx.accounts.includes(account))
    for (const tx of writing.slice(-options.maxPerAccount)) if (tx.slot >= options.cutoffSlot) chosen.add(tx)
  }
  return [...chosen].map((tx) => tx.price)
}

export function toSample(tx: ModelTransaction, keys: Uint8Array[]): LandedTransactionSample {
  return { slot: tx.slot, priceMicroLamports: tx.price, writableAccounts: tx.accounts.map((a) => keys[a]!) }
}
