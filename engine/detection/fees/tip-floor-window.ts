/**
 * The relay tip floor from what lands, the way priority fees are computed (priority-fee-window.ts):
 * every succeeded non-vote transaction the geyser stream carries that paid a tip
 * (streamed-tip-sample.ts) is one sample, and `getTipFloor` answers nearest-rank percentiles over
 * the samples of the last `windowSlots` slots (150: a blockhash's lifetime). Jito publishes a tip
 * floor of its own over its REST API; this one needs no extra call, covers the same slots as the
 * priority fees, and reads only what landed (a bundle that paid and failed does not raise it).
 *
 * One vote per payer: a fee payer's newest tip in the window replaces its earlier ones, so one
 * wallet — however often and however much it tips — moves each percentile by at most one rank. The
 * service's own tip wallet (`ignorePayer`) is not counted at all: its tips follow this floor (the
 * default managed tip is its p75), so counting them would feed the floor back into itself, and
 * they are amounts callers chose with the service's money.
 *
 * Coverage: a tip counts only if the stream carries its transaction, so the subscription should
 * include the tip accounts in its transaction filter (account_include); until `setTipAccounts`
 * names them (the relay's getTipAccounts), nothing is sampled.
 *
 * Bounds: one ring of at most `maxSamples` (slot, tip) pairs in preallocated typed arrays (16 bytes
 * a sample, 512 KB with the default 32,768) and a scratch copy of the same size for the
 * percentiles; past `maxSamples`, the oldest sample is overwritten (the window then covers fewer
 * slots: mainnet lands well under 200 tipping transactions a slot, 150 × 200 = 30,000).
 * Costs: `record` is a few byte comparisons a key for a transaction without a tip account;
 * `getTipFloor` copies the live samples and selects five ranks (expected O(samples)), once after
 * each change: repeated queries between two records answer the kept result.
 * The window counts a sample while its slot ≥ the last advanced slot − windowSlots.
 */
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'
import { getNearestRankValues } from '../../hot-path/geyser/nearest-rank-percentiles.js'
import { createTipAccountSet, getStreamedTipLamports, type TipAccountSet } from './streamed-tip-sample.js'
import { toAccountKey, type AccountKey } from '../../hot-path/state/account-key.js'

/** Tips paid by the transactions that landed in the window, in lamports; percentiles are null without a sample. */
export interface TipFloor {
  slots: number
  sample_count: number
  p25: number | null
  p50: number | null
  p75: number | null
  p95: number | null
  p99: number | null
}

export interface TipFloorWindow {
  /** The relay's tip accounts (base58); replaces the previous set, keeps the samples taken so far. */
  setTipAccounts(addresses: readonly string[]): void
  /** Records a streamed transaction: one sample when it succeeded and paid a tip. */
  record(update: GeyserTransactionUpdate): void
  /** Moves the window to end at `slot`: samples of slots before `slot - windowSlots` leave it. */
  advance(slot: number): void
  getTipFloor(): TipFloor
  /** Samples held (≤ maxSamples), live or waiting to be dropped. */
  readonly size: number
}

export interface TipFloorWindowOptions {
  windowSlots?: number
  maxSamples?: number
  /** A fee payer whose tips are not samples: the service's own tip wallet (32 bytes). */
  ignorePayer?: Uint8Array
}

export const TIP_FLOOR_WINDOW_DEFAULTS = Object.freeze({ windowSlots: 150, maxSamples: 32_768 })

const PERCENTILES = [25, 50, 75, 95, 99] as const

/** A tip above 2^53 − 1 lamports (nine million SOL) is held as that. */
function toLamportsNumber(tip: bigint): number {
  return tip > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(tip)
}

/** Creates an empty window; nothing is sampled before `setTipAccounts`. */
export function createTipFloorWindow(options: TipFloorWindowOptions = {}): TipFloorWindow {
  const windowSlots = options.windowSlots ?? TIP_FLOOR_WINDOW_DEFAULTS.windowSlots
  const maxSamples = options.maxSamples ?? TIP_FLOOR_WINDOW_DEFAULTS.maxSamples
  for (const [name, value] of Object.entries({ windowSlots, maxSamples })) {
    if (!Number.isSafeInteger(value) || value < 1 || value > 2 ** 24) {
      throw new RangeError(`tip floor window: ${name} must be an integer from 1 to 2^24, got ${value}`)
    }
  }
  const sampleSlots = new Float64Array(maxSamples)
  // NaN: a tip its payer tipped again since (only the newest counts).
  const sampleTips = new Float64Array(maxSamples)
  const samplePayers = new Array<AccountKey | undefined>(maxSamples)
  // Each payer's newest sample, by ring index.
  const newestByPayer = new Map<AccountKey, number>()
  const ignoredPayer = options.ignorePayer ? toAccountKey(options.ignorePayer) : undefined
  const scratch = new Float64Array(maxSamples)
  // Samples live at head .. head + count − 1 (mod maxSamples), oldest first.
  let head = 0
  let count = 0
  let cutoffSlot = -Infinity
  let tipAccounts: TipAccountSet | undefined
  let cached: TipFloor | undefined

  function computeTipFloor(): TipFloor {
    let n = 0
    for (let i = 0; i < count; i++) {
      const at = (head + i) % maxSamples
      // A straggler (recorded after a later slot) may be out of the window behind the head.
      const tip = sampleTips[at]!
      if (sampleSlots[at]! >= cutoffSlot && !Number.isNaN(tip)) scratch[n++] = tip
    }
    if (n === 0) return { slots: windowSlots, sample_count: 0, p25: null, p50: null, p75: null, p95: null, p99: null }
    const [p25, p50, p75, p95, p99] = getNearestRankValues(scratch, n, PERCENTILES) as [number, number, number, number, number]
    return { slots: windowSlots, sample_count: n, p25, p50, p75, p95, p99 }
  }

  /** Drops the oldest sample (the head); its payer's entry goes with it when it was their newest. */
  function dropHead(): void {
    const payer = samplePayers[head]
    if (payer !== undefined && newestByPayer.get(payer) === head) newestByPayer.delete(payer)
    samplePayers[head] = undefined
    head = (head + 1) % maxSamples
    count--
  }

  return {
    setTipAccounts(addresses) {
      tipAccounts = createTipAccountSet(addresses)
    },

    record(update) {
      if (tipAccounts === undefined) return
      const slot = Number(update.slot)
      if (slot < cutoffSlot) return
      const tip = getStreamedTipLamports(update, tipAccounts)
      if (tip <= 0n) return
      const payerBytes = update.transaction?.transaction?.message?.accountKeys[0]
      const payer = payerBytes === undefined ? undefined : toAccountKey(payerBytes)
      if (payer !== undefined && payer === ignoredPayer) return
      if (count === maxSamples) dropHead()
      const at = (head + count) % maxSamples
      sampleSlots[at] = slot
      sampleTips[at] = toLamportsNumber(tip)
      samplePayers[at] = payer
      if (payer !== undefined) {
        const previous = newestByPayer.get(payer)
        if (previous !== undefined) sampleTips[previous] = NaN
        newestByPayer.set(payer, at)
      }
      count++
      cached = undefined
    },

    advance(slot) {
      const cutoff = slot - windowSlots
      if (cutoff <= cutoffSlot) return
      cutoffSlot = cutoff
      // Samples arrive in slot order but for stragglers: the head stops at the first live one.
      while (count > 0 && sampleSlots[head]! < cutoffSlot) dropHead()
      cached = undefined
    },

    getTipFloor() {
      cached ??= computeTipFloor()
      return { ...cached }
    },

    get size() {
      return count
    },
  }
}
