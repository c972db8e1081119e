/**
 * The edge process: `npm run start:edge`. With ENGINE_URL it calls a remote engine over gRPC;
 * without it, it runs an engine in this process (whose gRPC port is open as well). Likewise
 * ACCOUNTS_URL names a remote accounts service, else accounts runs here.
 */
import { accountsConfigSchema } from '../accounts/config.js'
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { toListenError } from '../lib/listen-error.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { engineConfigSchema } from '../engine/config.js'
import { createEngine } from '../engine/engine.js'
import { createTenantProgramBlocks } from '../engine/programs/tenant-program-blocks.js'
import { startEngineServer } from '../engine/server.js'
import { edgeConfigSchema } from './config.js'
import { connectAccounts } from './connect-accounts.js'
import { createGrpcEngineClient, createInProcessEngineClient, type EngineClient } from './engine-client.js'
import { createEdgeServer } from './server.js'
import { createCallerServices } from './caller-services.js'
import { createDirectCallGate } from './direct-call-gate.js'
import { createAdmission } from '../lib/limits/create-admission.js'
import { openHistoryJournal } from './usage/history-journal.js'
import { join } from 'node:path'
import { restoreDailyQuota } from './limits/restore-daily-quota.js'
import { createAuthLimiter } from './limits/create-auth-limiter.js'
import { toTrustProxy } from './trust-proxy.js'

const config = readConfig(edgeConfigSchema, process.env)
const trustProxy = toTrustProxy(config.trustProxy)
const logger = createLogger('edge', config.logLevel)
// Until it serves, a failure closes what has started (a port in use: one line naming its variable).
const startup = createStartupGuard()
const accountsConfig = readConfig(accountsConfigSchema, process.env)
const accounts = await connectAccounts(config.accountsUrl, accountsConfig, logger.child({ service: 'accounts' }))
startup.closeOnFailure(() => accounts.close())
const callers = createCallerServices({
  accounts: accounts.accounts,
  signingKey: accounts.signingKey,
  admission: createAdmission({ rateLimits: config.rateLimits, redisUrl: config.redisUrl, logger }),
  logger,
  invalidations: accounts.invalidations,
  authCacheTtlMs: accounts.authCacheTtlMs,
  journal: openHistoryJournal({ dir: join(accountsConfig.dataDir, 'journal', 'history'), logger }),
})
startup.closeOnFailure(() => callers.close())
await restoreDailyQuota(callers, accounts.accounts, logger)
let engineClient: EngineClient
let stopEngine = async (): Promise<void> => undefined
if (config.engineUrl) {
  if (!config.engineInternalToken) logger.warn('ENGINE_INTERNAL_TOKEN is not set: a remote engine with a gate refuses this edge\'s calls')
  engineClient = createGrpcEngineClient(config.engineUrl, { internalToken: config.engineInternalToken })
  startup.closeOnFailure(() => engineClient.close())
} else {
  const engineConfig = readConfig(engineConfigSchema, process.env)
  // The engine here reads each tenant's program blocks from the accounts this edge uses.
  const tenantBlocks = createTenantProgramBlocks({
    load: (tenantId) => accounts.accounts.getProgramBlocks(tenantId),
    invalidations: accounts.invalidations,
  })
  const engine = createEngine(engineConfig, logger.child({ service: 'engine' }), { getTenantBlocks: (tenantId) => tenantBlocks.get(tenantId) })
  await engine.start()
  startup.closeOnFailure(() => {
    engine.stop()
    tenantBlocks.close()
  })
  // The gRPC port shares this edge's authentication, limits, quota and history.
  const grpc = await startEngineServer(engine, engineConfig.grpcHost, engineConfig.grpcPort, {
    gate: createDirectCallGate({ callers, internalToken: engineConfig.engineInternalToken }),
  })
  startup.closeOnFailure(() => grpc.close())
  engineClient = createInProcessEngineClient(engine)
  stopEngine = async () => {
    await grpc.close()
    engine.stop()
    tenantBlocks.close()
  }
}
const authLimiter = createAuthLimiter({ authLimits: config.authLimits, redisUrl: config.redisUrl, logger })
startup.closeOnFailure(() => authLimiter?.close())
const app = createEdgeServer({
  engine: engineClient,
  accounts: accounts.accounts,
  signingKey: accounts.signingKey,
  callers,
  authLimiter,
  trustProxy,
  logger,
  bodyLimitBytes: config.bodyLimitBytes,
  requestTimeoutMs: config.requestTimeoutMs,
  headersTimeoutMs: config.headersTimeoutMs,
  idleTimeoutMs: config.idleTimeoutMs,
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  maxConnections: config.maxConnections || undefined,
})
await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
  throw toListenError(error, edgeConfigSchema.port.env, `${config.host}:${config.port}`)
})
logger.info({ engine: engineClient.transport }, 'edge serving')
startup.serving()
onShutdownSignal(logger, async () => {
  // The doors drain first (stopEngine closes the gRPC port), then counts and history are written.
  await Promise.all([app.close(), stopEngine()])
  await callers.close()
  await authLimiter?.close()
  await accounts.close()
  await engineClient.close()
})
