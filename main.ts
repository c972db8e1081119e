/**
 * `npm start`: the whole service in one Node process on embedded defaults — localnet (unless
 * SOLANA_RPC_URLS names real nodes) whose geyser stream feeds the engine, the engine with its
 * gRPC port, the user service (on DATABASE_URL, or the embedded PGlite under DATA_DIR; its gRPC
 * port only when ACCOUNTS_INTERNAL_TOKEN asks for it), and the edge calling both in-process.
 * Each process also has its own entry point (engine/, edge/, accounts/, localnet/ main.ts).
 */
// First: V8 flags that must hold before anything allocates (lib/no-pretenuring.ts, lib/heap-growing.ts).
import './lib/no-pretenuring.js'
import './lib/heap-growing.js'
import { userServiceConfigSchema } from './accounts/config.js'
import { connectUserService } from './accounts/connect-user-service.js'
import { getAuthStaleMaxMs } from './lib/auth-invalidation.js'
import { readConfig } from './lib/config.js'
import { createLogger } from './lib/logger.js'
import { toListenError } from './lib/listen-error.js'
import { onShutdownSignal } from './lib/shutdown.js'
import { createStartupGuard } from './lib/startup-guard.js'
import { localnetConfigSchema, toWsPort } from './localnet/config.js'
import { createLocalnet, type Localnet } from './localnet/localnet.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from './localnet/seed/demo-state.js'
import { ensureLocalnetTipWallet } from './localnet/seed/tip-wallet.js'
import { LOCALNET_FREE_MANAGED_TIP_PLAN } from './engine/landing/bundle/managed-tip-plans.js'
import { engineConfigSchema } from './engine/config.js'
import { startEngine } from './engine/start-engine.js'
import { edgeConfigSchema } from './edge/config.js'
import { createInProcessEngineClient } from './engine/client/engine-client.js'
import { createEdgeServer } from './edge/server.js'
import { startCallers } from './callers/start-callers.js'
import { join } from 'node:path'
import { createAuthLimiter } from './edge/limits/create-auth-limiter.js'
import { toTrustProxy } from './edge/trust-proxy.js'
import { createInProcessTransactionUpdates, type TransactionUpdates } from './lib/transaction-updates.js'
import { createRedisTransactionUpdates } from './lib/redis-transaction-updates.js'
import type { TrackedTransaction } from './engine/contract/transaction-tracking.js'
import { toEndpointHost } from './lib/endpoint-host.js'
import { startGcPauseReport } from './lib/gc-pause-report.js'
import { ensureWritableDirectory } from './lib/writable-directory.js'
import { handleInfoFlags } from './lib/info-flags.js'
import { assertPortsFree } from './lib/ports-free.js'

handleInfoFlags(
  process.argv.slice(2),
  {
    command: 'node dist/main.js (npm start)',
    summary:
      'The whole service in one process: localnet (a local chain, unless SOLANA_RPC_URLS names real nodes), the engine and its gRPC port, accounts (on DATABASE_URL or an embedded PostgreSQL under DATA_DIR) and the REST/WebSocket edge.',
    settings: [
      ['PORT', 'the REST and WebSocket port (8080)'],
      ['HOST', 'the address it listens on (127.0.0.1)'],
      ['SOLANA_RPC_URLS', 'mainnet JSON-RPC URLs, comma-separated; unset: localnet'],
      ['GEYSER_ENDPOINT', 'a Yellowstone gRPC stream; unset: localnet’s, or RPC polling'],
      ['DATABASE_URL', 'PostgreSQL; unset: the embedded database under DATA_DIR'],
      ['REDIS_URL', 'shared rate limits and buses for several processes; unset: in-process'],
      ['DATA_DIR', 'where the embedded database, keys and journals live (./data)'],
      ['LOG_LEVEL, LOG_FORMAT', 'info; auto (readable on a terminal, JSON otherwise), json or pretty'],
    ],
  },
  import.meta.dirname,
)
// Until it serves, a failure closes what has started and says what is wrong in one line (a port
// in use, a wrong setting: the variable to change).
const startup = createStartupGuard()
// Benchmarks only (bench/README.md#floor): the serving thread's GC pauses, written on SIGUSR2.
if (process.env.BENCH_GC_REPORT) startGcPauseReport(process.env.BENCH_GC_REPORT)
const edgeConfig = readConfig(edgeConfigSchema, process.env)
const trustProxy = toTrustProxy(edgeConfig.trustProxy)
let engineConfig = readConfig(engineConfigSchema, process.env)
const userServiceConfig = readConfig(userServiceConfigSchema, process.env)
const logger = createLogger('preflight', edgeConfig.logLevel, undefined, edgeConfig.logFormat)

let localnet: Localnet | undefined
// A second copy (ports, DATA_DIR) is told of everything in its way at once, before anything starts.
const plannedLocalnet = process.env.SOLANA_RPC_URLS ? undefined : readConfig(localnetConfigSchema, process.env)
await assertPortsFree([
  ...(plannedLocalnet
    ? [
        { variable: 'LOCALNET_GEYSER_PORT', host: plannedLocalnet.host, port: plannedLocalnet.geyserPort },
        { variable: 'LOCALNET_RPC_PORT', host: plannedLocalnet.host, port: plannedLocalnet.rpcPort },
        { variable: 'LOCALNET_RELAY_PORT', host: plannedLocalnet.host, port: plannedLocalnet.relayPort },
        { variable: 'LOCALNET_WS_PORT', host: plannedLocalnet.host, port: toWsPort(plannedLocalnet) },
      ]
    : []),
  { variable: 'ENGINE_GRPC_PORT', host: engineConfig.grpcHost, port: engineConfig.grpcPort },
  ...(userServiceConfig.internalToken
    ? [{ variable: 'ACCOUNTS_GRPC_PORT', host: userServiceConfig.grpcHost, port: userServiceConfig.grpcPort }]
    : []),
  { variable: 'PORT', host: edgeConfig.host, port: edgeConfig.port },
])
// The tip wallet's key and the embedded database live there: a directory that cannot be written is one line now.
ensureWritableDirectory('DATA_DIR', userServiceConfig.dataDir)
// Said before the seconds of silence a first start takes (localnet's programs, the embedded database's creation).
logger.info(
  {
    localnet: !process.env.SOLANA_RPC_URLS,
    database: userServiceConfig.databaseUrl ? 'postgres' : `embedded (${userServiceConfig.dataDir})`,
  },
  'starting: localnet, engine, accounts, edge (a first start creates the embedded database: a few seconds)',
)
if (plannedLocalnet) {
  const localnetConfig = plannedLocalnet
  localnet = await createLocalnet(localnetConfig, logger.child({ service: 'localnet' }))
  startup.closeOnFailure(() => localnet?.close())
  // The engine follows localnet as it would mainnet: JSON-RPC for misses, the geyser stream for
  // everything that changes (unless GEYSER_ENDPOINT names another stream).
  // Its relay too, with a funded tip wallet and its RPC as the staked endpoint, so every submit
  // strategy lands on embedded defaults (docs/relay.md#try-it-on-localnet).
  const tipWalletKeypair = engineConfig.tipWalletKeypair ?? join(userServiceConfig.dataDir, 'localnet-tip-wallet.json')
  const tipWallet = engineConfig.tipWalletKeypair ? undefined : await ensureLocalnetTipWallet(localnet.chain, tipWalletKeypair)
  // Localnet's SOL is airdropped and billing is off until Stripe is set up: without an allowance no
  // user could try a managed tip. Against a real chain the free plan pays none unless configured.
  const freeTips = process.env.FREE_MANAGED_TIP_MAX_LAMPORTS === undefined && process.env.FREE_MANAGED_TIP_DAILY_LAMPORTS === undefined
  engineConfig = Object.freeze({
    ...engineConfig,
    ...(freeTips
      ? {
          freeManagedTipMaxLamports: Number(LOCALNET_FREE_MANAGED_TIP_PLAN.maxPerCallLamports),
          freeManagedTipDailyLamports: Number(LOCALNET_FREE_MANAGED_TIP_PLAN.maxPerDayLamports),
        }
      : {}),
    rpcUrls: [localnet.rpcUrl],
    geyserEndpoints: engineConfig.geyserEndpoints.length > 0 ? engineConfig.geyserEndpoints : [localnet.geyserUrl],
    relayUrl: engineConfig.relayUrl ?? localnet.relayUrl,
    sendStakedRpcUrls: engineConfig.sendStakedRpcUrls.length > 0 ? engineConfig.sendStakedRpcUrls : [localnet.rpcUrl],
    tipWalletKeypair,
  })
  if (tipWallet) logger.info({ tipWallet, file: tipWalletKeypair }, 'localnet tip wallet funded')
  if (freeTips) {
    logger.info(
      {
        freeManagedTipMaxLamports: engineConfig.freeManagedTipMaxLamports,
        freeManagedTipDailyLamports: engineConfig.freeManagedTipDailyLamports,
      },
      'localnet: callers without a card may have managed tips paid from the tip wallet, within these caps (FREE_MANAGED_TIP_*)',
    )
  }
}

// The user service first: the engine reads each tenant's program blocks from it (cached, kept
// current by the same invalidation bus as revoked credentials).
const users = await connectUserService(undefined, userServiceConfig, logger.child({ service: 'accounts' }))
startup.closeOnFailure(() => users.close())
// One set of caller services for every door: a user has one rate limit, one quota and one
// history whether they call REST, the WebSocket or the gRPC port.
const callers = await startCallers({
  userService: users.userService,
  signingKey: users.signingKey,
  invalidations: users.invalidations,
  authCacheTtlMs: users.authCacheTtlMs,
  authStaleMaxMs: getAuthStaleMaxMs(users.invalidations, edgeConfig.authStaleMaxMs),
  rateLimits: edgeConfig.rateLimits,
  rateLimitsRedisTimeoutMs: edgeConfig.rateLimitsRedisTimeoutMs,
  redisUrl: edgeConfig.redisUrl,
  journalDir: join(userServiceConfig.dataDir, 'journal', 'history'),
  logger: logger.child({ service: 'edge' }),
})
startup.closeOnFailure(() => callers.close())
// Tracked transactions' status changes, from the engine to their owners' WebSockets: over Redis
// when REDIS_URL is set (processes behind one balancer push to each other's sockets), else here.
const transactionUpdates: TransactionUpdates<TrackedTransaction> = edgeConfig.redisUrl
  ? await createRedisTransactionUpdates(edgeConfig.redisUrl, { logger })
  : createInProcessTransactionUpdates({ logger })
startup.closeOnFailure(() => transactionUpdates.close())
const engine = await startEngine({
  config: engineConfig,
  logger: logger.child({ service: 'engine' }),
  userService: users.userService,
  invalidations: users.invalidations,
  callers,
  transactionUpdates,
})
startup.closeOnFailure(async () => {
  await engine.closePort()
  engine.stop()
})
const authLimiter = createAuthLimiter({ authLimits: edgeConfig.authLimits, redisUrl: edgeConfig.redisUrl, logger })
startup.closeOnFailure(() => authLimiter?.close())
const app = createEdgeServer({
  engine: createInProcessEngineClient(engine.engine),
  userService: users.userService,
  signingKey: users.signingKey,
  callers,
  transactionUpdates,
  authLimiter,
  trustProxy,
  logger: logger.child({ service: 'edge' }),
  bodyLimitBytes: edgeConfig.bodyLimitBytes,
  requestTimeoutMs: edgeConfig.requestTimeoutMs,
  headersTimeoutMs: edgeConfig.headersTimeoutMs,
  idleTimeoutMs: edgeConfig.idleTimeoutMs,
  keepAliveTimeoutMs: edgeConfig.keepAliveTimeoutMs,
  maxConnections: edgeConfig.maxConnections || undefined,
  shutdownGraceMs: edgeConfig.shutdownGraceMs,
  stream: { maxWatches: edgeConfig.streamMaxWatches },
  dashboard: { rpcUrl: edgeConfig.dashboardRpcUrl ?? localnet?.rpcUrl, dir: edgeConfig.dashboardDir },
})
const restAddress = await app.listen({ host: edgeConfig.host, port: edgeConfig.port }).catch((error: unknown) => {
  throw toListenError(error, edgeConfigSchema.port.env, `${edgeConfig.host}:${edgeConfig.port}`)
})
logger.info(
  {
    rest: restAddress,
    grpc: engine.grpcAddress,
    // Opened only when ACCOUNTS_INTERNAL_TOKEN is set: nothing in this process needs it.
    accountsGrpc: users.grpcAddress ?? 'off (ACCOUNTS_INTERNAL_TOKEN unset: edges and engines in other processes cannot call it)',
    database: userServiceConfig.databaseUrl ? 'postgres' : `embedded (${userServiceConfig.dataDir})`,
    // Endpoints by host only: their URLs may carry keys (a token in the path, the query or userinfo).
    rpc: engineConfig.rpcUrls.map(toEndpointHost),
    // The chain's PubSub WebSocket, for a Solana client pointed at localnet.
    ...(localnet ? { localnetWs: localnet.wsUrl } : {}),
    geyser: engineConfig.geyserEndpoints.map(toEndpointHost),
    relay: engineConfig.relayUrl ? toEndpointHost(engineConfig.relayUrl) : null,
    ...(localnet ? { localnetDemo: { wallets: DEMO_WALLETS, mint: DEMO_MINT, tokenAccounts: DEMO_TOKEN_ACCOUNTS } } : {}),
  },
  'preflight serving',
)

startup.serving()
onShutdownSignal(logger, async () => {
  // The doors first (in-flight requests, WebSocket messages and gRPC calls finish), then what
  // they counted and recorded is written to the user service.
  await Promise.all([app.close(), engine.closePort()])
  await callers.close()
  await authLimiter?.close()
  // Tracking writes to the user service: its last writes go before that closes.
  await engine.stopTracking()
  await users.close()
  engine.stop()
  await transactionUpdates.close()
  await localnet?.close()
})
