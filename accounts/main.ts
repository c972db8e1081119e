/**
 * The accounts process: `npm run start:accounts`. Serves the user service (UserService) over gRPC
 * for edges and engines that run apart; with REDIS_URL it publishes credential invalidations there
 * for their auth caches.
 */
// First: V8 flags that must hold before anything allocates (lib/no-pretenuring.ts, lib/heap-growing.ts).
import '../lib/no-pretenuring.js'
import '../lib/heap-growing.js'
import { handleInfoFlags } from '../lib/info-flags.js'
import { ConfigError, readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { createRedisInvalidationBus } from '../lib/redis-invalidation-bus.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { createStartupGuard } from '../lib/startup-guard.js'
import { userServiceConfigSchema } from './config.js'
import { startUserServiceServer } from './server.js'
import { startUserService } from './start-user-service.js'

handleInfoFlags(
  process.argv.slice(2),
  {
    command: 'node dist/accounts/main.js',
    summary: 'The user service alone: users, keys, history, billing and webhooks on PostgreSQL, behind its gRPC port.',
    settings: [
      ['ACCOUNTS_GRPC_PORT', 'its gRPC port (50052)'],
      ['ACCOUNTS_INTERNAL_TOKEN', 'the token callers present (required)'],
      ['DATABASE_URL', 'PostgreSQL; unset: the embedded database under DATA_DIR'],
      ['JWT_SECRET', 'the key access tokens are signed with, shared with edges'],
    ],
  },
  import.meta.dirname,
)

// Until it serves, a failure closes what has started and says what is wrong in one line (a port
// in use, a wrong setting: the variable to change).
const startup = createStartupGuard()
const config = readConfig(userServiceConfigSchema, process.env)
const logger = createLogger('accounts', config.logLevel, undefined, config.logFormat)
// This process exists to serve its gRPC port, and that port can mint keys for any user.
if (!config.internalToken)
  throw new ConfigError('ACCOUNTS_INTERNAL_TOKEN', 'the token edges and engines present to this port (at least 32 characters)', '')
const bus = config.redisUrl ? await createRedisInvalidationBus(config.redisUrl, { logger }) : undefined
startup.closeOnFailure(() => bus?.close())
if (!bus) logger.warn('REDIS_URL is not set: edges in other processes learn of revoked credentials only when their auth cache expires')
const started = await startUserService(config, logger, {
  onInvalidate: bus
    ? (event) => {
        // The change is committed already; a lost event leaves edges on their cache TTL, so it is logged, not retried.
        bus.publish(event).catch((error: unknown) => logger.error({ err: error, event }, 'publishing an auth invalidation failed'))
      }
    : undefined,
})
startup.closeOnFailure(() => started.close())
const server = await startUserServiceServer(started.userService, config.grpcHost, config.grpcPort, {
  internalToken: config.internalToken,
  logger,
})
logger.info({ grpc: server.address, invalidations: bus ? 'redis' : 'none' }, 'accounts serving')
startup.serving()
onShutdownSignal(logger, async () => {
  await server.close()
  await started.close()
  await bus?.close()
})
