/**
 * When a failed delivery is tried again: exponential back-off from a base, capped, with jitter, so
 * that endpoints that fail together do not retry together. The jitter takes off at most a quarter,
 * so each delay is still longer than the one before (until the cap).
 */

/** Past this age a delivery is given up, and its endpoint disabled: vendors stop after seconds; we keep trying for a day. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000
/** The longest wait between two attempts. */
export const WEBHOOK_MAX_RETRY_DELAY_MS = 2 * 60 * 60 * 1000

/** The wait after the `attempts`-th failed attempt (1, 2, …); `random` in [0, 1). */
export function getWebhookRetryDelayMs(attempts: number, baseMs: number, random: number = Math.random()): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), WEBHOOK_MAX_RETRY_DELAY_MS)
  return Math.round(exponential * (0.75 + 0.25 * random))
}
