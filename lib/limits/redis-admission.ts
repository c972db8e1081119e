/**
 * Admission shared by every process through Redis: one Lua script per call reads, checks and
 * charges the user's token bucket and today's simulation count atomically, so two edges (or an
 * edge and the engine's direct port) draw on one budget. The caller's `nowMs` goes into the
 * script rather than Redis TIME, so tests inject a clock and the arithmetic is the in-process
 * implementation's, operation for operation.
 *
 * Keys (the `{userId}` hash tag keeps both in one Redis Cluster slot):
 * - `<prefix>bucket:{<userId>}`: hash `t` (tokens, a double written exactly with %.17g) and `l`
 *   (ms of the last refill); expires a second past the time it takes to refill fully, when it
 *   would read as full anyway.
 * - `<prefix>quota:{<userId>}:<utcDay>`: the day's simulation count; expires an hour past that
 *   day's midnight. TTLs are relative (PEXPIRE), so an injected clock cannot expire keys early.
 *
 * Fails OPEN: when Redis does not answer (connection down, or no reply within `commandTimeoutMs`)
 * the call is admitted with no headers and nothing metered, and a warning is logged at most once
 * every 10 s. An outage of the limiter's store must not take the API down with it; the price is
 * that nobody is limited (or metered) until Redis is back.
 */
import type { Admission, Admitted } from './admission.js'
import { createQuotaExceededError, createRateLimitedError, toAdmitted } from './admission-outcome.js'
import { FREE_DAILY_SIMULATIONS, getMsUntilQuotaReset, getQuotaDay, getRatePlan } from './limit-plans.js'
import { openRedisLimitsStore, type RedisLimitsStoreOptions } from './redis-limits-connection.js'

export const DEFAULT_ADMISSION_KEY_PREFIX = 'pf:'

const STATUS_ADMITTED = 0
const STATUS_RATE_LIMITED = 1
const STATUS_QUOTA_EXCEEDED = 2

/** ARGV: nowMs, burst, requestsPerSecond, requests, simulations, free quota, hasCard (1/0), quota TTL ms. Returns {status, tokens, metered}. */
const ADMIT_SCRIPT = `
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local requests = tonumber(ARGV[4])
local simulations = tonumber(ARGV[5])
local freeQuota = tonumber(ARGV[6])
local hasCard = ARGV[7] == '1'

local tokens = capacity
local last = now
local saved = redis.call('HMGET', KEYS[1], 't', 'l')
if saved[1] and saved[2] then
  tokens = tonumber(saved[1])
  last = tonumber(saved[2])
end
if now > last then
  tokens = tokens + (now - last) * rate / 1000
  last = now
end
if tokens > capacity then tokens = capacity end

if requests > 0 then
  if tokens < requests then
    return {${STATUS_RATE_LIMITED}, string.format('%.17g', tokens), 0}
  end
  tokens = tokens - requests
  redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'l', string.format('%.17g', last))
  redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) * 1000 / rate) + 1000)
end

local metered = 0
if simulations > 0 then
  local count = tonumber(redis.call('GET', KEYS[2]) or '0')
  if not hasCard and count + simulations > freeQuota then
    return {${STATUS_QUOTA_EXCEEDED}, string.format('%.17g', tokens), 0}
  end
  local total = redis.call('INCRBY', KEYS[2], simulations)
  redis.call('PEXPIRE', KEYS[2], ARGV[8])
  local free = math.max(count, freeQuota)
  if total > free then metered = total - free end
end
return {${STATUS_ADMITTED}, string.format('%.17g', tokens), metered}
`

/** Past the day's midnight, so a process whose clock runs a little behind still finds its count. */
const QUOTA_TTL_MARGIN_MS = 3_600_000

const FAIL_OPEN: Admitted = Object.freeze({ headers: Object.freeze({}), meteredSimulations: 0 })

type AdmitReply = [status: number, tokens: string, metered: number]

interface AdmitCommand {
  preflightAdmit(bucketKey: string, quotaKey: string, ...args: Array<string | number>): Promise<AdmitReply>
}

export interface RedisAdmissionOptions extends RedisLimitsStoreOptions {
  /** Prefix of every key; tests pass a random one to isolate themselves. Default `pf:`. */
  keyPrefix?: string
}

/** Creates an Admission over Redis (one atomic script per call); fails open when Redis does not answer. */
export function createRedisAdmission(options: RedisAdmissionOptions): Admission {
  const keyPrefix = options.keyPrefix ?? DEFAULT_ADMISSION_KEY_PREFIX
  const store = openRedisLimitsStore(options, 'rate limit store (Redis) unreachable: admitting every call without limits or metering')
  store.redis.defineCommand('preflightAdmit', { numberOfKeys: 2, lua: ADMIT_SCRIPT })
  const script = store.redis as unknown as AdmitCommand

  return {
    async admit(caller, charge, nowMs) {
      if (!store.isUsable()) return FAIL_OPEN
      const plan = getRatePlan(caller.hasCard)
      const day = getQuotaDay(nowMs)
      let reply: AdmitReply
      try {
        reply = await script.preflightAdmit(
          `${keyPrefix}bucket:{${caller.userId}}`,
          `${keyPrefix}quota:{${caller.userId}}:${day}`,
          nowMs,
          plan.burst,
          plan.requestsPerSecond,
          charge.requests,
          charge.simulations,
          FREE_DAILY_SIMULATIONS,
          caller.hasCard ? 1 : 0,
          getMsUntilQuotaReset(nowMs) + QUOTA_TTL_MARGIN_MS,
        )
      } catch (error) {
        store.warnOutage(error)
        return FAIL_OPEN
      }
      const [status, tokensText, metered] = reply
      const tokens = Number(tokensText)
      if (status === STATUS_RATE_LIMITED) throw createRateLimitedError(plan, tokens, charge.requests)
      if (status === STATUS_QUOTA_EXCEEDED) throw createQuotaExceededError(plan, tokens, nowMs)
      return toAdmitted(plan, tokens, Number(metered))
    },
    close: () => store.close(),
  }
}
