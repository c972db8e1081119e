/**
 * One client streaming `count` messages on one socket as fast as the server takes them: the next
 * message is written whenever the socket holds less than HIGH_WATER_BYTES unsent, so once the
 * server stops reading (it does while 32 simulations run for the socket, edge/ws/stream-connection.ts)
 * TCP's back-pressure reaches the sender and it waits. Each message is timed from its send to its
 * answer; that includes the time it waited in the socket buffers on both sides, which is what a
 * client that sends everything at once sees. Total time runs from the first send to the last answer.
 */
import { performance } from 'node:perf_hooks'
import { createLatencyHistogram, recordMs, type Histogram } from './latency-histogram.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import { createWebSocketLoadClient } from './websocket-load-client.js'

type StreamSpec = Extract<LoadRunSpec, { mode: 'stream' }>

export interface StreamOutcome {
  histogram: Histogram
  sent: number
  errors: number
  timeouts: number
  firstError: string | null
  /** From the first send to the last answer (or to the drain timeout), ms. */
  totalMs: number
  /** The most messages sent and not yet answered at once. */
  peakUnanswered: number
}

/** Unsent bytes on the client's socket above which it waits (ws buffers without limit otherwise). */
const HIGH_WATER_BYTES = 64 * 1024

/** Streams `spec.count` messages on one socket of `target`. */
export async function runWebSocketStream(
  spec: StreamSpec,
  target: Extract<LoadTarget, { kind: 'websocket' }>,
  hooks: WindowHooks,
): Promise<StreamOutcome> {
  const client = await createWebSocketLoadClient(target, 1)
  const histogram = createLatencyHistogram()
  let errors = 0
  let firstError: string | null = null
  let next = 0
  let answered = 0
  let peakUnanswered = 0
  let waiting = false
  let drainTimer: NodeJS.Timeout | undefined
  let lastAnswerAt = 0
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))

  const onAnswer = (startedAt: number, problem: string | undefined) => {
    const now = performance.now()
    recordMs(histogram, now - startedAt)
    lastAnswerAt = now
    answered++
    if (problem !== undefined) {
      errors++
      firstError ??= problem
    }
    if (answered === spec.count) finish()
  }
  // A write reached the kernel: the socket may be under the mark again.
  const onWritten = () => {
    if (waiting && client.getBufferedBytes(0) < HIGH_WATER_BYTES) {
      waiting = false
      pump()
    }
  }
  function pump(): void {
    while (next < spec.count) {
      if (client.getBufferedBytes(0) >= HIGH_WATER_BYTES) {
        waiting = true
        return
      }
      const startedAt = performance.now()
      void client.send(next++, 0, onWritten).then((problem) => onAnswer(startedAt, problem))
      const unanswered = next - answered
      if (unanswered > peakUnanswered) peakUnanswered = unanswered
    }
    drainTimer = setTimeout(finish, spec.drainTimeoutMs)
  }

  hooks.onMeasuring()
  const startedAt = performance.now()
  pump()
  await done
  clearTimeout(drainTimer)
  const endedAt = answered === spec.count ? lastAnswerAt : performance.now()
  hooks.onMeasured()
  const timeouts = spec.count - answered
  if (timeouts > 0) {
    client.terminate()
    errors += timeouts
    firstError ??= `${timeouts} messages unanswered ${spec.drainTimeoutMs} ms after the last was sent`
  } else {
    await client.close()
  }
  return {
    histogram,
    sent: next,
    errors,
    timeouts,
    firstError: firstError ?? client.strayProblem,
    totalMs: endedAt - startedAt,
    peakUnanswered,
  }
}
