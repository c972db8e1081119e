/**
 * Runs every path of a case: each warmed up once, then measured in `rounds` interleaved rounds
 * (the starting path rotating each round), so slow drifts in machine load hit every path alike
 * instead of whichever ran last. GC is collected between chunks when --expose-gc is on.
 */
import type { PathName } from './bench-settings.js'
import type { GcTracker } from './gc-tracker.js'
import {
  createLatencyRecorder,
  type LatencyRecorder,
  recordAsync,
  recordExternal,
  recordSync,
  warmUpAsync,
  warmUpSync,
} from './latency-recorder.js'

export type PathCall =
  | { kind: 'sync'; call: () => unknown }
  | { kind: 'async'; call: () => Promise<unknown> }
  /** Timed elsewhere (a client process): runs `count` calls and returns their timings. */
  | { kind: 'external'; call: (count: number) => Promise<{ samplesNs: number[]; wallNs: number }> }

export interface BenchPath {
  name: PathName
  /** One line on what is timed. */
  measures: string
  run: PathCall
  iterations: number
  warmup: number
}

export interface MeasuredPath extends BenchPath {
  recorder: LatencyRecorder
  /** The GC tracker's key for this path's spans. */
  gcKey: string
}

/** The share of `total` calls that round `round` of `rounds` makes. */
function getRoundCount(total: number, round: number, rounds: number): number {
  return Math.floor(total / rounds) + (round < total % rounds ? 1 : 0)
}

function collectGarbage(): void {
  if (typeof globalThis.gc === 'function') globalThis.gc()
}

/** Measures `paths` (recorders are allocated up front, before any timing). */
export async function runPaths(caseName: string, paths: readonly BenchPath[], rounds: number, gc: GcTracker): Promise<MeasuredPath[]> {
  const measured: MeasuredPath[] = paths.map((path) => ({
    ...path,
    recorder: createLatencyRecorder(path.iterations),
    gcKey: `${caseName}/${path.name}`,
  }))
  for (const path of measured) {
    if (path.run.kind === 'sync') warmUpSync(path.warmup, path.run.call)
    else if (path.run.kind === 'async') await warmUpAsync(path.warmup, path.run.call)
    else await path.run.call(path.warmup)
  }
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < measured.length; i++) {
      const path = measured[(i + round) % measured.length] as MeasuredPath
      const count = getRoundCount(path.iterations, round, rounds)
      if (count === 0) continue
      collectGarbage()
      gc.begin(path.gcKey)
      if (path.run.kind === 'sync') recordSync(path.recorder, count, path.run.call)
      else if (path.run.kind === 'async') await recordAsync(path.recorder, count, path.run.call)
      else recordExternal(path.recorder, await path.run.call(count))
      gc.end(path.gcKey)
    }
  }
  return measured
}
