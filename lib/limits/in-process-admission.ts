/**
 * Admission for one process: each user's token bucket and today's simulation count live in an
 * LRU of users, so memory stays bounded. An evicted user comes back with a full bucket and a
 * fresh day's count; that takes more than `maxUsers` other users active since their last call,
 * which a single-process deployment does not see. The arithmetic mirrors the Redis script
 * (redis-admission.ts) operation for operation, so both give the same answers to the last bit.
 */
import { LRUCache } from 'lru-cache'
import type { Admission, AdmissionCaller, AdmissionCharge, Admitted } from './admission.js'
import { createQuotaExceededError, createRateLimitedError, toAdmitted } from './admission-outcome.js'
import { FREE_DAILY_SIMULATIONS, getQuotaDay, getRatePlan } from './limit-plans.js'

/** Users remembered by default: at ~200 bytes each, about 20 MB. */
export const DEFAULT_MAX_USERS = 100_000

/** The in-process Admission: `admit` answers synchronously, and says how many users it holds. */
export interface InProcessAdmission extends Admission {
  admit(caller: AdmissionCaller, charge: AdmissionCharge, nowMs: number): Admitted
  restoreDailyCounts(counts: Iterable<{ userId: string; simulations: number }>, nowMs: number): void
  /** Users currently remembered (at most `maxUsers`). */
  readonly userCount: number
}

/** One user's budget, mutated in place so an admitted call allocates nothing. */
interface UserBudget {
  /** Tokens at `lastMs`; Infinity until first charged, which refills to any plan's capacity. */
  tokens: number
  lastMs: number
  /** The UTC day `simulations` counts, as getQuotaDay gives it. */
  day: number
  simulations: number
}

/** Creates an Admission that keeps its buckets and counters in this process. */
export function createInProcessAdmission(options: { maxUsers?: number } = {}): InProcessAdmission {
  const users = new LRUCache<string, UserBudget>({ max: options.maxUsers ?? DEFAULT_MAX_USERS })

  return {
    admit(caller, charge, nowMs) {
      const plan = getRatePlan(caller.hasCard)
      let budget = users.get(caller.userId)
      if (budget === undefined) {
        budget = { tokens: Infinity, lastMs: nowMs, day: 0, simulations: 0 }
        users.set(caller.userId, budget)
      }
      // A clock that went back (another process's, or an adjusted one) refills nothing.
      let tokens = budget.tokens
      if (nowMs > budget.lastMs) tokens = tokens + ((nowMs - budget.lastMs) * plan.requestsPerSecond) / 1000
      if (tokens > plan.burst) tokens = plan.burst
      const requests = charge.requests
      if (requests > 0) {
        if (tokens < requests) throw createRateLimitedError(plan, tokens, requests)
        tokens -= requests
        budget.tokens = tokens
        if (nowMs > budget.lastMs) budget.lastMs = nowMs
      }
      let metered = 0
      const simulations = charge.simulations
      if (simulations > 0) {
        const day = getQuotaDay(nowMs)
        const count = budget.day === day ? budget.simulations : 0
        // Refused whole: a batch that does not fit counts nothing (its rate token stays spent).
        if (!caller.hasCard && count + simulations > FREE_DAILY_SIMULATIONS) throw createQuotaExceededError(plan, tokens, nowMs)
        const total = count + simulations
        budget.day = day
        budget.simulations = total
        const free = Math.max(count, FREE_DAILY_SIMULATIONS)
        if (total > free) metered = total - free
      }
      return toAdmitted(plan, tokens, metered)
    },
    restoreDailyCounts(counts, nowMs) {
      const day = getQuotaDay(nowMs)
      for (const { userId, simulations } of counts) {
        if (!Number.isInteger(simulations) || simulations <= 0) continue
        const budget = users.get(userId)
        if (budget === undefined) {
          users.set(userId, { tokens: Infinity, lastMs: nowMs, day, simulations })
        } else if (budget.day !== day || budget.simulations < simulations) {
          budget.day = day
          budget.simulations = simulations
        }
      }
    },
    get userCount() {
      return users.size
    },
    async close() {
      users.clear()
    },
  }
}
