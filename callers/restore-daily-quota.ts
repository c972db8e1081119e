/**
 * At start, before serving: where the daily free quota is counted in this process's memory (no
 * Redis), it is restored from history, so a restart — or a crash — does not give every user a
 * fresh 1,000. The journal's recovered records are delivered first, so they are counted once.
 */
import type { UserService } from '../accounts/contract/index.js'
import { DAY_MS, getQuotaDay } from '../lib/limits/limit-plans.js'
import type { Logger } from '../lib/logger.js'
import type { CallerServices } from './caller-services.js'

/** Restores today's per-user simulation counts into `callers.admission`, when it keeps them in memory. */
export async function restoreDailyQuota(
  callers: Pick<CallerServices, 'admission' | 'history' | 'now'>,
  userService: Pick<UserService, 'getSimulationCountsSince'>,
  logger: Logger,
): Promise<void> {
  const { admission } = callers
  if (!admission.restoreDailyCounts) return
  const nowMs = callers.now()
  try {
    await callers.history.flush()
    const counts = await userService.getSimulationCountsSince(getQuotaDay(nowMs) * DAY_MS)
    admission.restoreDailyCounts(counts, nowMs)
    logger.info({ users: counts.length }, "today's free quota restored from history")
  } catch (error) {
    // Serving with fresh counts beats not serving; the records stay queued (and journaled).
    logger.warn({ err: error }, "today's free quota could not be restored from history: counts start from zero")
  }
}
