/**
 * How an edge process reaches the user service: in this process (the embedded default: on
 * DATABASE_URL or PGlite; its gRPC port opened only when ACCOUNTS_INTERNAL_TOKEN asks for it, for
 * engines and edges elsewhere) or a remote accounts process (ACCOUNTS_URL, with that token). Also
 * where revocations travel: Redis pub/sub when REDIS_URL is set, else in-process — and with a
 * remote user service and no Redis, nothing carries them, so cached credentials live 1 s only.
 */
import type { UserServiceConfig } from './config.js'
import { startUserServiceServer } from './server.js'
import { startUserService } from './start-user-service.js'
import { getSigningKey } from './tokens/signing-key.js'
import { createInProcessInvalidationBus, getAuthCacheTtlMs, type InvalidationBus } from '../lib/auth-invalidation.js'
import { ConfigError } from '../lib/config.js'
import type { Logger } from '../lib/logger.js'
import { createRedisInvalidationBus } from '../lib/redis-invalidation-bus.js'
import { type UserServiceClient, createGrpcUserServiceClient, createInProcessUserServiceClient } from './user-service-client.js'

export interface ConnectedUserService {
  userService: UserServiceClient
  signingKey: Uint8Array
  invalidations: InvalidationBus | undefined
  authCacheTtlMs: number
  /** The in-process user service's gRPC address, when it runs here and its port was asked for. */
  grpcAddress: string | undefined
  close(): Promise<void>
}

/** Connects to (or starts) the user service per `userServiceUrl` (ACCOUNTS_URL) and `config`. */
export async function connectUserService(
  userServiceUrl: string | undefined,
  config: UserServiceConfig,
  logger: Logger,
): Promise<ConnectedUserService> {
  const invalidations = config.redisUrl ? await createRedisInvalidationBus(config.redisUrl, { logger }) : undefined
  if (userServiceUrl) {
    if (!config.jwtSecret && !config.jwtKeyFile) {
      await invalidations?.close()
      throw new ConfigError('JWT_SECRET', "the accounts service's signing key (JWT_SECRET or JWT_KEY_FILE) when ACCOUNTS_URL is set", '')
    }
    if (!config.internalToken) {
      await invalidations?.close()
      throw new ConfigError('ACCOUNTS_INTERNAL_TOKEN', "the accounts service's internal token when ACCOUNTS_URL is set", '')
    }
    const userService = createGrpcUserServiceClient(userServiceUrl, { internalToken: config.internalToken })
    return {
      userService,
      signingKey: getSigningKey(config),
      invalidations,
      authCacheTtlMs: getAuthCacheTtlMs(invalidations),
      grpcAddress: undefined,
      async close() {
        await userService.close()
        await invalidations?.close()
      },
    }
  }
  const bus = invalidations ?? createInProcessInvalidationBus({ logger })
  const started = await startUserService(config, logger, {
    onInvalidate: (event) => {
      bus.publish(event).catch((error: unknown) => logger.error({ err: error, event }, 'could not announce an invalidation'))
    },
  })
  // Nothing in this process needs the port: it is opened only for processes elsewhere, which must
  // present the token (ACCOUNTS_INTERNAL_TOKEN) — so without one there is nothing to open it for.
  const server = config.internalToken
    ? await startUserServiceServer(started.userService, config.grpcHost, config.grpcPort, {
        internalToken: config.internalToken,
        logger,
      }).catch(async (error: unknown) => {
        await started.close().catch(() => undefined)
        await bus.close()
        throw error
      })
    : undefined
  return {
    userService: createInProcessUserServiceClient(started.userService),
    signingKey: started.signingKey,
    invalidations: bus,
    authCacheTtlMs: getAuthCacheTtlMs(bus),
    grpcAddress: server?.address,
    async close() {
      await server?.close()
      await started.close()
      await bus.close()
    },
  }
}
