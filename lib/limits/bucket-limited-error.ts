/** The refusal of a KeyedLimiter, identical whichever implementation refused. */
import { createRetryableError, type ServiceError } from '../errors.js'
import type { BucketPlan } from './keyed-limiter.js'

/** `rate_limited` with Retry-After the time until the bucket, holding `tokens` (< 1), has one whole token again. */
export function createBucketLimitedError(plan: BucketPlan, tokens: number): ServiceError {
  return createRetryableError('rate_limited', ((1 - tokens) * plan.refillIntervalMs) / 1000)
}
