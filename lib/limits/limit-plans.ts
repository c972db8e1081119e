/**
 * The numbers of docs/api.md#rate-limits-and-quota that admission enforces, in one place: the two
 * rate plans (without and with a card on file) and the free daily quota of simulations.
 */

/** A token bucket: `burst` tokens at most, refilled continuously at `requestsPerSecond`. */
export interface RatePlan {
  readonly requestsPerSecond: number
  readonly burst: number
  /** The `RateLimit-Policy` header value (IETF RateLimit draft): `rate;w=1`, plus `;burst=` when it differs. */
  readonly policy: string
}

/** Without a card on file: 10 requests a second, no burst beyond that. */
export const FREE_RATE_PLAN: RatePlan = Object.freeze({ requestsPerSecond: 10, burst: 10, policy: '10;w=1' })

/** With a card on file: 100 requests a second, bursts of 250. */
export const CARD_RATE_PLAN: RatePlan = Object.freeze({ requestsPerSecond: 100, burst: 250, policy: '100;w=1;burst=250' })

/** Simulations a user runs free each UTC day; past it, callers without a card are refused and callers with one are metered. */
export const FREE_DAILY_SIMULATIONS = 1000

/** The quota's day: UTC, so every process and Redis agree on when it turns. */
export const DAY_MS = 86_400_000

/** The rate plan of a caller: the card's from the first call after the card is added. */
export function getRatePlan(hasCard: boolean): RatePlan {
  return hasCard ? CARD_RATE_PLAN : FREE_RATE_PLAN
}

/** The UTC day `nowMs` falls in, as a day number since the epoch (the quota counter's key). */
export function getQuotaDay(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS)
}

/** Milliseconds from `nowMs` to the next 00:00 UTC, when the quota resets. */
export function getMsUntilQuotaReset(nowMs: number): number {
  return (getQuotaDay(nowMs) + 1) * DAY_MS - nowMs
}
