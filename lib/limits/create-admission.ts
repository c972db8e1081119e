/** The admission a process runs with, from its configuration (RATE_LIMITS, REDIS_URL). */
import type { Logger } from '../logger.js'
import type { Admission } from './admission.js'
import { createDisabledAdmission } from './disabled-admission.js'
import { createInProcessAdmission } from './in-process-admission.js'
import { createRedisAdmission } from './redis-admission.js'

/**
 * `RATE_LIMITS=off`: none (self-hosted deployments, benchmarks). Otherwise Redis when
 * REDIS_URL is set — one budget across every edge and engine — else this process's memory.
 */
export function createAdmission(options: {
  rateLimits: string
  redisUrl: string | undefined
  /** How long a check waits for Redis before it fails open (default 200 ms). */
  redisTimeoutMs?: number
  logger: Logger
}): Admission {
  if (options.rateLimits === 'off') return createDisabledAdmission()
  if (options.redisUrl) {
    return createRedisAdmission({ redisUrl: options.redisUrl, commandTimeoutMs: options.redisTimeoutMs, logger: options.logger })
  }
  return createInProcessAdmission()
}
