/**
 * Closed loop over HTTP with autocannon: `concurrency` connections, each sending its next request
 * when the last one answers, cycling through the request bodies. autocannon's own histogram keeps
 * whole milliseconds (sub-millisecond answers would all read 0 or 1), so its latencies go into
 * ours, in microseconds, through the `histograms` option.
 */
import autocannon from 'autocannon'
import { createLatencyHistogram, recordMs, type Histogram } from './latency-histogram.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import type { ClosedLoopOutcome } from './closed-loop.js'

type SaturationSpec = Extract<LoadRunSpec, { mode: 'saturation' }>

/** The fields of autocannon's raw result (skipAggregateResult) read here. */
interface RawResult {
  totalCompletedRequests: number
  errors: number
  timeouts: number
  non2xx: number
  /** Seconds, rounded to 10 ms. */
  duration: number
}

/** The latency histogram autocannon records into: our µs HDR histogram behind its interface. */
function createAutocannonLatencies(histogram: Histogram) {
  return {
    // autocannon does not encode a custom histogram across threads (no workers here anyway).
    __custom: true,
    recordValue: (ms: number) => recordMs(histogram, ms),
    recordValueWithExpectedInterval: (ms: number) => recordMs(histogram, ms),
    reset: () => histogram.reset(),
    destroy: () => undefined,
  }
}

async function runAutocannon(options: autocannon.Options): Promise<RawResult> {
  return (await autocannon(options)) as unknown as RawResult
}

/** Runs `spec`; autocannon's durations are whole seconds (it stops on its 1 s sampling tick). */
export async function runHttpSaturation(
  spec: SaturationSpec,
  target: Extract<LoadTarget, { kind: 'http' }>,
  hooks: WindowHooks,
): Promise<ClosedLoopOutcome> {
  const headers = { ...target.headers, 'content-type': 'application/json' }
  const requests = target.bodies.map((body) => ({ method: 'POST' as const, path: target.path, headers, body }))
  const common = { url: target.origin, connections: spec.concurrency, pipelining: 1, requests, timeout: 10 }
  if (spec.warmupMs > 0) await runAutocannon({ ...common, duration: Math.max(1, Math.round(spec.warmupMs / 1000)) })
  const histogram = createLatencyHistogram()
  hooks.onMeasuring()
  const raw = await runAutocannon({
    ...common,
    duration: Math.max(1, Math.round(spec.durationS)),
    skipAggregateResult: true,
    histograms: { latencies: createAutocannonLatencies(histogram) },
  } as autocannon.Options)
  hooks.onMeasured()
  const errors = raw.errors + raw.timeouts + raw.non2xx
  const firstError = errors === 0 ? null : `${raw.non2xx} non-2xx, ${raw.errors} errors, ${raw.timeouts} timeouts`
  return { histogram, errors, firstError, windowMs: raw.duration * 1000 }
}
