/**
 * What a caller sees of an admission decision, identical whichever implementation decided: the
 * `RateLimit-*` headers (IETF RateLimit draft) computed from the tokens left in the bucket, and
 * the two 429 errors. An ordinary admitted call allocates nothing here: its headers and Admitted
 * are built once per (plan, remaining, reset) and shared, frozen.
 */
import { createRetryableError, type ServiceError } from '../errors.js'
import type { Admitted } from './admission.js'
import { getMsUntilQuotaReset, type RatePlan } from './limit-plans.js'

/** Per plan, the unmetered Admitted for each (remaining, reset) pair, filled on first use. */
const admittedTables = new Map<RatePlan, Array<Admitted | undefined>>()

/** What an admitted call returns when it left `tokens` in the bucket and `meteredSimulations` went past the free quota. */
export function toAdmitted(plan: RatePlan, tokens: number, meteredSimulations: number): Admitted {
  const remaining = Math.floor(tokens)
  const resetSeconds = getSecondsUntilFull(plan, tokens)
  // remaining ∈ [0, burst] and reset ∈ [0, ceil(burst / rate)]: a small table, bounded by the plan.
  const resetSlots = Math.ceil(plan.burst / plan.requestsPerSecond) + 1
  const index = remaining * resetSlots + resetSeconds
  let table = admittedTables.get(plan)
  if (table === undefined) admittedTables.set(plan, (table = []))
  const inTable = Number.isInteger(index) && index >= 0 && remaining <= plan.burst && resetSeconds < resetSlots
  let unmetered = inTable ? table[index] : undefined
  if (unmetered === undefined) {
    unmetered = Object.freeze({ headers: Object.freeze(toHeaders(plan, remaining, resetSeconds)), meteredSimulations: 0 })
    if (inTable) table[index] = unmetered
  }
  return meteredSimulations === 0 ? unmetered : { headers: unmetered.headers, meteredSimulations }
}

/** `rate_limited`: Retry-After is the time until the bucket holds `requests` tokens. */
export function createRateLimitedError(plan: RatePlan, tokens: number, requests: number): ServiceError {
  const headers = toHeaders(plan, Math.floor(tokens), getSecondsUntilFull(plan, tokens))
  return createRetryableError('rate_limited', (requests - tokens) / plan.requestsPerSecond, headers)
}

/** `quota_exceeded`: Retry-After is the time until the next 00:00 UTC; the headers show the bucket after this call's token. */
export function createQuotaExceededError(plan: RatePlan, tokens: number, nowMs: number): ServiceError {
  const headers = toHeaders(plan, Math.floor(tokens), getSecondsUntilFull(plan, tokens))
  return createRetryableError('quota_exceeded', getMsUntilQuotaReset(nowMs) / 1000, headers)
}

function getSecondsUntilFull(plan: RatePlan, tokens: number): number {
  return Math.ceil((plan.burst - tokens) / plan.requestsPerSecond)
}

function toHeaders(plan: RatePlan, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-limit': String(plan.burst),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(resetSeconds),
    'ratelimit-policy': plan.policy,
  }
}
