/** One measured run of the floor benchmark, whatever tool made it (the result file's unit). */
import type { LatencySummary } from '../load/load-results.js'
import type { GcPauseSummary } from './gc-window.js'

export type FloorMode = 'one-caller' | 'saturation' | 'open'

/** Latencies in ms, as bench/load's summaries without the distribution points. */
export type FloorLatency = Omit<LatencySummary, 'distribution'>

export interface FloorRun {
  /** The load tool and how it was set up. */
  tool: string
  mode: FloorMode
  /** Closed loop: requests in flight; null for open loop. */
  concurrency: number | null
  /** Open loop: the rate asked for; null otherwise. */
  targetRatePerS: number | null
  achievedRatePerS: number
  durationS: number
  latency: FloorLatency
  firstError: string | null
  /** The service's GC pauses over the run (its serving thread); null for a bare server. */
  gc: GcPauseSummary | null
}

/** `summary` without its distribution points. */
export function toFloorLatency(summary: LatencySummary): FloorLatency {
  const { distribution: _distribution, ...latency } = summary
  return latency
}

const figure = (ms: number) => (ms === 0 ? 0 : Number(ms.toPrecision(4)))

/** A latency from µs figures (wrk's), with `errors` of `count` requests failed. */
export function fromMicroseconds(
  figures: { p50Us: number; p90Us: number; p99Us: number; p999Us: number; maxUs: number; meanUs: number },
  count: number,
  errors: number,
): FloorLatency {
  return {
    count,
    errors,
    meanMs: figure(figures.meanUs / 1000),
    p50Ms: figure(figures.p50Us / 1000),
    p90Ms: figure(figures.p90Us / 1000),
    p99Ms: figure(figures.p99Us / 1000),
    p999Ms: figure(figures.p999Us / 1000),
    maxMs: figure(figures.maxUs / 1000),
  }
}
