/**
 * Starts an engine the way every entry point runs one (main.ts, edge/main.ts, engine/main.ts, the
 * benchmarks): each tenant's program blocks read from the user service (cached, kept current by the
 * invalidation bus), the engine itself, its gRPC port behind the gate — API keys through the
 * shared caller services, and/or the edges' internal token — and its tracked transactions' status
 * changes published on the transaction update bus, when there is one, for the edges' WebSocket
 * pushes. Beside accounts/start-user-service.ts.
 */
import type { UserService } from '../accounts/contract/index.js'
import type { CallerServices } from '../callers/caller-services.js'
import { getAuthStaleMaxMs, type InvalidationBus } from '../lib/auth-invalidation.js'
import type { Logger } from '../lib/logger.js'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { TransactionUpdates } from '../lib/transaction-updates.js'
import type { TrackedTransaction } from './contract/transaction-tracking.js'
import type { EngineConfig } from './config.js'
import { createEngine, type Engine } from './engine.js'
import { loadTipWallet } from './landing/bundle/tip-wallet.js'
import { createRedisTipLedger } from './landing/bundle/redis-tip-ledger.js'
import { createDirectCallGate, createInternalOnlyGate } from './grpc/direct-call-gate.js'
import { createTenantProgramBlocks } from './detection/programs/tenant-program-blocks.js'
import { startEngineServer } from './server.js'
import { createSimulateWorkerPool, type SimulateWorkerPool } from './hot-path/workers/simulate-worker-pool.js'
import { createUserServiceTrackingStore, type TrackingUserService } from './landing/tracking/user-service-tracking-store.js'

export interface StartEngineOptions {
  config: EngineConfig
  logger: Logger
  /** Where tenants' program blocks come from and tracking records are kept; none: the curated blacklist alone applies, and tracking lasts the process. */
  userService?: Pick<UserService, 'getProgramBlocks'> & TrackingUserService
  /** Where the user service announces changed program blocks; without it a cached list is trusted 1 s. */
  invalidations?: InvalidationBus
  /** The caller services API-key calls are authenticated, charged and recorded by; without them the port takes only ENGINE_INTERNAL_TOKEN. */
  callers?: CallerServices
  /** Where each status change of a tracked transaction is published (in-process, or Redis for edges apart); none: no pushes. */
  transactionUpdates?: Pick<TransactionUpdates<TrackedTransaction>, 'publish'>
  /** How long readiness waits for the simulate workers' first start (WORKERS_READY_LIMIT_MS; tests shorten it). */
  workersReadyLimitMs?: number
}

/**
 * How long the engine's readiness waits for its simulate workers' first start. A worker that cannot
 * start within it no longer keeps the engine out of service: its calls run on the serving thread.
 */
export const WORKERS_READY_LIMIT_MS = 30_000

export interface StartedEngine {
  /** The engine the doors call: its simulate runs on the worker threads when there are any. */
  engine: Engine
  /** The simulate workers (ENGINE_WORKERS > 0). */
  workers: SimulateWorkerPool | undefined
  /** The gRPC port's bound address. */
  grpcAddress: string
  /** Stops accepting gRPC calls and waits for those in flight (drain this beside the other doors). */
  closePort(): Promise<void>
  /**
   * Stops following sent transactions: their last writes land and unresolved ones are released to
   * the next engine. After the doors drained, before the user service closes.
   */
  stopTracking(): Promise<void>
  /** Stops the engine and its program-block cache: after every door that calls it has drained. */
  stop(): void
}

/** Starts the engine and opens its gate-kept gRPC port; on a failure, what was started is stopped. */
export async function startEngine(options: StartEngineOptions): Promise<StartedEngine> {
  const { config, logger, userService, callers } = options
  const internalToken = config.engineInternalToken
  // Every call is authenticated: by API key (callers) or by the internal token; with neither the
  // port could not tell a caller from anyone on the network.
  const gate = callers
    ? createDirectCallGate({ callers, internalToken })
    : internalToken
      ? createInternalOnlyGate(internalToken)
      : undefined
  if (!gate) throw new Error('the engine gRPC port needs caller services (API keys) or ENGINE_INTERNAL_TOKEN')
  const tenantBlocks = userService
    ? createTenantProgramBlocks({
        load: (tenantId) => userService.getProgramBlocks(tenantId),
        ...(options.invalidations ? { invalidations: options.invalidations } : {}),
        staleMaxMs: getAuthStaleMaxMs(options.invalidations, config.authStaleMaxMs),
      })
    : undefined
  // A tip wallet that cannot be read stops the start here, naming the file: managed tips would fail every call.
  const tipWallet = config.tipWalletKeypair ? await loadTipWallet(config.tipWalletKeypair) : undefined
  // One daily tip cap across every engine when they share Redis; this process's memory otherwise.
  const tipLedger = config.redisUrl ? createRedisTipLedger({ redisUrl: config.redisUrl, logger }) : undefined
  const engine = createEngine(config, logger, {
    ...(tipWallet ? { tipWallet } : {}),
    ...(tipLedger ? { tipLedger } : {}),
    ...(tenantBlocks ? { getTenantBlocks: (tenantId) => tenantBlocks.get(tenantId) } : {}),
    ...(userService ? { trackingStore: createUserServiceTrackingStore(userService) } : {}),
  })
  const stopPublishing = publishTransactionUpdates(engine, options.transactionUpdates, logger)
  let workers: SimulateWorkerPool | undefined
  try {
    await engine.start()
    workers =
      config.engineWorkers > 0
        ? createSimulateWorkerPool({
            workers: config.engineWorkers,
            config,
            logger,
            fallback: engine.simulate,
            inlineLoneCalls: config.engineWorkersInline === 'lone',
            ...(tenantBlocks ? { getTenantBlocks: (tenantId: string) => tenantBlocks.get(tenantId) } : {}),
          })
        : undefined
    // Serving starts at once: until a worker is ready its calls run on this thread's engine.
    const serving = workers ? withSimulateWorkers(engine, workers, logger, options.workersReadyLimitMs ?? WORKERS_READY_LIMIT_MS) : engine
    const server = await startEngineServer(serving, config.grpcHost, config.grpcPort, { gate })
    return {
      engine: serving,
      workers,
      grpcAddress: server.address,
      closePort: () => server.close(),
      stopTracking: () => engine.tracker.stop(),
      stop() {
        stopPublishing()
        void workers?.close()
        engine.stop()
        tenantBlocks?.close()
      },
    }
  } catch (error) {
    void workers?.close()
    stopPublishing()
    engine.stop()
    tenantBlocks?.close()
    throw error
  }
}

/**
 * The engine with its simulate served by the workers, and its health saying how many are ready.
 * The engine is the prototype, so its getters (geyser state) stay live; execute and submit keep
 * simulating on this thread's engine.
 *
 * It is ready (the standard health check, Kubernetes' readiness probe) once its workers first
 * started, or `readyLimitMs` passed. Until then the serving thread carries every call while the
 * workers load on the same cores: a rolling update that stopped the next engine then left this one
 * with the whole load at its slowest (calls past their deadline, 503 engine_unavailable). A worker
 * replaced later does not make it unready: the others and the serving thread keep serving.
 */
function withSimulateWorkers(engine: Engine, workers: SimulateWorkerPool, logger: Logger, readyLimitMs: number): Engine {
  let workersStarted = false
  const waitingSince = Date.now()
  void workers.whenReady(readyLimitMs).then(() => {
    workersStarted = true
    // (Also woken when the pool closes while they start: a shutdown, nothing to warn about.)
    if (workers.readyCount < workers.size && Date.now() - waitingSince >= readyLimitMs) {
      logger.warn(
        { ready: workers.readyCount, configured: workers.size, limitMs: readyLimitMs },
        'simulate workers not all started in time: the engine reports ready, their calls run on the serving thread',
      )
    }
  })
  const simulate: Engine['simulate'] = (transaction, options = {}) => workers.simulate(transaction, options)
  const simulateSerialized: Engine['simulateSerialized'] = (transaction, options = {}) => workers.simulateSerialized(transaction, options)
  const simulateEncoded: Engine['simulateEncoded'] = (transaction, options = {}) => workers.simulateEncoded(transaction, options)
  const getHealth: Engine['getHealth'] = () => ({ ...engine.getHealth(), workers: { configured: workers.size, ready: workers.readyCount } })
  const isReady: Engine['isReady'] = () => workersStarted && engine.isReady()
  return Object.setPrototypeOf({ simulate, simulateSerialized, simulateEncoded, getHealth, isReady }, engine) as Engine
}

/** Publishes the engine's tracking updates on `updates`; returns the function that stops. A failed publish loses one push, logged. */
function publishTransactionUpdates(engine: Engine, updates: StartEngineOptions['transactionUpdates'], logger: Logger): () => void {
  if (!updates) return () => undefined
  const failures = createLogThrottle()
  return engine.onTransactionUpdate((tenantId, transaction) => {
    updates.publish(tenantId, transaction).catch((error: unknown) => {
      const failed = failures()
      // The tracking itself is kept: only the WebSocket push of this change is lost.
      if (failed > 0) logger.warn({ err: error, failed }, 'a transaction update could not be published; its push is lost')
    })
  })
}
