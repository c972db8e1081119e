/**
 * The Redis connection of a limiter (admission, keyed limiter), set up to fail open promptly: a
 * command timeout, no offline queue of retries, one throttled warning per outage, and a close
 * that leaves no socket or reconnect timer behind.
 */
import { Redis } from 'ioredis'
import type { Logger } from '../logger.js'

/** Where a script answers; a connection in another state is down, and the call fails open at once instead of queueing. */
const USABLE_STATUSES = new Set(['wait', 'connecting', 'connect', 'ready'])

/** At most one warning about an unreachable Redis in this window. */
const OUTAGE_WARNING_INTERVAL_MS = 10_000

export interface RedisLimitsConnectionOptions {
  /** No reply within this many ms counts as Redis down (fail open). Default 200. */
  commandTimeoutMs?: number
  /** Default 1,000. */
  connectTimeoutMs?: number
}

/** Opens a connection to `redisUrl` for a limiter. */
export function createRedisLimitsConnection(redisUrl: string, options: RedisLimitsConnectionOptions): Redis {
  return new Redis(redisUrl, {
    commandTimeout: options.commandTimeoutMs ?? 200,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    // Calls made while the connection is lost fail (open) at the next reconnect attempt instead
    // of piling up in the offline queue; the ones made while first connecting wait for it.
    maxRetriesPerRequest: 0,
  })
}

/** Whether a command sent on `redis` now can be answered. */
export function isRedisUsable(redis: Redis): boolean {
  return USABLE_STATUSES.has(redis.status)
}

/** A warning about an unreachable Redis, logged at most once every 10 s; `detail` is the error, or the connection's status when no command was sent. */
export function createOutageWarning(logger: Logger, message: string): (detail: unknown) => void {
  let lastWarningMs = -Infinity
  return (detail) => {
    const now = Date.now()
    if (now - lastWarningMs < OUTAGE_WARNING_INTERVAL_MS) return
    lastWarningMs = now
    const fields = detail instanceof Error ? { err: detail } : { redisStatus: detail }
    logger.warn(fields, message)
  }
}

/** QUIT waits for the replies already asked for; a connection that cannot take it is dropped. */
export async function closeRedisLimitsConnection(connection: Redis): Promise<void> {
  try {
    await connection.quit()
  } catch {
    // An ended connection is left alone: disconnecting it again arms a 2 s timer in ioredis.
    if (connection.status !== 'end') connection.disconnect()
  }
}
