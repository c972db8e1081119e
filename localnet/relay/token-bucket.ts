/**
 * The relay's rate limit: one token bucket over every call, refilled at `perSecond` tokens a
 * second up to a capacity of `perSecond` (a full second's worth, at least one call), as Jito's
 * block engine limits a client to N requests a second. 0 turns the limit off.
 */

export type TokenBucket = {
  /** Takes a token for a call received at `atMs` if one is left; false means the call is over the limit. */
  tryTake(atMs: number): boolean
  /** Sets the rate (0: unlimited) and fills the bucket to the new capacity. */
  setRate(perSecond: number): void
  getRate(): number
}

function assertRate(perSecond: number): void {
  if (!Number.isFinite(perSecond) || perSecond < 0)
    throw new RangeError(`rate limit must be a number of calls per second ≥ 0, got ${perSecond}`)
}

/** Creates a full bucket; `nowMs` is the clock it refills by. */
export function createTokenBucket(options: { perSecond: number; nowMs: () => number }): TokenBucket {
  const { nowMs } = options
  let rate = 0
  let capacity = 0
  let tokens = 0
  let refilledAtMs = 0

  function setRate(perSecond: number): void {
    assertRate(perSecond)
    rate = perSecond
    capacity = Math.max(1, perSecond)
    tokens = capacity
    refilledAtMs = nowMs()
  }
  setRate(options.perSecond)

  return {
    tryTake(now) {
      if (rate === 0) return true
      // A clock that steps back refills nothing, and the time it then covers again is not counted twice.
      if (now > refilledAtMs) {
        tokens = Math.min(capacity, tokens + ((now - refilledAtMs) * rate) / 1000)
        refilledAtMs = now
      }
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
    setRate,
    getRate: () => rate,
  }
}
