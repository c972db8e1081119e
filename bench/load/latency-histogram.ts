/**
 * HDR histograms (hdr-histogram-js) for latencies, and their summary in the result format's
 * milliseconds. Load runs record integer microseconds; the in-process floor records nanoseconds.
 */
import * as hdr from 'hdr-histogram-js'
import type { LatencySummary } from './load-results.js'

export type Histogram = hdr.Histogram

/** Percentiles kept as the distribution points of a summary (the chart's x axis). */
export const DISTRIBUTION_PERCENTILES = [0, 1, 5, 10, 25, 50, 75, 90, 95, 97.5, 99, 99.5, 99.9, 99.95, 99.99, 100] as const

export const MS_PER_US = 1e-3
export const MS_PER_NS = 1e-6

/** A histogram of integer values from 1 up (it resizes itself beyond an hour of µs), 3 significant digits. */
export function createLatencyHistogram(): Histogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    bitBucketSize: 32,
    autoResize: true,
    useWebAssembly: false,
  })
}

/** `histogram` as compressed base64, to cross a process boundary (runs in several workers are merged). */
export function encodeHistogram(histogram: Histogram): string {
  return hdr.encodeIntoCompressedBase64(histogram)
}

/** A histogram encoded by encodeHistogram. */
export function decodeHistogram(base64: string): Histogram {
  return hdr.decodeFromCompressedBase64(base64, 32, false)
}

/** Records `ms` as whole microseconds (at least 1, the histogram's lowest value). */
export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.max(1, Math.round(ms * 1000)))
}

/** Four significant digits: µs-scale and second-scale figures both stay readable. */
function toFigure(ms: number): number {
  return ms === 0 ? 0 : Number(ms.toPrecision(4))
}

/** The summary of `histogram` (values in units of `msPerUnit` ms) with `errors` of its requests failed. */
export function toLatencySummary(histogram: Histogram, errors: number, msPerUnit: number): LatencySummary {
  const count = histogram.totalCount
  const maxMs = histogram.maxValue * msPerUnit
  const at = (percentile: number) => {
    if (count === 0) return 0
    if (percentile === 0) return histogram.minNonZeroValue * msPerUnit
    // A percentile is its bucket's highest equivalent value, which can lie just above the maximum seen.
    return Math.min(histogram.getValueAtPercentile(percentile) * msPerUnit, maxMs)
  }
  return {
    count,
    errors,
    meanMs: toFigure(count === 0 ? 0 : histogram.mean * msPerUnit),
    p50Ms: toFigure(at(50)),
    p90Ms: toFigure(at(90)),
    p99Ms: toFigure(at(99)),
    p999Ms: toFigure(at(99.9)),
    maxMs: toFigure(count === 0 ? 0 : maxMs),
    distribution: DISTRIBUTION_PERCENTILES.map((percentile) => [percentile, toFigure(at(percentile))]),
  }
}
