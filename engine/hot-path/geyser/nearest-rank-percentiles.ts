/**
 * The four priority-fee percentiles (25th, 50th, 75th, 95th) by nearest rank, found by selection
 * rather than a full sort: the p-th percentile of n values is the value of rank ceil(p × n / 100)
 * (1-based, at least 1) in ascending order — the definition `getPercentile` of
 * priority-fee-sampler.ts uses, computed in integers so that p × n / 100 never lands a hair above a
 * whole number.
 */
import type { PriorityFees } from '../../contract/simulate-response.js'

/** 1-based nearest rank of the `percentile`-th percentile among `count` values (count ≥ 1). */
export function getNearestRank(percentile: number, count: number): number {
  return Math.min(count, Math.max(1, Math.ceil((percentile * count) / 100)))
}

/**
 * Moves the value of 0-based order `k` of `values[lo .. hi]` (inclusive) to index k, smaller or
 * equal values before it, larger or equal after: Hoare partitions around a median of three
 * (Wirth's FIND). Both scans stop on values equal to the pivot, so the runs of equal prices fee
 * samples are made of (0 above all) still split in halves; a range that keeps resisting the
 * pivot is sorted outright, which bounds the worst case at O(n log n).
 */
function selectInPlace(values: Float64Array, lo: number, hi: number, k: number): void {
  let rounds = 0
  while (hi > lo) {
    if (++rounds > 64) {
      values.subarray(lo, hi + 1).sort()
      return
    }
    const mid = lo + ((hi - lo) >>> 1)
    const a = values[lo]!
    const b = values[mid]!
    const c = values[hi]!
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b
    let i = lo
    let j = hi
    while (i <= j) {
      // The pivot is in the range, so neither scan runs off it.
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const v = values[i]!
        values[i++] = values[j]!
        values[j--] = v
      }
    }
    // values[lo .. j] ≤ pivot, values[i .. hi] ≥ pivot, and anything between equals it.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

/**
 * The p25 / p50 / p75 / p95 of `values[0 .. count)` by nearest rank, reordering that range.
 * Expected O(count). Values are micro-lamports per compute unit, whole numbers.
 */
export function getNearestRankPercentiles(values: Float64Array, count: number): PriorityFees {
  if (count === 0) return { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }
  // Highest rank first: each later selection only needs the prefix below the previous one, and
  // each value is read before the next selection reorders that prefix.
  const k95 = getNearestRank(95, count) - 1
  selectInPlace(values, 0, count - 1, k95)
  const veryHigh = values[k95]!
  const k75 = getNearestRank(75, count) - 1
  selectInPlace(values, 0, k95, k75)
  const high = values[k75]!
  const k50 = getNearestRank(50, count) - 1
  selectInPlace(values, 0, k75, k50)
  const medium = values[k50]!
  const k25 = getNearestRank(25, count) - 1
  selectInPlace(values, 0, k50, k25)
  return { low: values[k25]!, medium, high, very_high: veryHigh, samples: count }
}

/**
 * The nearest-rank values of any `percentiles` (each in (0, 100]) among `values[0 .. count)`
 * (count ≥ 1), in the order asked, reordering that range: the same selection as
 * getNearestRankPercentiles, for windows that report other percentiles (the tip floor's p99).
 */
export function getNearestRankValues(values: Float64Array, count: number, percentiles: readonly number[]): number[] {
  if (count < 1) throw new RangeError('getNearestRankValues needs at least one value')
  const ranks = percentiles.map((percentile) => getNearestRank(percentile, count) - 1)
  const order = ranks.map((_, i) => i).sort((a, b) => ranks[b]! - ranks[a]!)
  const answers = new Array<number>(percentiles.length)
  // Highest rank first, each selection within the prefix the previous one left below it.
  let hi = count - 1
  for (const i of order) {
    const k = ranks[i]!
    selectInPlace(values, 0, hi, k)
    answers[i] = values[k]!
    hi = k
  }
  return answers
}

/** The p25 / p50 / p75 / p95 of the ascending `sorted[0 .. count)` by nearest rank. */
export function getSortedPercentiles(sorted: Float64Array, count: number): PriorityFees {
  if (count === 0) return { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }
  return {
    low: sorted[getNearestRank(25, count) - 1]!,
    medium: sorted[getNearestRank(50, count) - 1]!,
    high: sorted[getNearestRank(75, count) - 1]!,
    very_high: sorted[getNearestRank(95, count) - 1]!,
    samples: count,
  }
}
