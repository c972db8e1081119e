/**
 * What the relay has been asked, for tests and benchmarks: calls per JSON-RPC method, and when
 * each accepted call and each refused one (429) was received, so that a client's pacing can be
 * checked against the rate limit. The times kept are the newest MAX_RECEIVE_TIMES of each kind.
 */

export const MAX_RECEIVE_TIMES = 10_000

export type RelayCallCounts = {
  /** Accepted calls (past authentication and the rate limit) by JSON-RPC method; unreadable bodies under "". */
  readonly methods: Readonly<Record<string, number>>
  /** Calls answered 429. */
  readonly rateLimited: number
  /** Calls answered 401 (LOCALNET_RELAY_AUTH set and x-jito-auth missing or wrong). */
  readonly unauthorized: number
}

/** Receive times in ms (the relay's clock, Date.now by default), oldest first. */
export type RelayReceiveTimes = {
  readonly accepted: readonly number[]
  readonly rateLimited: readonly number[]
}

export type RelayStats = {
  recordAccepted(atMs: number, method: string): void
  recordRateLimited(atMs: number): void
  recordUnauthorized(): void
  getCallCounts(): RelayCallCounts
  getReceiveTimes(): RelayReceiveTimes
}

function pushBounded(times: number[], atMs: number): void {
  times.push(atMs)
  // Dropping in blocks keeps the push cheap; at most twice the bound is ever held.
  if (times.length >= MAX_RECEIVE_TIMES * 2) times.splice(0, times.length - MAX_RECEIVE_TIMES)
}

/** Creates the counters at zero. */
export function createRelayStats(): RelayStats {
  const methods = new Map<string, number>()
  const accepted: number[] = []
  const rateLimited: number[] = []
  let rateLimitedCount = 0
  let unauthorized = 0
  return {
    recordAccepted(atMs, method) {
      methods.set(method, (methods.get(method) ?? 0) + 1)
      pushBounded(accepted, atMs)
    },
    recordRateLimited(atMs) {
      rateLimitedCount++
      pushBounded(rateLimited, atMs)
    },
    recordUnauthorized() {
      unauthorized++
    },
    getCallCounts: () => ({ methods: Object.fromEntries(methods), rateLimited: rateLimitedCount, unauthorized }),
    getReceiveTimes: () => ({ accepted: accepted.slice(-MAX_RECEIVE_TIMES), rateLimited: rateLimited.slice(-MAX_RECEIVE_TIMES) }),
  }
}
