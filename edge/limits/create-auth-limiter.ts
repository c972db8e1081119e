/** The limiter of the account routes a process runs with, from its configuration (AUTH_LIMITS, REDIS_URL). */
import type { KeyedLimiter } from '../../lib/limits/keyed-limiter.js'
import { createInProcessKeyedLimiter } from '../../lib/limits/in-process-keyed-limiter.js'
import { createRedisKeyedLimiter } from '../../lib/limits/redis-keyed-limiter.js'
import type { Logger } from '../../lib/logger.js'

/**
 * `AUTH_LIMITS=off`: none. Otherwise Redis when REDIS_URL is set — every edge counts into the same
 * buckets, so a client gains nothing by reaching several — else this process's memory.
 */
export function createAuthLimiter(options: { authLimits: string; redisUrl: string | undefined; logger: Logger }): KeyedLimiter | undefined {
  if (options.authLimits === 'off') return undefined
  if (options.redisUrl) return createRedisKeyedLimiter({ redisUrl: options.redisUrl, logger: options.logger })
  return createInProcessKeyedLimiter()
}
