/**
 * What a bundle relay can answer besides a result, kept apart from transport failures (which are
 * `relay_unavailable` ServiceErrors): a rate-limit refusal the queue waits out and retries, and a
 * JSON-RPC error — the relay read the call and refused it — that only the caller can judge (a
 * bundle already processed, a tip too low, a malformed transaction).
 */

/** Jito's JSON-RPC code for "Rate limit exceeded" (it comes with HTTP 429, sometimes without). */
export const RELAY_RATE_LIMIT_CODE = -32097

/** The relay refused the call for its rate limit: nothing was done, the same call may be retried. */
export class RelayRateLimitedError extends Error {
  readonly retryable = true
  constructor(
    readonly method: string,
    /** What the relay's Retry-After header asked for, when it sent one. */
    readonly retryAfterMs: number | null,
  ) {
    super(`the bundle relay rate-limited ${method}`)
    this.name = 'RelayRateLimitedError'
  }
}

/** The relay answered with a JSON-RPC error object: it understood the call and refused it. */
export class RelayRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message)
    this.name = 'RelayRpcError'
  }
}

/** Whether `e` is the relay's rate-limit refusal. */
export function isRelayRateLimited(e: unknown): e is RelayRateLimitedError {
  return e instanceof RelayRateLimitedError
}

/** Whether `e` is a JSON-RPC error the relay answered with. */
export function isRelayRpcError(e: unknown): e is RelayRpcError {
  return e instanceof RelayRpcError
}
