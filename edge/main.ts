/**
 * The edge process: `npm run start:edge`. With ENGINE_URL it calls a remote engine over gRPC;
 * without it, it runs an engine in this process (whose gRPC port is open as well). Likewise
 * ACCOUNTS_URL names a remote user service (the accounts process), else the user service runs
 * here.
 */
// First: V8 flags that must hold before anything allocates (lib/no-pretenuring.ts, lib/heap-growing.ts).
import '../lib/no-pretenuring.js'
import '../lib/heap-growing.js'
import { handleInfoFlags } from '../lib/info-flags.js'
import { userServiceConfigSchema } from '../accounts/config.js'
import { getAuthStaleMaxMs } from '../lib/auth-invalidation.js'
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { toListenError } from '../lib/listen-error.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { engineConfigSchema } from '../engine/config.js'
import { startEngine, type StartedEngine } from '../engine/start-engine.js'
import { edgeConfigSchema } from './config.js'
import { connectUserService } from '../accounts/connect-user-service.js'
import { createInProcessEngineClient, type EngineClient } from '../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../engine/client/grpc-engine-client.js'
import { createEdgeServer } from './server.js'
import { startCallers } from '../callers/start-callers.js'
import { join } from 'node:path'
import { createAuthLimiter } from './limits/create-auth-limiter.js'
import { toTrustProxy } from './trust-proxy.js'
import { createInProcessTransactionUpdates, type TransactionUpdates } from '../lib/transaction-updates.js'
import { createRedisTransactionUpdates } from '../lib/redis-transaction-updates.js'
import type { TrackedTransaction } from '../engine/contract/transaction-tracking.js'
import { ensureWritableDirectory } from '../lib/writable-directory.js'

handleInfoFlags(
  process.argv.slice(2),
  {
    command: 'node dist/edge/main.js',
    summary: 'The public door alone: REST and the WebSocket, calling engines and accounts over gRPC.',
    settings: [
      ['PORT', 'the REST and WebSocket port (8080)'],
      ['ENGINE_URL', 'the engines (host:port, ip:port lists, dns:///name:port)'],
      ['ACCOUNTS_URL', 'the accounts service'],
      ['ENGINE_INTERNAL_TOKEN, ACCOUNTS_INTERNAL_TOKEN', 'what it presents to them'],
      ['REDIS_URL', 'shared limits across edges'],
    ],
  },
  import.meta.dirname,
)

// Until it serves, a failure closes what has started and says what is wrong in one line (a port
// in use, a wrong setting: the variable to change).
const startup = createStartupGuard()
const config = readConfig(edgeConfigSchema, process.env)
const trustProxy = toTrustProxy(config.trustProxy)
const logger = createLogger('edge', config.logLevel, undefined, config.logFormat)
const userServiceConfig = readConfig(userServiceConfigSchema, process.env)
const users = await connectUserService(config.userServiceUrl, userServiceConfig, logger.child({ service: 'accounts' }))
startup.closeOnFailure(() => users.close())
// The history journal lives there: a directory that cannot be written is one line now.
ensureWritableDirectory('DATA_DIR', userServiceConfig.dataDir)
const callers = await startCallers({
  userService: users.userService,
  signingKey: users.signingKey,
  invalidations: users.invalidations,
  authCacheTtlMs: users.authCacheTtlMs,
  authStaleMaxMs: getAuthStaleMaxMs(users.invalidations, config.authStaleMaxMs),
  rateLimits: config.rateLimits,
  rateLimitsRedisTimeoutMs: config.rateLimitsRedisTimeoutMs,
  redisUrl: config.redisUrl,
  journalDir: join(userServiceConfig.dataDir, 'journal', 'history'),
  logger,
})
startup.closeOnFailure(() => callers.close())
// Tracked transactions' status changes, for the WebSocket pushes: over Redis when REDIS_URL is set
// (a remote engine publishes there); from the engine in this process otherwise; with a remote
// engine and no Redis, none reach this edge (docs/api.md#pushes).
const transactionUpdates: TransactionUpdates<TrackedTransaction> | undefined = config.redisUrl
  ? await createRedisTransactionUpdates(config.redisUrl, { logger })
  : config.engineUrl
    ? undefined
    : createInProcessTransactionUpdates({ logger })
startup.closeOnFailure(() => transactionUpdates?.close())
if (!transactionUpdates) logger.warn('ENGINE_URL without REDIS_URL: WebSocket clients get no pushes of their transactions')
let engineClient: EngineClient
let engine: StartedEngine | undefined
if (config.engineUrl) {
  if (!config.engineInternalToken) logger.warn("ENGINE_INTERNAL_TOKEN is not set: a remote engine with a gate refuses this edge's calls")
  engineClient = createGrpcEngineClient(config.engineUrl, { internalToken: config.engineInternalToken })
  startup.closeOnFailure(() => engineClient.close())
} else {
  // The engine here reads each tenant's program blocks from the user service this edge uses, and
  // its gRPC port shares this edge's authentication, limits, quota and history.
  engine = await startEngine({
    config: readConfig(engineConfigSchema, process.env),
    logger: logger.child({ service: 'engine' }),
    userService: users.userService,
    invalidations: users.invalidations,
    callers,
    transactionUpdates,
  })
  const started = engine
  startup.closeOnFailure(async () => {
    await started.closePort()
    started.stop()
  })
  engineClient = createInProcessEngineClient(engine.engine)
}
const authLimiter = createAuthLimiter({ authLimits: config.authLimits, redisUrl: config.redisUrl, logger })
startup.closeOnFailure(() => authLimiter?.close())
const app = createEdgeServer({
  engine: engineClient,
  userService: users.userService,
  signingKey: users.signingKey,
  callers,
  transactionUpdates,
  authLimiter,
  trustProxy,
  logger,
  bodyLimitBytes: config.bodyLimitBytes,
  requestTimeoutMs: config.requestTimeoutMs,
  headersTimeoutMs: config.headersTimeoutMs,
  idleTimeoutMs: config.idleTimeoutMs,
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  maxConnections: config.maxConnections || undefined,
  shutdownGraceMs: config.shutdownGraceMs,
  stream: { maxWatches: config.streamMaxWatches },
  dashboard: { rpcUrl: config.dashboardRpcUrl, dir: config.dashboardDir },
})
await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
  throw toListenError(error, edgeConfigSchema.port.env, `${config.host}:${config.port}`)
})
logger.info({ engine: engineClient.transport }, 'edge serving')
startup.serving()
onShutdownSignal(logger, async () => {
  // The doors drain first (REST and the engine's gRPC port), then counts and history are written.
  await Promise.all([app.close(), engine?.closePort()])
  await callers.close()
  await authLimiter?.close()
  await engine?.stopTracking()
  await users.close()
  engine?.stop()
  await engineClient.close()
  await transactionUpdates?.close()
})
