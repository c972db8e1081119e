/** The engine process: `npm run start:engine`. Reads the environment, serves gRPC, drains on signals. */
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createRedisInvalidationBus } from '../lib/redis-invalidation-bus.js'
import { createGrpcAccountsClient } from '../edge/accounts-client.js'
import { engineConfigSchema } from './config.js'
import { createEngine } from './engine.js'
import { createTenantProgramBlocks } from './programs/tenant-program-blocks.js'
import { startEngineServer } from './server.js'

const config = readConfig(engineConfigSchema, process.env)
const logger = createLogger('engine', config.logLevel)
// Tenants' program blocks come from the accounts service, when one is named; changes arrive on
// Redis pub/sub (REDIS_URL), else a cached list is trusted for 1 s only.
const accounts = config.accountsUrl ? createGrpcAccountsClient(config.accountsUrl) : undefined
const invalidations = accounts && config.redisUrl ? await createRedisInvalidationBus(config.redisUrl, { logger }) : undefined
const tenantBlocks = accounts
  ? createTenantProgramBlocks({ load: (tenantId) => accounts.getProgramBlocks(tenantId), ...(invalidations ? { invalidations } : {}) })
  : undefined
const engine = createEngine(config, logger, tenantBlocks ? { getTenantBlocks: (tenantId) => tenantBlocks.get(tenantId) } : {})
await engine.start()
const server = await startEngineServer(engine, config.grpcHost, config.grpcPort)
logger.info({ grpc: server.address, rpc: config.rpcUrls, accounts: config.accountsUrl ?? null }, 'engine serving')
onShutdownSignal(logger, async () => {
  await server.close()
  engine.stop()
  tenantBlocks?.close()
  await invalidations?.close()
  await accounts?.close()
})
