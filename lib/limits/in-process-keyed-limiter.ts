/**
 * A KeyedLimiter for one process: each key's bucket lives in an LRU, so memory stays bounded. A
 * full bucket is not stored (a key never seen reads as full), and an evicted key comes back with a
 * full bucket: an attacker who touches more than `maxKeys` other keys between two attempts resets
 * its own buckets, which is why deployments with many clients keep them in Redis. The arithmetic
 * mirrors the Redis script (redis-keyed-limiter.ts) operation for operation, so both give the same
 * answers to the last bit.
 */
import { LRUCache } from 'lru-cache'
import { createBucketLimitedError } from './bucket-limited-error.js'
import type { BucketPlan, KeyedLimiter } from './keyed-limiter.js'

/** Keys remembered by default: at ~250 bytes each (a key of ≤ 80 characters and its bucket), about 25 MB. */
export const DEFAULT_MAX_KEYS = 100_000

/** The in-process KeyedLimiter: it answers synchronously, and says how many keys it holds. */
export interface InProcessKeyedLimiter extends KeyedLimiter {
  take(key: string, plan: BucketPlan, nowMs: number): number
  refund(key: string, plan: BucketPlan, nowMs: number): void
  /** Buckets currently remembered (at most `maxKeys`). */
  readonly keyCount: number
}

/** One key's bucket, mutated in place. */
interface Bucket {
  /** Tokens at `lastMs`. */
  tokens: number
  lastMs: number
}

/** Creates a KeyedLimiter that keeps its buckets in this process. */
export function createInProcessKeyedLimiter(options: { maxKeys?: number } = {}): InProcessKeyedLimiter {
  const buckets = new LRUCache<string, Bucket>({ max: options.maxKeys ?? DEFAULT_MAX_KEYS })

  /** The bucket's tokens at `nowMs`; a clock that went back (another process's) refills nothing. */
  const getTokens = (bucket: Bucket | undefined, plan: BucketPlan, nowMs: number): number => {
    if (bucket === undefined) return plan.burst
    let tokens = bucket.tokens
    if (nowMs > bucket.lastMs) tokens = tokens + (nowMs - bucket.lastMs) / plan.refillIntervalMs
    return tokens > plan.burst ? plan.burst : tokens
  }
  const store = (key: string, bucket: Bucket | undefined, tokens: number, nowMs: number): void => {
    const lastMs = bucket !== undefined && bucket.lastMs > nowMs ? bucket.lastMs : nowMs
    if (bucket === undefined) buckets.set(key, { tokens, lastMs })
    else {
      bucket.tokens = tokens
      bucket.lastMs = lastMs
    }
  }

  return {
    take(key, plan, nowMs) {
      const bucket = buckets.get(key)
      let tokens = getTokens(bucket, plan, nowMs)
      if (tokens < 1) throw createBucketLimitedError(plan, tokens)
      tokens -= 1
      store(key, bucket, tokens, nowMs)
      return Math.floor(tokens)
    },
    refund(key, plan, nowMs) {
      const bucket = buckets.get(key)
      const tokens = getTokens(bucket, plan, nowMs) + 1
      if (tokens >= plan.burst) buckets.delete(key)
      else store(key, bucket, tokens, nowMs)
    },
    get keyCount() {
      return buckets.size
    },
    async close() {
      buckets.clear()
    },
  }
}
