/**
 * Several load workers (bench/load/load-worker.ts), each a process of its own, driven as one: a
 * run's rate or callers are split between them and their histograms merged, so that no single
 * generator's event loop is what a door's figure measures.
 */
import { createLoadWorker, type LoadWorker } from '../load/load-worker-client.js'
import { decodeHistogram, MS_PER_US, toLatencySummary } from '../load/latency-histogram.js'
import type { LoadRunSpec, WindowHooks, WorkerRunResult } from '../load/load-run-spec.js'
import { toFloorLatency, type FloorRun } from './floor-run.js'

export interface WorkerPool {
  readonly size: number
  /** Runs `spec` split over the workers; `hooks` fire with the first worker's window. */
  run(spec: Exclude<LoadRunSpec, { mode: 'stream' }>, hooks?: Partial<WindowHooks>): Promise<Omit<FloorRun, 'gc' | 'mode'>>
  close(): Promise<void>
}

/** `total` split into `parts` integers as even as possible (the first ones larger). */
export function splitEvenly(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0))
}

function splitSpec(spec: Exclude<LoadRunSpec, { mode: 'stream' }>, workers: number): Array<Exclude<LoadRunSpec, { mode: 'stream' }>> {
  if (spec.mode === 'open') return Array.from({ length: workers }, () => ({ ...spec, ratePerS: spec.ratePerS / workers }))
  return splitEvenly(spec.concurrency, workers)
    .filter((concurrency) => concurrency > 0)
    .map((concurrency) => ({ ...spec, concurrency }))
}

function merge(results: WorkerRunResult[], spec: Exclude<LoadRunSpec, { mode: 'stream' }>): Omit<FloorRun, 'gc' | 'mode'> {
  const [first, ...others] = results.map((result) => decodeHistogram(result.histogram))
  if (!first) throw new Error('no worker ran')
  for (const other of others) first.add(other)
  const errors = results.reduce((sum, result) => sum + result.latency.errors, 0)
  const cpu = results.map((result) => `${result.generatorCpuPct}%`).join(' + ')
  return {
    tool: `${results.length} load worker process${results.length === 1 ? '' : 'es'}: ${(results[0] as WorkerRunResult).generator} (CPU ${cpu})`,
    concurrency: spec.mode === 'saturation' ? spec.concurrency : null,
    targetRatePerS: spec.mode === 'open' ? spec.ratePerS : null,
    achievedRatePerS: Math.round(results.reduce((sum, result) => sum + result.achievedRatePerS, 0) * 10) / 10,
    durationS: Math.max(...results.map((result) => result.durationS)),
    latency: toFloorLatency(toLatencySummary(first, errors, MS_PER_US)),
    firstError: results.find((result) => result.firstError)?.firstError ?? null,
  }
}

/** Spawns `size` workers in `cwd` (the repository). */
export function createWorkerPool(cwd: string, size: number): WorkerPool {
  const workers: LoadWorker[] = Array.from({ length: size }, () => createLoadWorker(cwd))
  return {
    size,
    async run(spec, hooks = {}) {
      const parts = splitSpec(spec, size)
      const results = await Promise.all(parts.map((part, i) => (workers[i] as LoadWorker).run(part, i === 0 ? hooks : {})))
      return merge(results, spec)
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.close()))
    },
  }
}
