/**
 * An engine with simulate workers is ready (grpc.health.v1.Health SERVING, Kubernetes' readiness
 * probe) once its workers first started, not before: while they load, the serving thread carries
 * every call on the cores they are loading on, and a rolling update that stopped the next engine
 * meanwhile left this one the whole load at its slowest. A worker that cannot start within the
 * limit no longer holds it back.
 */
import t, { type Test } from 'tap'
import { checkGrpcHealth } from '../../../../engine/grpc/health-probe.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { startStackEngine } from '../../../helpers/stack-engine.js'
import { createStackTransfer } from '../../../helpers/stack-transfer.js'

t.setTimeout(180_000)

/** An engine with one worker, whose readiness waits `workersReadyLimitMs` at most for it. */
const startWithWorker = (t: Test, stack: Stack, workersReadyLimitMs?: number) =>
  startStackEngine(t, stack, { ENGINE_WORKERS: '1' }, workersReadyLimitMs === undefined ? {} : { workersReadyLimitMs })

t.test('not ready while its worker starts, ready once it has, and serving calls all along', async (t) => {
  const stack = await startStack(t)
  const started = await startWithWorker(t, stack)
  // A worker loads its engine and reads the chain: seconds, where this check takes milliseconds.
  t.equal(started.workers?.readyCount, 0, 'the worker is still starting')
  t.equal(await checkGrpcHealth(started.grpcAddress, 2_000), 'NOT_SERVING', 'the standard health check: not serving yet')
  t.equal(started.engine.isReady(), false, 'as the engine itself says')
  t.equal(started.workers?.readyCount, 0, 'the worker was still starting when it was asked')
  const transfer = await createStackTransfer(stack)
  const answer = await started.engine.simulate(transfer.bytes, {})
  t.equal(answer.success, true, 'a call meanwhile is served, on the serving thread')

  await started.workers?.whenReady(120_000)
  t.equal(started.workers?.readyCount, 1, 'the worker started')
  t.equal(await checkGrpcHealth(started.grpcAddress, 2_000), 'SERVING', 'then serving')
})

t.test('a worker slower than the limit no longer keeps the engine out of service', async (t) => {
  const stack = await startStack(t)
  const started = await startWithWorker(t, stack, 1)
  await new Promise((resolve) => setTimeout(resolve, 50))
  t.equal(started.workers?.readyCount, 0, 'the worker is still starting')
  t.equal(await checkGrpcHealth(started.grpcAddress, 2_000), 'SERVING', 'ready past the limit, the chain view being current')
})
