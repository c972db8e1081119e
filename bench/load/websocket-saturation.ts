/**
 * Closed loop over the WebSocket stream (bench/load/closed-loop.ts): `concurrency` callers spread
 * evenly over the target's sockets, so each socket keeps concurrency / sockets messages
 * outstanding, each caller sending its next message when the answer to its last one arrives.
 */
import { runClosedLoop, type ClosedLoopOutcome } from './closed-loop.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import { createWebSocketLoadClient } from './websocket-load-client.js'

type SaturationSpec = Extract<LoadRunSpec, { mode: 'saturation' }>

/** Runs `spec`: warm-up, then the measured window. */
export async function runWebSocketSaturation(
  spec: SaturationSpec,
  target: Extract<LoadTarget, { kind: 'websocket' }>,
  hooks: WindowHooks,
): Promise<ClosedLoopOutcome> {
  // No more sockets than callers: a socket with nothing outstanding measures nothing.
  const client = await createWebSocketLoadClient(target, Math.min(target.sockets, spec.concurrency))
  try {
    const outcome = await runClosedLoop({
      ...hooks,
      concurrency: spec.concurrency,
      warmupMs: spec.warmupMs,
      durationS: spec.durationS,
      send: (index, caller) => client.send(index, caller),
    })
    outcome.firstError ??= client.strayProblem
    return outcome
  } finally {
    await client.close()
  }
}
