/** The engine process: `npm run start:engine`. Reads the environment, serves gRPC, drains on signals. */
import { ConfigError, readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { createRedisInvalidationBus } from '../lib/redis-invalidation-bus.js'
import { createGrpcAccountsClient } from '../edge/accounts-client.js'
import { engineConfigSchema } from './config.js'
import { createEngine } from './engine.js'
import { createTenantProgramBlocks } from './programs/tenant-program-blocks.js'
import { startEngineServer } from './server.js'
import { createCallerServices } from '../edge/caller-services.js'
import { getAuthCacheTtlMs } from '../lib/auth-invalidation.js'
import { createDirectCallGate, createInternalOnlyGate } from '../edge/direct-call-gate.js'
import { createAdmission } from '../lib/limits/create-admission.js'
import { openHistoryJournal } from '../edge/usage/history-journal.js'
import { join } from 'node:path'
import { restoreDailyQuota } from '../edge/limits/restore-daily-quota.js'

const config = readConfig(engineConfigSchema, process.env)
const logger = createLogger('engine', config.logLevel)
// Until it serves, a failure closes what has started (a port in use: one line naming its variable).
const startup = createStartupGuard()
// Every call to the gRPC port is authenticated: by API key (checked with accounts) or by the edges'
// internal token. With neither there would be no way to tell a caller from anyone on the network.
if (!config.accountsUrl && !config.engineInternalToken) {
  throw new ConfigError('ENGINE_INTERNAL_TOKEN', 'the token edges present (or ACCOUNTS_URL, to take API keys)', '')
}
if (config.accountsUrl && !config.accountsInternalToken) {
  throw new ConfigError('ACCOUNTS_INTERNAL_TOKEN', "the accounts service's internal token when ACCOUNTS_URL is set", '')
}
// Tenants' program blocks come from the accounts service, when one is named; changes arrive on
// Redis pub/sub (REDIS_URL), else a cached list is trusted for 1 s only.
const accounts =
  config.accountsUrl && config.accountsInternalToken
    ? createGrpcAccountsClient(config.accountsUrl, { internalToken: config.accountsInternalToken })
    : undefined
startup.closeOnFailure(() => accounts?.close())
const invalidations = accounts && config.redisUrl ? await createRedisInvalidationBus(config.redisUrl, { logger }) : undefined
startup.closeOnFailure(() => invalidations?.close())
const tenantBlocks = accounts
  ? createTenantProgramBlocks({ load: (tenantId) => accounts.getProgramBlocks(tenantId), ...(invalidations ? { invalidations } : {}) })
  : undefined
const engine = createEngine(config, logger, tenantBlocks ? { getTenantBlocks: (tenantId) => tenantBlocks.get(tenantId) } : {})
await engine.start()
startup.closeOnFailure(() => {
  engine.stop()
  tenantBlocks?.close()
})
// The gate: co-located clients authenticate with x-api-key against the accounts service and are
// charged and recorded as on REST; an edge running apart presents ENGINE_INTERNAL_TOKEN.
const callers = accounts
  ? createCallerServices({
      accounts,
      admission: createAdmission({ rateLimits: config.rateLimits, redisUrl: config.redisUrl, logger }),
      logger,
      ...(invalidations ? { invalidations } : {}),
      authCacheTtlMs: getAuthCacheTtlMs(invalidations),
      // Its own journal: an edge on the same host and DATA_DIR keeps one too.
      journal: openHistoryJournal({ dir: join(config.dataDir, 'journal', 'engine-history'), logger }),
    })
  : undefined
startup.closeOnFailure(() => callers?.close())
if (callers && accounts) await restoreDailyQuota(callers, accounts, logger)
const gate = callers
  ? createDirectCallGate({ callers, internalToken: config.engineInternalToken })
  : createInternalOnlyGate(config.engineInternalToken as string)
const server = await startEngineServer(engine, config.grpcHost, config.grpcPort, { gate })
logger.info({ grpc: server.address, rpc: config.rpcUrls, accounts: config.accountsUrl ?? null }, 'engine serving')
startup.serving()
onShutdownSignal(logger, async () => {
  await server.close()
  await callers?.close()
  engine.stop()
  tenantBlocks?.close()
  await invalidations?.close()
  await accounts?.close()
})
