/**
 * The latency chart's two log scales: percentile on the HDR "1/(1−p)" axis (50 % → 2, 90 % → 10,
 * 99 % → 100: each decade of the axis is one more nine) and latency in ms on a log10 axis.
 */

/** Latencies under this (1 µs), zeros included, are drawn at the bottom of the axis: log(0) has no place. */
export const MIN_LATENCY_MS = 0.001

/** The axis never reaches past six nines: beyond that a run of this size has no data anyway. */
export const MAX_PERCENTILE_DECADES = 6

/** log10(1/(1−p)) for a percentile 0–100: 0 at 0 %, 1 at 90 %, 2 at 99 %; Infinity at 100 %. */
export function toHdrPercentileX(percentile: number): number {
  if (!(percentile < 100)) return Number.POSITIVE_INFINITY
  return -Math.log10(1 - Math.max(0, percentile) / 100)
}

/** A linear map from [domainMin, domainMax] to [rangeMin, rangeMax] (pixels; rangeMax may be the smaller). */
export function createLinearScale(domainMin: number, domainMax: number, rangeMin: number, rangeMax: number): (value: number) => number {
  const span = domainMax - domainMin
  return (value) => rangeMin + ((value - domainMin) / (span === 0 ? 1 : span)) * (rangeMax - rangeMin)
}

export interface PercentileAxis {
  /** Whole decades drawn: 4 reaches 99.99 %. */
  decades: number
  /** Where a 100 % (max) point goes: apart from the last decade when there is one, else the last decade itself. */
  maxX: number
  hasMax: boolean
  ticks: Array<{ x: number; label: string }>
}

/** `99.99%` for 4 decades, `90%` for 1. */
function toNinesLabel(decades: number): string {
  return `${(100 - 100 / 10 ** decades).toFixed(Math.max(0, decades - 2))}%`
}

/** The x axis for a set of percentiles: enough decades for the highest one below 100 (2 to 6; 4 with no data). */
export function getPercentileAxis(percentiles: readonly number[]): PercentileAxis {
  let highest = Number.NEGATIVE_INFINITY
  let hasMax = false
  for (const percentile of percentiles) {
    if (!Number.isFinite(percentile)) continue
    if (percentile >= 100) hasMax = true
    else highest = Math.max(highest, toHdrPercentileX(percentile))
  }
  // 1e-6: 99.99 % maps to 4.000000000000001, which is still the fourth decade.
  const needed = Number.isFinite(highest) ? Math.ceil(highest - 1e-6) : 4
  const decades = Math.min(MAX_PERCENTILE_DECADES, Math.max(2, needed))
  // 0 % gets a grid line but no label: with six nines it would touch the 50 % label.
  const ticks = [
    { x: 0, label: '' },
    { x: toHdrPercentileX(50), label: '50%' },
  ]
  for (let decade = 1; decade <= decades; decade++) ticks.push({ x: decade, label: toNinesLabel(decade) })
  // Wide enough that the "max" label clears the last nines' label however many decades share the width.
  const maxX = hasMax ? decades + Math.max(0.5, 0.12 * decades) : decades
  if (hasMax) ticks.push({ x: maxX, label: 'max' })
  return { decades, maxX, hasMax, ticks }
}

/** Where a percentile goes on `axis`: 100 % at `maxX`, anything past the last decade on it. */
export function toAxisX(axis: PercentileAxis, percentile: number): number {
  if (percentile >= 100) return axis.maxX
  return Math.min(toHdrPercentileX(percentile), axis.decades)
}

export interface LatencyAxis {
  /** Powers of ten: the bottom and top of the axis, ms. */
  minMs: number
  maxMs: number
  /** Every power of ten from minMs to maxMs. */
  ticksMs: number[]
}

/** The y axis: whole decades around the positive finite latencies (at least one decade; 0.1–100 ms with none). */
export function getLatencyAxis(latenciesMs: readonly number[]): LatencyAxis {
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (const ms of latenciesMs) {
    if (!Number.isFinite(ms) || ms <= 0) continue
    low = Math.min(low, Math.max(ms, MIN_LATENCY_MS))
    high = Math.max(high, ms)
  }
  if (!Number.isFinite(low)) return { minMs: 0.1, maxMs: 100, ticksMs: [0.1, 1, 10, 100] }
  const lowExponent = Math.floor(Math.log10(low) + 1e-9)
  const highExponent = Math.max(lowExponent + 1, Math.ceil(Math.log10(high) - 1e-9))
  const ticksMs: number[] = []
  // Built from the exponent, not by multiplying, so 0.1 stays 0.1 rather than 0.10000000000000002.
  for (let exponent = lowExponent; exponent <= highExponent; exponent++) ticksMs.push(Number(`1e${exponent}`))
  return { minMs: ticksMs[0] as number, maxMs: ticksMs[ticksMs.length - 1] as number, ticksMs }
}

/** log10 of a latency for `axis`, anything below the axis (zero included) held at its bottom. */
export function toAxisLog(axis: LatencyAxis, ms: number): number {
  return Math.log10(Math.max(ms, axis.minMs))
}
