/** The engine process: `npm run start:engine`. Reads the environment, serves gRPC, drains on signals. */
// First: V8 flags that must hold before anything allocates (lib/no-pretenuring.ts, lib/heap-growing.ts).
import '../lib/no-pretenuring.js'
import '../lib/heap-growing.js'
import { handleInfoFlags } from '../lib/info-flags.js'
import { ConfigError, readConfig } from '../lib/config.js'
import { toEndpointHost } from '../lib/endpoint-host.js'
import { createLogger } from '../lib/logger.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { createRedisInvalidationBus } from '../lib/redis-invalidation-bus.js'
import { getAuthCacheTtlMs, getAuthStaleMaxMs } from '../lib/auth-invalidation.js'
import { createGrpcUserServiceClient } from '../accounts/user-service-client.js'
import { startCallers } from '../callers/start-callers.js'
import { engineConfigSchema } from './config.js'
import { startEngine } from './start-engine.js'
import { join } from 'node:path'
import { createRedisTransactionUpdates } from '../lib/redis-transaction-updates.js'
import type { TrackedTransaction } from './contract/transaction-tracking.js'
import { ensureWritableDirectory } from '../lib/writable-directory.js'

handleInfoFlags(
  process.argv.slice(2),
  {
    command: 'node dist/engine/main.js',
    summary: 'The engine alone: simulation, detection and landing behind its gRPC port, for edges and co-located clients.',
    settings: [
      ['ENGINE_GRPC_PORT', 'its gRPC port (50051)'],
      ['ENGINE_INTERNAL_TOKEN', 'the token edges present to it'],
      ['SOLANA_RPC_URLS', 'the chain’s JSON-RPC URLs (required)'],
      ['GEYSER_ENDPOINT', 'a Yellowstone gRPC stream'],
      ['ACCOUNTS_URL', 'the accounts service, for API-key callers'],
      ['DATA_DIR', 'its history journal'],
    ],
  },
  import.meta.dirname,
)

// Until it serves, a failure closes what has started and says what is wrong in one line (a port
// in use, a wrong setting: the variable to change).
const startup = createStartupGuard()
const config = readConfig(engineConfigSchema, process.env)
const logger = createLogger('engine', config.logLevel, undefined, config.logFormat)
// Every call to the gRPC port is authenticated: by API key (checked with the user service) or by
// the edges' internal token. With neither there would be no way to tell a caller from anyone on
// the network.
if (!config.userServiceUrl && !config.engineInternalToken) {
  throw new ConfigError('ENGINE_INTERNAL_TOKEN', 'the token edges present (or ACCOUNTS_URL, to take API keys)', '')
}
if (config.userServiceUrl && !config.userServiceInternalToken) {
  throw new ConfigError('ACCOUNTS_INTERNAL_TOKEN', "the accounts service's internal token when ACCOUNTS_URL is set", '')
}
// Tenants' program blocks come from the user service (ACCOUNTS_URL), when one is named; changes
// arrive on Redis pub/sub (REDIS_URL), else a cached list is trusted for 1 s only.
const userService =
  config.userServiceUrl && config.userServiceInternalToken
    ? createGrpcUserServiceClient(config.userServiceUrl, { internalToken: config.userServiceInternalToken })
    : undefined
startup.closeOnFailure(() => userService?.close())
const invalidations = userService && config.redisUrl ? await createRedisInvalidationBus(config.redisUrl, { logger }) : undefined
startup.closeOnFailure(() => invalidations?.close())
// The gate: co-located clients authenticate with x-api-key against the user service and are
// charged and recorded as on REST; an edge running apart presents ENGINE_INTERNAL_TOKEN.
// The history journal lives there: a directory that cannot be written is one line now.
ensureWritableDirectory('DATA_DIR', config.dataDir)
const callers = userService
  ? await startCallers({
      userService,
      invalidations,
      authCacheTtlMs: getAuthCacheTtlMs(invalidations),
      authStaleMaxMs: getAuthStaleMaxMs(invalidations, config.authStaleMaxMs),
      rateLimits: config.rateLimits,
      rateLimitsRedisTimeoutMs: config.rateLimitsRedisTimeoutMs,
      redisUrl: config.redisUrl,
      // Its own journal: an edge on the same host and DATA_DIR keeps one too.
      journalDir: join(config.dataDir, 'journal', 'engine-history'),
      logger,
    })
  : undefined
startup.closeOnFailure(() => callers?.close())
// Tracked transactions' status changes go to the edges' WebSockets over Redis; without REDIS_URL
// no edge apart from this engine can push them (docs/api.md#pushes).
const transactionUpdates = config.redisUrl
  ? await createRedisTransactionUpdates<TrackedTransaction>(config.redisUrl, { logger })
  : undefined
startup.closeOnFailure(() => transactionUpdates?.close())
// startEngine stops what it started itself when its port cannot be bound.
const engine = await startEngine({ config, logger, userService, invalidations, callers, transactionUpdates })
// Endpoints by host only: their URLs may carry keys.
logger.info(
  { grpc: engine.grpcAddress, rpc: config.rpcUrls.map(toEndpointHost), accounts: config.userServiceUrl ?? null },
  'engine serving',
)
startup.serving()
onShutdownSignal(logger, async () => {
  await engine.closePort()
  await callers?.close()
  await engine.stopTracking()
  engine.stop()
  await transactionUpdates?.close()
  await invalidations?.close()
  await userService?.close()
})
