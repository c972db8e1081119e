/**
 * Whether the serving thread has time to simulate a call itself. A hop to a worker costs a one-call
 * caller about 0.15 ms at the median (the message both ways and waking a sleeping thread,
 * measured by bench:floor), more than the simulation; under load the hop is what frees the serving
 * thread. So a call runs on the serving thread while its event loop is mostly idle and it is the
 * first call of this turn of the loop (a batch's other items, and a burst, go to the workers). The
 * busy share is measured over the time since the previous measurement, at least SAMPLE_MS, when a
 * call comes: no timer, and a burst after a quiet spell is seen within two windows.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks'

/** The event loop's busy share above which calls go to the workers, and below which they come back (hysteresis). */
export const BUSY_ABOVE = 0.5
export const IDLE_BELOW = 0.3
/** The shortest window the loop's utilisation is measured over (read when a call comes, never on a timer). */
export const SAMPLE_MS = 10

export interface ServingThreadLoad {
  /** True when this call may run on the serving thread; counts it as this turn's call. */
  takeInlineCall(): boolean
}

export function createServingThreadLoad(): ServingThreadLoad {
  let busy = false
  let inlineThisTurn = false
  let last: EventLoopUtilization = performance.eventLoopUtilization()
  let lastAt = performance.now()
  const endTurn = () => {
    inlineThisTurn = false
  }
  return {
    takeInlineCall() {
      const now = performance.now()
      if (now - lastAt >= SAMPLE_MS) {
        const current = performance.eventLoopUtilization()
        const { utilization } = performance.eventLoopUtilization(current, last)
        busy = busy ? utilization > IDLE_BELOW : utilization > BUSY_ABOVE
        last = current
        lastAt = now
      }
      if (busy || inlineThisTurn) return false
      inlineThisTurn = true
      setImmediate(endTurn)
      return true
    },
  }
}
