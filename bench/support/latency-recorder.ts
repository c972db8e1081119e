/**
 * Per-call latency recording into a preallocated Float64Array (nanoseconds), so the harness
 * allocates nothing per call beyond the two hrtime bigints. A path's calls may be recorded in
 * several rounds; the statistics are taken over all of them.
 */

export interface LatencyRecorder {
  /** Recorded per-call latencies (ns), `count` of them at the front. */
  readonly samplesNs: Float64Array
  count: number
  /** Wall time of the measured loops, harness included (ns): throughput is count / wall time. */
  wallNs: number
}

export interface LatencyStats {
  count: number
  minUs: number
  meanUs: number
  p50Us: number
  p90Us: number
  p99Us: number
  p999Us: number
  maxUs: number
  /** Calls per second over the measured loops' wall time (one caller, sequential). */
  throughputPerS: number
}

/** A recorder for up to `capacity` calls. */
export function createLatencyRecorder(capacity: number): LatencyRecorder {
  return { samplesNs: new Float64Array(capacity), count: 0, wallNs: 0 }
}

/** Calls `fn` `count` times, unmeasured. */
export function warmUpSync(count: number, fn: () => unknown): void {
  for (let i = 0; i < count; i++) fn()
}

/** Awaits `fn` `count` times in sequence, unmeasured. */
export async function warmUpAsync(count: number, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i++) await fn()
}

/** Times `count` sequential calls of a synchronous `fn`, appending to `recorder`. */
export function recordSync(recorder: LatencyRecorder, count: number, fn: () => unknown): void {
  const samples = recorder.samplesNs
  let at = recorder.count
  const loopStart = process.hrtime.bigint()
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint()
    fn()
    samples[at++] = Number(process.hrtime.bigint() - start)
  }
  recorder.wallNs += Number(process.hrtime.bigint() - loopStart)
  recorder.count = at
}

/** Times `count` sequential awaited calls of `fn`, appending to `recorder`. */
export async function recordAsync(recorder: LatencyRecorder, count: number, fn: () => Promise<unknown>): Promise<void> {
  const samples = recorder.samplesNs
  let at = recorder.count
  const loopStart = process.hrtime.bigint()
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint()
    await fn()
    samples[at++] = Number(process.hrtime.bigint() - start)
  }
  recorder.wallNs += Number(process.hrtime.bigint() - loopStart)
  recorder.count = at
}

/** Appends timings measured in another process. */
export function recordExternal(recorder: LatencyRecorder, run: { samplesNs: number[]; wallNs: number }): void {
  recorder.samplesNs.set(run.samplesNs, recorder.count)
  recorder.count += run.samplesNs.length
  recorder.wallNs += run.wallNs
}

/** Nearest-rank percentile of an ascending array. */
function getPercentile(sorted: Float64Array, p: number): number {
  const rank = Math.max(1, Math.ceil(p * sorted.length))
  return sorted[rank - 1] as number
}

const round = (us: number) => Math.round(us * 100) / 100

/** Statistics of what `recorder` holds (sorts a copy; the recorded order is kept). */
export function getLatencyStats(recorder: LatencyRecorder): LatencyStats {
  const sorted = recorder.samplesNs.slice(0, recorder.count).sort()
  let sumNs = 0
  for (let i = 0; i < sorted.length; i++) sumNs += sorted[i] as number
  const us = (ns: number) => round(ns / 1000)
  return {
    count: sorted.length,
    minUs: us(sorted[0] ?? 0),
    meanUs: us(sorted.length === 0 ? 0 : sumNs / sorted.length),
    p50Us: us(getPercentile(sorted, 0.5)),
    p90Us: us(getPercentile(sorted, 0.9)),
    p99Us: us(getPercentile(sorted, 0.99)),
    p999Us: us(getPercentile(sorted, 0.999)),
    maxUs: us(sorted[sorted.length - 1] ?? 0),
    throughputPerS: recorder.wallNs === 0 ? 0 : Math.round(sorted.length / (recorder.wallNs / 1e9)),
  }
}

/** What one hrtime.bigint() pair costs here (ns, median of 20,000 empty timings). */
export function getTimerOverheadNs(): number {
  const recorder = createLatencyRecorder(20_000)
  recordSync(recorder, 20_000, () => undefined)
  return getPercentile(recorder.samplesNs.sort(), 0.5)
}
