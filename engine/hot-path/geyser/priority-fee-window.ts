/**
 * Priority fees from what lands (docs/detection.md#the-priority_fee-vector, issue 5): each landed
 * transaction's compute-unit price is recorded against every account it writes and in a global
 * window of the last slots; `getPriorityFees` answers with the percentiles over the transactions
 * that wrote the accounts a simulated transaction writes, or over the global window when those are
 * too few.
 *
 * Layout, and why it stays bounded whatever the traffic:
 * - The global window is one ring of at most `maxSamples` landed transactions in preallocated
 *   typed arrays (slot, price, query stamp). Sample `seq` (a running count) lives at
 *   `seq & ringMask`: the arrays have the next power of two of slots, so the index is a mask, not
 *   a floating-point modulo (seqs outgrow 32 bits). Everything before `tailSeq` is gone.
 * - A sorted copy of the window's prices (sorted-prices.ts, four preallocated buffers) gives the
 *   global percentiles without sorting on a query.
 * - Each tracked account holds a ring of at most `maxSamplesPerAccount` sample seqs (8 bytes
 *   each, grown by doubling), its most recent ones. Prices are read from the global ring, so an
 *   account entry is live only while its sample is: an overwritten global sample leaves the
 *   account windows too.
 * - At most `maxAccounts` accounts are tracked, least recently written out first (`lru-cache`);
 *   `advance` also drops the accounts whose newest sample has left the global ring.
 * Worst case ≈ 52·P (P = maxSamples rounded up to a power of two) + maxAccounts·(≈200 +
 * 8·maxSamplesPerAccount) bytes: 6.8 MB + 50,000 × 1.2 KB ≈ 67 MB with the defaults; real
 * traffic (most accounts written once or twice) stays far below.
 *
 * Costs, measured on this machine (131,072 samples, 20,000 accounts, 1,000 landed a slot):
 * record ≈ 1–2 µs an account written; advance ≈ 0.4 ms a slot; a query ≈ 1.5 µs from the global
 * window, ≈ 35 µs over 400 account samples (a selection, never a full sort).
 * The window counts a sample while its slot ≥ the last advanced slot − windowSlots.
 *
 * Keys are the raw 32 bytes as a latin1 string (engine/hot-path/state/account-key.ts), never base58.
 */
import { LRUCache } from 'lru-cache'
import { toAccountKey } from '../state/account-key.js'
import type { PriorityFees } from '../../contract/simulate-response.js'
import { getNearestRankPercentiles } from './nearest-rank-percentiles.js'
import { createSortedPrices } from './sorted-prices.js'

export interface LandedTransactionSample {
  slot: number
  /** SetComputeUnitPrice, 0 when the transaction has none. */
  priceMicroLamports: bigint | number
  /** 32-byte keys; read during `record` only, never retained. */
  writableAccounts: readonly Uint8Array[]
}

export type WindowPriorityFees = PriorityFees & { source: 'accounts' | 'global' }

export interface PriorityFeeWindow {
  /** Records a landed transaction; O(writable accounts). Samples already out of the window are ignored. */
  record(sample: LandedTransactionSample): void
  /** Moves the window to end at `slot`: samples of slots before `slot - windowSlots` leave it. */
  advance(slot: number): void
  /** Percentiles for a transaction writing `writableAccounts` (accounts first, global fallback). */
  getPriorityFees(writableAccounts: readonly Uint8Array[]): WindowPriorityFees
  /** The same, given cache keys (engine/hot-path/state/account-key.ts) instead of bytes. */
  getPriorityFeesByKeys(writableKeys: readonly string[]): WindowPriorityFees
  /** Landed transactions held (≤ maxSamples), accounts tracked (≤ maxAccounts), account entries held. */
  readonly size: { samples: number; accounts: number; entries: number }
}

export interface PriorityFeeWindowOptions {
  /** Window length in slots (150: a blockhash's lifetime, as getRecentPrioritizationFees). */
  windowSlots?: number
  /** Fewer account samples than this and the answer comes from the global window. */
  minSamples?: number
  /** Accounts tracked at once, least recently written evicted first. */
  maxAccounts?: number
  /** Most recent samples kept per account. */
  maxSamplesPerAccount?: number
  /** Landed transactions held in the global window; past it the oldest is overwritten. */
  maxSamples?: number
}

export const PRIORITY_FEE_WINDOW_DEFAULTS = Object.freeze({
  windowSlots: 150,
  minSamples: 10,
  maxAccounts: 50_000,
  maxSamplesPerAccount: 128,
  maxSamples: 131_072,
})

/** Prices above 2^53 (nobody pays them, but a u64 allows them) are held as 2^53 − 1. */
function toPriceNumber(price: bigint | number): number {
  if (typeof price === 'number') return price > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : price
  return price > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(price)
}

/** One account's most recent sample seqs, oldest at `head`. */
interface AccountSamples {
  seqs: Float64Array
  head: number
  count: number
  newestSeq: number
}

const INITIAL_ACCOUNT_CAPACITY = 4
const MAX_POOLED_ACCOUNTS = 1_024

/** Creates an empty window; see the module comment for the bounds the options set. */
export function createPriorityFeeWindow(options: PriorityFeeWindowOptions = {}): PriorityFeeWindow {
  const windowSlots = options.windowSlots ?? PRIORITY_FEE_WINDOW_DEFAULTS.windowSlots
  const minSamples = options.minSamples ?? PRIORITY_FEE_WINDOW_DEFAULTS.minSamples
  const maxAccounts = options.maxAccounts ?? PRIORITY_FEE_WINDOW_DEFAULTS.maxAccounts
  const maxPerAccount = options.maxSamplesPerAccount ?? PRIORITY_FEE_WINDOW_DEFAULTS.maxSamplesPerAccount
  const maxSamples = options.maxSamples ?? PRIORITY_FEE_WINDOW_DEFAULTS.maxSamples
  for (const [name, value] of Object.entries({ windowSlots, minSamples, maxAccounts, maxPerAccount, maxSamples })) {
    if (!Number.isSafeInteger(value) || value < (name === 'minSamples' ? 0 : 1) || value > 2 ** 30) {
      throw new RangeError(`priority fee window: ${name} must be an integer from 1 (0 for minSamples) to 2^30, got ${value}`)
    }
  }

  // The global ring.
  const ringLength = 2 ** Math.ceil(Math.log2(maxSamples))
  const ringMask = ringLength - 1
  const sampleSlots = new Float64Array(ringLength)
  const samplePrices = new Float64Array(ringLength)
  const sampleStamps = new Uint32Array(ringLength)
  let tailSeq = 0
  let nextSeq = 0
  let cutoffSlot = -Infinity
  let stamp = 0

  // Scratch for the percentiles: grown, never shrunk, reused by every query.
  let scratch = new Float64Array(1_024)

  let entryCount = 0
  const pool: AccountSamples[] = []
  const accounts = new LRUCache<string, AccountSamples>({
    max: maxAccounts,
    dispose(account) {
      entryCount -= account.count
      if (pool.length < MAX_POOLED_ACCOUNTS) pool.push(account)
    },
  })

  // The global percentiles come from a sorted copy of the window's prices, brought up to date at
  // advance() (once a slot, on the stream's side) by merging what joined and left since, so a
  // query never sorts or selects over the whole window. Until that copy holds minSamples prices
  // (start-up), a query that needs it brings it up to date itself. The copy holds the samples
  // below `syncedSeq` whose slot is at least `syncedCutoff`; a sample leaving the ring that
  // matches this leaves the copy too.
  const globalPrices = createSortedPrices(maxSamples)
  let syncedSeq = 0
  let syncedCutoff = -Infinity
  let globalDirty = false
  // Samples recorded after one of a later slot (at or below this seq) may sit expired behind the
  // tail; only they need a scan when the window moves.
  let newestSlot = -Infinity
  let lastStragglerSeq = -1

  function isLive(seq: number): boolean {
    return seq >= tailSeq && sampleSlots[seq & ringMask]! >= cutoffSlot
  }

  function dropDeadHead(account: AccountSamples): void {
    const seqs = account.seqs
    while (account.count > 0 && seqs[account.head]! < tailSeq) {
      account.head = (account.head + 1) % seqs.length
      account.count--
      entryCount--
    }
  }

  function append(account: AccountSamples, seq: number): void {
    if (account.newestSeq === seq) return // the same account twice in one sample
    account.newestSeq = seq
    dropDeadHead(account)
    let seqs = account.seqs
    if (account.count === seqs.length) {
      if (seqs.length < maxPerAccount) {
        const grown = new Float64Array(Math.min(maxPerAccount, 2 * seqs.length))
        for (let i = 0; i < account.count; i++) grown[i] = seqs[(account.head + i) % seqs.length]!
        account.seqs = seqs = grown
        account.head = 0
      } else {
        // Full: the oldest entry makes room.
        account.head = (account.head + 1) % seqs.length
        account.count--
        entryCount--
      }
    }
    seqs[(account.head + account.count) % seqs.length] = seq
    account.count++
    entryCount++
  }

  function createAccount(): AccountSamples {
    const reused = pool.pop()
    if (reused === undefined) {
      return { seqs: new Float64Array(Math.min(INITIAL_ACCOUNT_CAPACITY, maxPerAccount)), head: 0, count: 0, newestSeq: -1 }
    }
    reused.head = 0
    reused.count = 0
    reused.newestSeq = -1
    return reused
  }

  /** Room for `length` prices, keeping the first `kept`. */
  function ensureScratch(length: number, kept: number): void {
    if (scratch.length >= length) return
    const grown = new Float64Array(Math.max(length, 2 * scratch.length))
    grown.set(scratch.subarray(0, kept))
    scratch = grown
  }

  function nextStamp(): number {
    stamp = (stamp + 1) >>> 0
    if (stamp === 0) {
      sampleStamps.fill(0)
      stamp = 1
    }
    return stamp
  }

  /** Drops the tail sample, from the sorted copy too when it is there. */
  function dropTail(): void {
    const at = tailSeq & ringMask
    if (tailSeq < syncedSeq && sampleSlots[at]! >= syncedCutoff) globalPrices.remove(samplePrices[at]!)
    tailSeq++
  }

  /** Brings the sorted copy of the global window up to date. */
  function syncGlobalPrices(): void {
    // Stragglers the new cutoff expired though the tail has not reached them.
    const stragglersEnd = Math.min(syncedSeq, lastStragglerSeq + 1)
    for (let seq = tailSeq; seq < stragglersEnd; seq++) {
      const at = seq & ringMask
      const slot = sampleSlots[at]!
      if (slot >= syncedCutoff && slot < cutoffSlot) globalPrices.remove(samplePrices[at]!)
    }
    for (let seq = Math.max(syncedSeq, tailSeq); seq < nextSeq; seq++) {
      const at = seq & ringMask
      if (sampleSlots[at]! >= cutoffSlot) globalPrices.add(samplePrices[at]!)
    }
    globalPrices.commit()
    syncedSeq = nextSeq
    syncedCutoff = cutoffSlot
    globalDirty = false
  }

  return {
    record(sample) {
      if (sample.slot < cutoffSlot) return
      if (nextSeq - tailSeq === maxSamples) dropTail()
      const seq = nextSeq++
      if (sample.slot < newestSlot) lastStragglerSeq = seq
      else newestSlot = sample.slot
      const at = seq & ringMask
      sampleSlots[at] = sample.slot
      samplePrices[at] = toPriceNumber(sample.priceMicroLamports)
      sampleStamps[at] = 0
      globalDirty = true
      const writable = sample.writableAccounts
      for (let i = 0; i < writable.length; i++) {
        const key = toAccountKey(writable[i]!)
        let account = accounts.get(key)
        if (account === undefined) {
          account = createAccount()
          accounts.set(key, account)
        }
        append(account, seq)
      }
    },

    advance(slot) {
      const cutoff = slot - windowSlots
      if (cutoff > cutoffSlot) {
        cutoffSlot = cutoff
        // Samples arrive in slot order but for stragglers: the tail stops at the first live one,
        // and queries check each sample's slot, so a straggler only waits to be dropped.
        while (tailSeq < nextSeq && sampleSlots[tailSeq & ringMask]! < cutoffSlot) dropTail()
        // Recency follows record order, so the accounts with nothing left sit at the LRU end.
        let dead: string[] | undefined
        for (const [key, account] of accounts.rentries() as Iterable<[string, AccountSamples]>) {
          if (account.newestSeq >= tailSeq) break
          ;(dead ??= []).push(key)
        }
        if (dead) for (const key of dead) accounts.delete(key)
        globalDirty = true
      }
      if (globalDirty) syncGlobalPrices()
    },

    getPriorityFees(writableAccounts) {
      return getPriorityFeesByKeys(writableAccounts.map((bytes) => toAccountKey(bytes)))
    },

    getPriorityFeesByKeys,

    get size() {
      return { samples: nextSeq - tailSeq, accounts: accounts.size, entries: entryCount }
    },
  }

  function getPriorityFeesByKeys(writableKeys: readonly string[]): WindowPriorityFees {
    const queryStamp = nextStamp()
    let n = 0
    for (let i = 0; i < writableKeys.length; i++) {
      const account = accounts.peek(writableKeys[i]!)
      if (account === undefined) continue
      dropDeadHead(account)
      const seqs = account.seqs
      ensureScratch(n + account.count, n)
      for (let k = 0; k < account.count; k++) {
        const seq = seqs[(account.head + k) % seqs.length]!
        if (!isLive(seq)) continue
        const at = seq & ringMask
        // A transaction that wrote several of the queried accounts counts once.
        if (sampleStamps[at] === queryStamp) continue
        sampleStamps[at] = queryStamp
        scratch[n++] = samplePrices[at]!
      }
    }
    if (n < minSamples) {
      if (globalDirty && globalPrices.count < minSamples) syncGlobalPrices()
      // Never answer from fewer samples than the accounts gave.
      if (globalPrices.count > n) return { ...globalPrices.getPercentiles(), source: 'global' }
    }
    return { ...getNearestRankPercentiles(scratch, n), source: 'accounts' }
  }
}
