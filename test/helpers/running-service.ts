/**
 * The whole service running as `npm start` composes it — localnet, engine (with its gRPC port and
 * gate), the user service, the edge on a real port — in this process, with an injected clock, so an
 * end-to-end test can drive it over real sockets (HTTP, WebSocket, gRPC) and cross a UTC midnight
 * without waiting for one. Rate limits and the account routes' limits are on, with their default
 * plans: in Redis when REDIS_URL is set, in memory otherwise.
 */
import type { Test } from 'tap'
import { createCallerServices, type CallerServices } from '../../callers/caller-services.js'
import type { HistoryJournal } from '../../callers/history-journal.js'
import { createDirectCallGate } from '../../engine/grpc/direct-call-gate.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { createTenantProgramBlocks, type TenantProgramBlocks } from '../../engine/detection/programs/tenant-program-blocks.js'
import { startEngineServer } from '../../engine/server.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createRedisAdmission } from '../../lib/limits/redis-admission.js'
import { createTestUserService, createTestClock, type TestUserService, type TestClock } from './user-service.js'
import { createTestAuthLimiter } from './auth-limiter.js'
import { quietLogger, startStack, type Stack } from './stack.js'

export interface RunningService {
  stack: Stack
  users: TestUserService
  callers: CallerServices
  clock: TestClock
  /** http://127.0.0.1:port */
  restUrl: string
  /** ws://127.0.0.1:port */
  wsUrl: string
  /** 127.0.0.1:port of the engine's gRPC port (with its gate). */
  grpcAddress: string
  /** Closes the doors, then writes what they recorded (as SIGTERM does). */
  close(): Promise<void>
}

export interface RunningServiceOptions {
  /** The history journal every door's records go through, as `npm start` has one; none: records in memory only. Closed with the service. */
  journal?: HistoryJournal
}

/** Starts the service for `t` (closed with it) with the clock at `startMs`. */
export async function startRunningService(t: Test, startMs: number, options: RunningServiceOptions = {}): Promise<RunningService> {
  let tenantBlocks: TenantProgramBlocks | undefined
  const stack = await startStack(t, {
    engineOptions: { getTenantBlocks: (tenantId) => (tenantBlocks as TenantProgramBlocks).get(tenantId) },
  })
  const clock = createTestClock(startMs)
  const users = await createTestUserService(t, { clock })
  tenantBlocks = createTenantProgramBlocks({ load: (tenantId) => users.userService.getProgramBlocks(tenantId), invalidations: users.bus })
  const callers = createCallerServices({
    userService: users.userService,
    signingKey: users.signingKey,
    // A loaded CI machine can take Redis past the production 200 ms fail-open timeout; the
    // assertions here are about the limits, so they wait for Redis instead of failing open.
    admission: process.env.REDIS_URL
      ? createRedisAdmission({ redisUrl: process.env.REDIS_URL, logger: quietLogger, commandTimeoutMs: 5_000 })
      : createInProcessAdmission(),
    logger: quietLogger,
    invalidations: users.bus,
    journal: options.journal,
    now: clock.now,
  })
  const grpc = await startEngineServer(stack.engine, '127.0.0.1', 0, { gate: createDirectCallGate({ callers }) })
  const app = createEdgeServer({
    engine: createInProcessEngineClient(stack.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    // A key prefix of its own (in Redis): a rerun within the hour must not find this run's buckets.
    authLimiter: createTestAuthLimiter(t).limiter,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: clock.now,
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= (async () => {
      await Promise.all([app.close(), grpc.close()])
      await callers.close()
      tenantBlocks?.close()
    })()
    return closed
  }
  t.teardown(close)
  return { stack, users, callers, clock, restUrl: address, wsUrl: address.replace(/^http/, 'ws'), grpcAddress: grpc.address, close }
}
