/**
 * The closed loop of the gRPC and WebSocket generators: `concurrency` callers, each sending its
 * next request as soon as the last one answers. Latency is per request, from send to answer;
 * requests started inside the measured window (after the warm-up) are measured.
 */
import { performance } from 'node:perf_hooks'
import { createLatencyHistogram, recordMs, type Histogram } from './latency-histogram.js'
import type { WindowHooks } from './load-run-spec.js'

export interface ClosedLoopOutcome {
  histogram: Histogram
  errors: number
  firstError: string | null
  windowMs: number
}

export interface ClosedLoopOptions extends WindowHooks {
  concurrency: number
  warmupMs: number
  durationS: number
  /** Sends request `index` for caller `caller`; resolves undefined for a good answer, or what was wrong with it. */
  send(index: number, caller: number): Promise<string | undefined>
}

/** Runs the callers until the window ends; resolves when each has had its last answer. */
export async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopOutcome> {
  const histogram = createLatencyHistogram()
  let errors = 0
  let firstError: string | null = null
  let counter = 0
  const windowStart = performance.now() + options.warmupMs
  const windowEnd = windowStart + options.durationS * 1000
  // Each edge of the window is announced exactly once: by its timer, or, when the callers stop
  // before a late timer fires, by the finally below (else the orchestrator's window stays open).
  let started = false
  let ended = false
  const announceStart = () => {
    if (started) return
    started = true
    options.onMeasuring()
  }
  const announceEnd = () => {
    announceStart()
    if (ended) return
    ended = true
    options.onMeasured()
  }
  const measuring = setTimeout(announceStart, options.warmupMs)
  const measured = setTimeout(announceEnd, windowEnd - performance.now())

  const caller = async (_: unknown, id: number) => {
    for (;;) {
      const start = performance.now()
      if (start >= windowEnd) return
      const problem = await options.send(counter++, id)
      if (start < windowStart) continue
      recordMs(histogram, performance.now() - start)
      if (problem !== undefined) {
        errors++
        firstError ??= problem
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: options.concurrency }, caller))
    return { histogram, errors, firstError, windowMs: windowEnd - windowStart }
  } finally {
    clearTimeout(measuring)
    clearTimeout(measured)
    announceEnd()
  }
}
