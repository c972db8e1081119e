/**
 * The `quota.exceeded` webhook (docs/webhooks.md#events): admission wrapped so that when it refuses a
 * call for the daily quota, the user service is told, off the caller's path. This process tells it
 * once per user and UTC day; the user service queues the event once per user and day across every
 * process. A refusal is answered the same whether or not the notice could be written.
 */
import type { UserService } from '../accounts/contract/index.js'
import { isServiceError } from '../lib/errors.js'
import type { Admission, Admitted } from '../lib/limits/admission.js'
import { getQuotaDay } from '../lib/limits/limit-plans.js'
import type { Logger } from '../lib/logger.js'

/** `admission`, telling `userService` of the first quota refusal per user and day. */
export function withQuotaNotices(admission: Admission, userService: Pick<UserService, 'recordQuotaExceeded'>, logger: Logger): Admission {
  // Users already told today; cleared when the day turns, so it holds one day's users at most.
  let day = -1
  let told = new Set<string>()

  function notice(userId: string, nowMs: number): void {
    const today = getQuotaDay(nowMs)
    if (today !== day) {
      day = today
      told = new Set()
    }
    if (told.has(userId)) return
    told.add(userId)
    userService.recordQuotaExceeded(userId).catch((error: unknown) => {
      // Tried again at the user's next refusal.
      told.delete(userId)
      logger.warn({ err: error, userId }, 'could not record a quota.exceeded notice')
    })
  }

  function onRefusal(userId: string, nowMs: number, error: unknown): never {
    if (isServiceError(error) && error.code === 'quota_exceeded') notice(userId, nowMs)
    throw error
  }

  return {
    admit(caller, charge, nowMs): Admitted | Promise<Admitted> {
      let result: Admitted | Promise<Admitted>
      try {
        result = admission.admit(caller, charge, nowMs)
      } catch (error) {
        return onRefusal(caller.userId, nowMs, error)
      }
      if (result instanceof Promise) return result.catch((error: unknown) => onRefusal(caller.userId, nowMs, error))
      return result
    },
    ...(admission.restoreDailyCounts ? { restoreDailyCounts: admission.restoreDailyCounts.bind(admission) } : {}),
    close: () => admission.close(),
  }
}
