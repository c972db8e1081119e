/**
 * When a failed call is tried again, and after how long. Only idempotent calls (reads, simulate,
 * simulate-batch, PUT) are retried: execute, send and submit never are, since a resend after a
 * lost answer is the caller's decision (the service keys them by signature, so resending the same
 * signed bytes is safe, but a new transaction is not).
 */
import type { PreflightError } from '../errors.js'

export interface RetryOptions {
  /** Tries after the first; default 2. */
  maxRetries?: number
  /** First back-off, doubled each try (with jitter); default 250 ms. */
  baseDelayMs?: number
  /** A longer Retry-After than this is not waited for: the error is thrown; default 10 s. */
  maxDelayMs?: number
}

/** Codes worth another try: the service was briefly unable, or asked to wait. */
const RETRYABLE_CODES = new Set([
  'rate_limited',
  'engine_unavailable',
  'accounts_unavailable',
  'journal_unavailable',
  'upstream_unavailable',
  'shutting_down',
  'simulation_timeout',
  'network_error',
  'timeout',
])

/** The delay before try `attempt` (1-based) of `error`, or undefined when it is not retried. */
export function getRetryDelayMs(error: PreflightError, attempt: number, options: Required<RetryOptions>): number | undefined {
  if (attempt > options.maxRetries || !RETRYABLE_CODES.has(error.code)) return undefined
  if (error.retryAfter !== null) {
    const ms = error.retryAfter * 1000
    return ms <= options.maxDelayMs ? Math.max(ms, 50) : undefined
  }
  const backOff = options.baseDelayMs * 2 ** (attempt - 1)
  return Math.min(options.maxDelayMs, backOff / 2 + Math.random() * (backOff / 2))
}

export function withRetryDefaults(options: RetryOptions = {}): Required<RetryOptions> {
  return { maxRetries: options.maxRetries ?? 2, baseDelayMs: options.baseDelayMs ?? 250, maxDelayMs: options.maxDelayMs ?? 10_000 }
}
