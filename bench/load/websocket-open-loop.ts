/**
 * Open loop over the WebSocket stream: messages leave on the fixed schedule (bench/load/open-loop.ts),
 * round-robin over the target's sockets, each timed from its intended start to the answer frame
 * that carries its id.
 */
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import { runOpenLoop, type OpenLoopOutcome } from './open-loop.js'
import { createWebSocketLoadClient } from './websocket-load-client.js'

type OpenSpec = Extract<LoadRunSpec, { mode: 'open' }>

/** Runs `spec` against the stream at `target.url`. */
export async function runWebSocketOpenLoop(
  spec: OpenSpec,
  target: Extract<LoadTarget, { kind: 'websocket' }>,
  hooks: WindowHooks,
): Promise<OpenLoopOutcome> {
  const client = await createWebSocketLoadClient(target)
  let abandoned = false
  try {
    const outcome = await runOpenLoop({
      ...hooks,
      ratePerS: spec.ratePerS,
      warmupMs: spec.warmupMs,
      durationS: spec.durationS,
      drainTimeoutMs: spec.drainTimeoutMs,
      send: (index) => client.send(index, index),
      abandon() {
        abandoned = true
        client.terminate()
      },
    })
    outcome.firstError ??= client.strayProblem
    return outcome
  } finally {
    if (!abandoned) await client.close()
  }
}
