/**
 * A token bucket per key, for limits that are not a user's admission (docs/api.md#limits): the
 * unauthenticated account routes key theirs by client address, e-mail or refresh token
 * (edge/limits/auth-limits.ts). Each call takes or gives back one token. Implementations:
 * in-process (an LRU of keys) and Redis (`REDIS_URL`: one atomic script per call, shared by every
 * edge); both pass test/lib/limits/keyed-limiter-contract.test.ts.
 */

/** A token bucket: `burst` tokens at most, one more every `refillIntervalMs`, refilled continuously. */
export interface BucketPlan {
  readonly burst: number
  readonly refillIntervalMs: number
}

export interface KeyedLimiter {
  /**
   * Takes one token from `key`'s bucket at `nowMs` and returns the whole tokens left, or refuses:
   * throws (sync) or rejects (Redis) with a ServiceError `rate_limited` whose `retry-after` header
   * says, in whole seconds rounded up, when a token is back. A refused call changes nothing. A key
   * never seen (or forgotten) holds a full bucket. The Redis implementation fails open: when Redis
   * does not answer it returns Infinity (nothing was limited).
   */
  take(key: string, plan: BucketPlan, nowMs: number): number | Promise<number>
  /**
   * Gives one token back to `key`'s bucket (an attempt that turned out not to count), never past
   * `burst`. Never throws: when Redis does not answer the token is lost, which only errs strict.
   */
  refund(key: string, plan: BucketPlan, nowMs: number): void | Promise<void>
  /** Releases what the implementation holds (the Redis connection). */
  close(): Promise<void>
}
