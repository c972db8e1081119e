/**
 * The caller services of one process, as every entry point wires them (main.ts, edge/main.ts,
 * engine/main.ts, the benchmarks): admission from RATE_LIMITS and REDIS_URL (telling the user service
 * of quota refusals for the quota.exceeded webhook), the history journal
 * in its own directory, and — before any door opens — today's quota restored from history.
 */
import type { UserService } from '../accounts/contract/index.js'
import type { InvalidationBus } from '../lib/auth-invalidation.js'
import { createAdmission } from '../lib/limits/create-admission.js'
import type { Logger } from '../lib/logger.js'
import { createCallerServices, type CallerServices, type CallerServicesOptions } from './caller-services.js'
import { openHistoryJournal } from './history-journal.js'
import { restoreDailyQuota } from './restore-daily-quota.js'
import { withQuotaNotices } from './quota-notices.js'

export interface StartCallersOptions {
  userService: CallerServicesOptions['userService'] & Pick<UserService, 'getSimulationCountsSince' | 'recordQuotaExceeded'>
  /** The access tokens' key; without it only API keys authenticate (an engine's gRPC port). */
  signingKey?: Uint8Array
  invalidations?: InvalidationBus
  authCacheTtlMs: number
  /** AUTH_STALE_MAX_MS as getAuthStaleMaxMs (lib/auth-invalidation.ts) allows it for this process's bus; default 0. */
  authStaleMaxMs?: number
  /** RATE_LIMITS: `off` admits everything (self-hosted deployments, benchmarks). */
  rateLimits: string
  /** RATE_LIMITS_REDIS_TIMEOUT_MS: how long a check waits for Redis before failing open (default 200). */
  rateLimitsRedisTimeoutMs?: number
  redisUrl: string | undefined
  /** The journal's own directory under DATA_DIR: one process per journal. */
  journalDir: string
  logger: Logger
}

/** Creates the caller services and restores today's quota; close them after the doors stopped. */
export async function startCallers(options: StartCallersOptions): Promise<CallerServices> {
  const { logger } = options
  const callers = createCallerServices({
    userService: options.userService,
    signingKey: options.signingKey,
    admission: withQuotaNotices(
      createAdmission({
        rateLimits: options.rateLimits,
        redisUrl: options.redisUrl,
        redisTimeoutMs: options.rateLimitsRedisTimeoutMs,
        logger,
      }),
      options.userService,
      logger,
    ),
    logger,
    invalidations: options.invalidations,
    authCacheTtlMs: options.authCacheTtlMs,
    authStaleMaxMs: options.authStaleMaxMs,
    journal: openHistoryJournal({ dir: options.journalDir, logger }),
  })
  await restoreDailyQuota(callers, options.userService, logger)
  return callers
}
