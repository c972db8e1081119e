/**
 * Admission (docs/api.md#rate-limits-and-quota): whether a caller may make a request now. Two
 * checks in one call: the per-user token bucket (10 req/s without a card; 100 req/s, burst 250 with
 * one) and the free daily quota of simulations (1,000 a day, reset at 00:00 UTC; past it, callers
 * without a card are refused until midnight and callers with one pass and are metered). The edge
 * (REST, batch, WebSocket) and the engine's direct gRPC port charge through the same Admission, so
 * a user has one budget whichever door they use. Implementations: in-process (one process) and
 * Redis (`REDIS_URL`: one atomic script per check, shared by every process); both pass
 * test/lib/limits/admission-contract.test.ts.
 */

/** Who is charged: the user, and whether they have a card on file (it raises the rate and lifts the quota). */
export interface AdmissionCaller {
  userId: string
  hasCard: boolean
}

/** What one call costs: requests count against the rate limit, simulations against the daily quota. */
export interface AdmissionCharge {
  /** 1 for every authenticated call (a batch of 50 is one request); 0 leaves the rate limit out of it. */
  requests: number
  /** Simulations the call runs (simulate 1, batch N, other routes 0); a whole number. */
  simulations: number
}

/** What an admitted call learns, for the `RateLimit-*` response headers. */
export interface Admitted {
  /** Headers to send with the response (`ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset`, `ratelimit-policy`); empty when limits are off. */
  headers: Readonly<Record<string, string>>
  /** Simulations of this call past the free quota (metered for billing; 0 within the quota). */
  meteredSimulations: number
}

export interface Admission {
  /**
   * Charges `charge` to `caller` at `nowMs`, or refuses: throws (sync) or rejects (Redis) with a
   * ServiceError `rate_limited` or `quota_exceeded` whose headers carry `retry-after` (whole
   * seconds, rounded up) and the `ratelimit-*` headers. The rate limit is checked first: a call it
   * refuses is charged nothing; a call refused by the quota keeps its rate token spent but is not
   * counted against the quota. The in-process implementation answers synchronously (no promise on
   * the hot path); the Redis one fails open (admits, no headers) when Redis does not answer.
   */
  admit(caller: AdmissionCaller, charge: AdmissionCharge, nowMs: number): Admitted | Promise<Admitted>
  /**
   * Present where the daily counts live in this process's memory only (not Redis): takes the
   * simulations each user already ran today, read from history at start, so a restart does not
   * give everyone a fresh free quota. A count lower than one already held changes nothing.
   */
  restoreDailyCounts?(counts: Iterable<{ userId: string; simulations: number }>, nowMs: number): void
  /** Releases what the implementation holds (the Redis connection). */
  close(): Promise<void>
}
