/** Open loop over gRPC (grpc-engine-stub.ts): calls leave on the fixed schedule, multiplexed on one HTTP/2 connection. */
import { createGrpcEngineStub } from './grpc-engine-stub.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import { runOpenLoop, type OpenLoopOutcome } from './open-loop.js'

type OpenSpec = Extract<LoadRunSpec, { mode: 'open' }>

/** A call's deadline: far beyond any latency worth measuring; the drain timeout ends a run first. */
const CALL_DEADLINE_MS = 30_000

/** Runs `spec` against the engine at `target.address`. */
export async function runGrpcOpenLoop(
  spec: OpenSpec,
  target: Extract<LoadTarget, { kind: 'grpc' }>,
  hooks: WindowHooks,
): Promise<OpenLoopOutcome> {
  const stub = await createGrpcEngineStub(target)
  const calls = new Set<{ cancel(): void }>()
  try {
    return await runOpenLoop({
      ...hooks,
      ratePerS: spec.ratePerS,
      warmupMs: spec.warmupMs,
      durationS: spec.durationS,
      drainTimeoutMs: spec.drainTimeoutMs,
      send(index) {
        const call = stub.call(index, CALL_DEADLINE_MS)
        calls.add(call)
        return call.finally(() => calls.delete(call))
      },
      abandon() {
        for (const call of calls) call.cancel()
      },
    })
  } finally {
    stub.close()
  }
}
