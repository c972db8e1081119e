/**
 * A KeyedLimiter shared by every process through Redis: one Lua script per call reads, refills,
 * and takes from or gives back to one key's bucket atomically, so concurrent attempts on several
 * edges never take more tokens than the bucket holds. The caller's `nowMs` goes into the script
 * rather than Redis TIME, so tests inject a clock and the arithmetic is the in-process
 * implementation's, operation for operation.
 *
 * Key `<prefix><key>`: hash `t` (tokens, a double written exactly with %.17g) and `l` (ms of the
 * last refill); it expires a second past the time it takes to refill fully, when it would read as
 * full anyway, and a bucket refunded to full is deleted. One key per call, so Redis Cluster needs
 * no hash tag. TTLs are relative (PEXPIRE), so an injected clock cannot expire keys early.
 *
 * Fails OPEN, as admission does (redis-admission.ts): when Redis does not answer (connection down,
 * or no reply within `commandTimeoutMs`) every take passes and a warning is logged at most once
 * every 10 s. An outage of the limiter's store must not lock every client out of its account; the
 * price is that nothing is limited until Redis is back.
 */
import { createBucketLimitedError } from './bucket-limited-error.js'
import type { BucketPlan, KeyedLimiter } from './keyed-limiter.js'
import { openRedisLimitsStore, type RedisLimitsStoreOptions } from './redis-limits-connection.js'

/** Apart from admission's `pf:bucket:` and `pf:quota:` keys. */
export const DEFAULT_LIMITER_KEY_PREFIX = 'pf:limit:'

const STATUS_TAKEN = 0
const STATUS_LIMITED = 1
/** ARGV[4]: what the call does to the bucket. */
const TAKE = -1
const REFUND = 1

/** ARGV: nowMs, burst, refillIntervalMs, TAKE or REFUND. Returns {status, tokens}. */
const BUCKET_SCRIPT = `
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local interval = tonumber(ARGV[3])
local change = tonumber(ARGV[4])

local tokens = capacity
local last = now
local saved = redis.call('HMGET', KEYS[1], 't', 'l')
if saved[1] and saved[2] then
  tokens = tonumber(saved[1])
  last = tonumber(saved[2])
end
if now > last then
  tokens = tokens + (now - last) / interval
  last = now
end
if tokens > capacity then tokens = capacity end

if change < 0 then
  if tokens < 1 then
    return {${STATUS_LIMITED}, string.format('%.17g', tokens)}
  end
  tokens = tokens - 1
else
  tokens = tokens + 1
  if tokens >= capacity then
    redis.call('DEL', KEYS[1])
    return {${STATUS_TAKEN}, string.format('%.17g', capacity)}
  end
end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'l', string.format('%.17g', last))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) * interval) + 1000)
return {${STATUS_TAKEN}, string.format('%.17g', tokens)}
`

type BucketReply = [status: number, tokens: string]

interface BucketCommand {
  preflightBucket(key: string, nowMs: number, burst: number, refillIntervalMs: number, change: number): Promise<BucketReply>
}

export interface RedisKeyedLimiterOptions extends RedisLimitsStoreOptions {
  /** Prefix of every key; tests pass a random one to isolate themselves. Default `pf:limit:`. */
  keyPrefix?: string
}

/** Creates a KeyedLimiter over Redis (one atomic script per call); fails open when Redis does not answer. */
export function createRedisKeyedLimiter(options: RedisKeyedLimiterOptions): KeyedLimiter {
  const keyPrefix = options.keyPrefix ?? DEFAULT_LIMITER_KEY_PREFIX
  const store = openRedisLimitsStore(options, 'limiter store (Redis) unreachable: every keyed limit lets its calls through')
  store.redis.defineCommand('preflightBucket', { numberOfKeys: 1, lua: BUCKET_SCRIPT })
  const script = store.redis as unknown as BucketCommand

  /** The script's reply, or undefined when Redis did not answer (warned). */
  const run = async (key: string, plan: BucketPlan, nowMs: number, change: number): Promise<BucketReply | undefined> => {
    if (!store.isUsable()) return undefined
    try {
      return await script.preflightBucket(`${keyPrefix}${key}`, nowMs, plan.burst, plan.refillIntervalMs, change)
    } catch (error) {
      store.warnOutage(error)
      return undefined
    }
  }

  return {
    async take(key, plan, nowMs) {
      const reply = await run(key, plan, nowMs, TAKE)
      if (reply === undefined) return Infinity
      const [status, tokensText] = reply
      const tokens = Number(tokensText)
      if (status === STATUS_LIMITED) throw createBucketLimitedError(plan, tokens)
      return Math.floor(tokens)
    },
    async refund(key, plan, nowMs) {
      await run(key, plan, nowMs, REFUND)
    },
    close: () => store.close(),
  }
}
