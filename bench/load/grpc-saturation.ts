/**
 * Closed loop over gRPC with grpc-js: `concurrency` callers on one channel, each sending its next
 * call as soon as the last one answers. Latency is per call, from send to answer.
 */
import { performance } from 'node:perf_hooks'
import { createGrpcEngineStub } from './grpc-engine-stub.js'
import { createLatencyHistogram, recordMs, type Histogram } from './latency-histogram.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'

type SaturationSpec = Extract<LoadRunSpec, { mode: 'saturation' }>

export interface ClosedLoopOutcome {
  histogram: Histogram
  errors: number
  firstError: string | null
  windowMs: number
}

/** Runs `spec`: warm-up, then the measured window; calls started inside the window are measured. */
export async function runGrpcSaturation(spec: SaturationSpec, target: Extract<LoadTarget, { kind: 'grpc' }>, hooks: WindowHooks): Promise<ClosedLoopOutcome> {
  const stub = await createGrpcEngineStub(target)
  const histogram = createLatencyHistogram()
  let errors = 0
  let firstError: string | null = null
  let counter = 0
  const windowStart = performance.now() + spec.warmupMs
  const windowEnd = windowStart + spec.durationS * 1000
  // Each edge of the window is announced exactly once: by its timer, or, when the callers stop
  // before a late timer fires, by the finally below (else the orchestrator's window stays open).
  let started = false
  let ended = false
  const announceStart = () => {
    if (started) return
    started = true
    hooks.onMeasuring()
  }
  const announceEnd = () => {
    announceStart()
    if (ended) return
    ended = true
    hooks.onMeasured()
  }
  const measuring = setTimeout(announceStart, spec.warmupMs)
  const measured = setTimeout(announceEnd, windowEnd - performance.now())

  const caller = async () => {
    for (;;) {
      const start = performance.now()
      if (start >= windowEnd) return
      const problem = await stub.call(counter++, 30_000)
      if (start < windowStart) continue
      recordMs(histogram, performance.now() - start)
      if (problem !== undefined) {
        errors++
        firstError ??= problem
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: spec.concurrency }, caller))
    return { histogram, errors, firstError, windowMs: windowEnd - windowStart }
  } finally {
    clearTimeout(measuring)
    clearTimeout(measured)
    announceEnd()
    stub.close()
  }
}
