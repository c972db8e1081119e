/** Closed loop over gRPC (grpc-engine-stub.ts): `concurrency` callers on one HTTP/2 connection (bench/load/closed-loop.ts). */
import { runClosedLoop, type ClosedLoopOutcome } from './closed-loop.js'
import { createGrpcEngineStub } from './grpc-engine-stub.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'

type SaturationSpec = Extract<LoadRunSpec, { mode: 'saturation' }>

/** Runs `spec` against the engine at `target.address`: warm-up, then the measured window. */
export async function runGrpcSaturation(
  spec: SaturationSpec,
  target: Extract<LoadTarget, { kind: 'grpc' }>,
  hooks: WindowHooks,
): Promise<ClosedLoopOutcome> {
  const stub = await createGrpcEngineStub(target)
  try {
    return await runClosedLoop({
      ...hooks,
      concurrency: spec.concurrency,
      warmupMs: spec.warmupMs,
      durationS: spec.durationS,
      send: (index) => stub.call(index, 30_000),
    })
  } finally {
    stub.close()
  }
}
