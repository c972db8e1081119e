/**
 * Saturation as the highest throughput a door holds with its p99 within the limit (issue 29: ≥
 * 8,000/s with p99 ≤ 20 ms), over a sweep of requests in flight: 16 callers leave part of two
 * cores idle between the threads' hand-overs, and more callers batch more per hand-over. The sweep
 * stops at the first run past the limit (more in flight only queues longer); every run is kept.
 */
import type { FloorRun } from './floor-run.js'

export interface SaturationSweep {
  /** The run reported as saturation: the fastest within the limit, else the first (which then fails its check). */
  chosen: FloorRun
  /** Every run, in the order measured. */
  runs: FloorRun[]
}

/** Whether a run held the limit: no errors and p99 within it. */
function isWithin(run: FloorRun, p99LimitMs: number): boolean {
  return run.latency.errors === 0 && run.latency.p99Ms <= p99LimitMs
}

/** The run to report among `runs`: the highest rate within the limit, else the first. */
export function chooseSaturation(runs: readonly FloorRun[], p99LimitMs: number): FloorRun {
  const first = runs[0]
  if (!first) throw new Error('chooseSaturation: no runs')
  let best: FloorRun | undefined
  for (const run of runs) if (isWithin(run, p99LimitMs) && (!best || run.achievedRatePerS > best.achievedRatePerS)) best = run
  return best ?? first
}

/** Measures saturation at each of `concurrencies` in turn, until a run is past the limit. */
export async function sweepSaturation(
  concurrencies: readonly number[],
  p99LimitMs: number,
  measure: (concurrency: number) => Promise<FloorRun>,
): Promise<SaturationSweep> {
  const runs: FloorRun[] = []
  for (const concurrency of concurrencies) {
    const run = await measure(concurrency)
    runs.push(run)
    if (!isWithin(run, p99LimitMs)) break
  }
  return { chosen: chooseSaturation(runs, p99LimitMs), runs }
}
