/**
 * The open-loop driver: request i is due at t0 + i/rate whatever happened to the ones before, and
 * its latency is measured from that intended start, not from when it actually left. A slow
 * answer, a stalled generator or a queue in the client therefore all show up as latency
 * (coordinated omission accounted for) instead of quietly lowering the rate.
 *
 * The driver sleeps on timers, which Node keeps to whole milliseconds: each tick sends every
 * request due within the next LOOKAHEAD_MS. One sent that little early is timed from when it
 * actually left (latency = answer − min(intended, sent)), so sending early never shortens a
 * latency, while sending late always lengthens it. It does not spin: on a 2-core machine a
 * spinning generator takes the core the server's GC and helper threads need, and the VM
 * preempts it in long slices.
 */
import { performance } from 'node:perf_hooks'
import { createLatencyHistogram, recordMs, type Histogram } from './latency-histogram.js'
import type { WindowHooks } from './load-run-spec.js'

export interface OpenLoopOptions extends WindowHooks {
  ratePerS: number
  warmupMs: number
  durationS: number
  drainTimeoutMs: number
  /** Sends request `index`; resolves undefined for a good answer, or what was wrong with it. */
  send(index: number): Promise<string | undefined>
  /** Gives up on requests still in flight after the drain timeout (destroy the pool, cancel calls). */
  abandon(): void
}

export interface OpenLoopOutcome {
  histogram: Histogram
  sent: number
  errors: number
  timeouts: number
  firstError: string | null
  /** Measured window as scheduled, ms. */
  windowMs: number
  /** From the window's start to the last measured answer (or the window's end, if later), ms. */
  answeredWithinMs: number
}

/** Requests due this soon are sent by the current tick (timers are 1 ms coarse). */
const LOOKAHEAD_MS = 1

/** Runs the schedule; resolves when every measured request is answered or the drain timed out. */
export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopOutcome> {
  const intervalMs = 1000 / options.ratePerS
  const warmupCount = Math.round((options.ratePerS * options.warmupMs) / 1000)
  const total = warmupCount + Math.max(1, Math.round(options.ratePerS * options.durationS))
  const histogram = createLatencyHistogram()
  /** Request index → when it started counting: min(intended, actually sent). */
  const inFlight = new Map<number, number>()
  let errors = 0
  let timeouts = 0
  let firstError: string | null = null
  let next = 0
  let scheduleEnded = false
  let finished = false
  let lastAnswerAt = 0
  let drainTimer: NodeJS.Timeout | undefined
  // A little lead so that the first request is not already late when the loop starts.
  const t0 = performance.now() + 5
  const intendedAt = (index: number) => t0 + index * intervalMs
  const windowStart = intendedAt(warmupCount)
  const windowEnd = intendedAt(total)

  return new Promise<OpenLoopOutcome>((resolve) => {
    const finish = () => {
      if (finished) return
      finished = true
      if (drainTimer) clearTimeout(drainTimer)
      const now = performance.now()
      for (const [index, startedAt] of inFlight) {
        if (index < warmupCount) continue
        // Still waiting: counted as an error, at the latency it had reached (a lower bound).
        recordMs(histogram, now - startedAt)
        errors++
        timeouts++
      }
      if (timeouts > 0) firstError ??= `${timeouts} requests unanswered ${options.drainTimeoutMs} ms after the schedule ended`
      if (inFlight.size > 0) options.abandon()
      resolve({
        histogram,
        sent: total - warmupCount,
        errors,
        timeouts,
        firstError,
        windowMs: windowEnd - windowStart,
        answeredWithinMs: Math.max(lastAnswerAt, windowEnd) - windowStart,
      })
    }

    const complete = (index: number, problem: string | undefined) => {
      if (finished) return
      const startedAt = inFlight.get(index) ?? intendedAt(index)
      inFlight.delete(index)
      if (index >= warmupCount) {
        const now = performance.now()
        recordMs(histogram, now - startedAt)
        lastAnswerAt = now
        if (problem !== undefined) {
          errors++
          firstError ??= problem
        }
      }
      if (scheduleEnded && inFlight.size === 0) finish()
    }

    const dispatch = (index: number, now: number) => {
      inFlight.set(index, Math.min(intendedAt(index), now))
      let sending: Promise<string | undefined>
      try {
        sending = options.send(index)
      } catch (error) {
        sending = Promise.resolve(String(error))
      }
      sending.then(
        (problem) => complete(index, problem),
        (error: unknown) => complete(index, String(error)),
      )
    }

    const tick = () => {
      const now = performance.now()
      while (next < total && intendedAt(next) <= now + LOOKAHEAD_MS) {
        if (next === warmupCount) options.onMeasuring()
        dispatch(next++, now)
      }
      if (next >= total) {
        scheduleEnded = true
        options.onMeasured()
        if (inFlight.size === 0) finish()
        else drainTimer = setTimeout(finish, options.drainTimeoutMs)
        return
      }
      setTimeout(tick, Math.max(0, Math.floor(intendedAt(next) - LOOKAHEAD_MS - performance.now())))
    }
    setTimeout(tick, 0)
  })
}
