/**
 * One cache of the authenticator (callers/authenticator.ts): the user service's answer per key (a
 * key hash, a user id), served from memory for `ttlMs`, then asked again; concurrent misses for one
 * key share one call. Through a short outage it keeps serving what it knew:
 *
 * - An entry past its TTL whose refresh fails with `accounts_unavailable` is still served, for at
 *   most `staleMaxMs` past the TTL. Once an outage is known, such an entry is served at once and
 *   refreshed in the background (one call a second across the cache), so no request waits on a
 *   service that is down.
 * - An invalidation (`delete`, `deleteWhere`, `clear`) removes the entry outright: a revoked,
 *   rotated or deleted credential is never served stale.
 * - Only what the user service once confirmed is kept: a key it never answered for is a miss, and
 *   a miss during an outage is the outage's error, never a credential.
 */
import { LRUCache } from 'lru-cache'
import { isServiceError } from '../lib/errors.js'

/** The user service answered "nobody" (cached only with `negativeTtlMs`). */
const NONE = Symbol('none')

/** During an outage, stale entries are refreshed in the background at most this often (the whole cache). */
export const OUTAGE_REFRESH_INTERVAL_MS = 1_000

export interface CredentialCacheOptions<V extends object> {
  /** Asks the user service; null: no such credential. */
  load: (key: string) => Promise<V | null>
  max: number
  /** How long an answer is trusted (a backstop for a lost invalidation). */
  ttlMs: number
  /** How long past `ttlMs` an entry may still be served while the user service is unavailable; 0: never. */
  staleMaxMs: number
  /** How long a null answer is remembered (never served stale); 0: not at all. */
  negativeTtlMs: number
}

export interface CredentialCache<V extends object> {
  /** The answer: from memory when fresh (or stale during an outage), else a promise of the user service's. */
  get(key: string): V | null | Promise<V | null>
  delete(key: string): void
  /** Removes every entry `matches`; negative entries are kept. */
  deleteWhere(matches: (value: V) => boolean): void
  clear(): void
}

/** Creates an empty cache over `options.load`. */
export function createCredentialCache<V extends object>(options: CredentialCacheOptions<V>): CredentialCache<V> {
  const { load, ttlMs, staleMaxMs, negativeTtlMs } = options
  // Kept for the TTL and the stale window; the remaining TTL tells the two apart.
  const entries = new LRUCache<string, V | typeof NONE>({ max: options.max, ttl: ttlMs + staleMaxMs })
  const pending = new Map<string, Promise<V | null>>()
  // Bumped by every invalidation: an answer fetched before it may be stale and is not cached.
  let generation = 0
  // performance.now() (the clock lru-cache's TTL runs on) from which the next background refresh may
  // start; null while the user service answers.
  let outageRetryAtMs: number | null = null

  const refresh = (key: string): Promise<V | null> => {
    const inFlight = pending.get(key)
    if (inFlight) return inFlight
    const startedAt = generation
    const call = load(key).finally(() => pending.delete(key))
    call.then(
      (value) => {
        outageRetryAtMs = null
        if (startedAt !== generation) return
        if (value !== null) entries.set(key, value)
        else if (negativeTtlMs > 0) entries.set(key, NONE, { ttl: Math.min(ttlMs, negativeTtlMs) })
        // Gone (a deleted user): what was cached must not be served stale later.
        else entries.delete(key)
      },
      (error: unknown) => {
        if (isServiceError(error, 'accounts_unavailable')) outageRetryAtMs = performance.now() + OUTAGE_REFRESH_INTERVAL_MS
      },
    )
    pending.set(key, call)
    return call
  }

  /** An entry past its TTL, inside the stale window. */
  const getStale = (key: string, stale: V): V | Promise<V | null> => {
    if (outageRetryAtMs !== null) {
      const nowMs = performance.now()
      if (nowMs >= outageRetryAtMs && !pending.has(key)) {
        outageRetryAtMs = nowMs + OUTAGE_REFRESH_INTERVAL_MS
        refresh(key).catch(() => undefined)
      }
      return stale
    }
    return refresh(key).catch((error: unknown) => {
      // Whatever is cached now: an invalidation meanwhile has removed it.
      const current = entries.get(key)
      if (isServiceError(error, 'accounts_unavailable') && current !== undefined && current !== NONE) return current
      throw error
    })
  }

  return {
    get(key) {
      const cached = entries.get(key)
      if (cached === NONE) return null
      if (cached === undefined) return refresh(key)
      if (staleMaxMs === 0 || entries.getRemainingTTL(key) > staleMaxMs) return cached
      return getStale(key, cached)
    },
    delete(key) {
      generation++
      entries.delete(key)
    },
    deleteWhere(matches) {
      generation++
      // Rare events: a scan is cheaper than an index kept on every insert.
      for (const [key, value] of entries.entries()) if (value !== NONE && matches(value)) entries.delete(key)
    },
    clear() {
      generation++
      entries.clear()
    },
  }
}
