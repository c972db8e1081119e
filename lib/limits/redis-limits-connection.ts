/**
 * The Redis connection of a limiter (admission, keyed limiter), set up to fail open promptly: a
 * command timeout, no offline queue of retries, one throttled warning per outage, and a close
 * that leaves no socket or reconnect timer behind. `openRedisLimitsStore` is what both limiters
 * build on: the connection (their own, or the caller's), the outage gate and the close.
 */
import { Redis } from 'ioredis'
import { createLogThrottle } from '../log-throttle.js'
import type { Logger } from '../logger.js'

/** Where a script answers; a connection in another state is down, and the call fails open at once instead of queueing. */
const USABLE_STATUSES = new Set(['wait', 'connecting', 'connect', 'ready'])

export interface RedisLimitsConnectionOptions {
  /** No reply within this many ms counts as Redis down (fail open). Default 200. */
  commandTimeoutMs?: number
  /** Default 1,000. */
  connectTimeoutMs?: number
}

export interface RedisLimitsStoreOptions extends RedisLimitsConnectionOptions {
  /** Opens (and on close, quits) a connection of its own. */
  redisUrl?: string
  /**
   * Or a connection owned by the caller, left open by close(). Fail-open is only as prompt as its
   * options make it: give it a `commandTimeout` (ioredis has none by default) and `maxRetriesPerRequest: 0`.
   */
  redis?: Redis
  logger: Logger
}

/** A limiter's connection with its outage handling. */
export interface RedisLimitsStore {
  readonly redis: Redis
  /** Whether a command can be sent now; when not, the outage is warned about (not while closing) and the caller fails open. */
  isUsable(): boolean
  /** Warns (at most once every 10 s) that a command failed: the caller fails open. */
  warnOutage(error: unknown): void
  /** Quits an own connection (once); a caller's connection is left open. */
  close(): Promise<void>
}

/** Opens the store of a limiter; `outageMessage` says what failing open means for it. */
export function openRedisLimitsStore(options: RedisLimitsStoreOptions, outageMessage: string): RedisLimitsStore {
  const ownsConnection = options.redis === undefined
  let redis: Redis
  if (options.redis) redis = options.redis
  else if (options.redisUrl !== undefined) redis = createRedisLimitsConnection(options.redisUrl, options)
  else throw new Error('a Redis limiter needs redisUrl or redis')
  const warnOutage = createOutageWarning(options.logger, outageMessage)
  // Ours to watch: without a listener ioredis prints every reconnection error to the console.
  if (ownsConnection) redis.on('error', warnOutage)
  let closing: Promise<void> | null = null
  return {
    redis,
    isUsable() {
      if (USABLE_STATUSES.has(redis.status)) return true
      if (closing === null) warnOutage(redis.status)
      return false
    },
    warnOutage,
    close() {
      closing ??= ownsConnection ? closeRedisLimitsConnection(redis) : Promise.resolve()
      return closing
    },
  }
}

/** Opens a connection to `redisUrl` for a limiter. */
function createRedisLimitsConnection(redisUrl: string, options: RedisLimitsConnectionOptions): Redis {
  return new Redis(redisUrl, {
    commandTimeout: options.commandTimeoutMs ?? 200,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    // Calls made while the connection is lost fail (open) at the next reconnect attempt instead
    // of piling up in the offline queue; the ones made while first connecting wait for it.
    maxRetriesPerRequest: 0,
  })
}

/** A warning about an unreachable Redis, logged at most once every 10 s; `detail` is the error, or the connection's status when no command was sent. */
function createOutageWarning(logger: Logger, message: string): (detail: unknown) => void {
  const outages = createLogThrottle()
  return (detail) => {
    if (outages() === 0) return
    const fields = detail instanceof Error ? { err: detail } : { redisStatus: detail }
    logger.warn(fields, message)
  }
}

/** QUIT waits for the replies already asked for; a connection that cannot take it is dropped. */
async function closeRedisLimitsConnection(connection: Redis): Promise<void> {
  try {
    await connection.quit()
  } catch {
    // An ended connection is left alone: disconnecting it again arms a 2 s timer in ioredis.
    if (connection.status !== 'end') connection.disconnect()
  }
}
