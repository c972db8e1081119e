/**
 * Each tenant's blocked programs (the user service's `getProgramBlocks`) as sets of AccountKeys,
 * cached for the simulate path: a warm tenant is answered synchronously, with no promise and no
 * base58 (the set is built once per load). The reasoning is the edge's auth cache's
 * (callers/authenticator.ts): with an invalidation bus, the user service announces every change
 * (`program_blocks`), so a list is trusted for a long while (60 s) and the TTL is only a backstop
 * for a lost event; without one, nothing announces changes, so a list is trusted 1 s only — the
 * "effective within 1 s" promise.
 *
 * A list past `refreshMs` is reloaded in the background while still served, so a busy tenant never
 * waits; a failed background reload keeps the old list until it is too old to trust. Misses for one
 * tenant share one load. A load failure rejects the promise of the requests that waited for it with
 * the catalogue error it got (`accounts_unavailable` for anything else).
 *
 * Through an outage of the user service (a reload failing with `accounts_unavailable`), a list too old
 * to trust is still served for up to `staleMaxMs` past `trustMs` (AUTH_STALE_MAX_MS, as the auth
 * cache does), reloaded in the background; an announced change still removes it at once, and a
 * tenant never loaded is refused with the outage's error.
 */
import { LRUCache } from 'lru-cache'
import type { InvalidationBus } from '../../../lib/auth-invalidation.js'
import { createServiceError, isServiceError, type ServiceError } from '../../../lib/errors.js'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'

export interface TenantProgramBlocks {
  /**
   * The tenant's blocked programs as AccountKeys (engine/hot-path/state/account-key.ts); synchronous when
   * cached and fresh, a promise only on a miss or when the cached list is too old to trust.
   */
  get(tenantId: string): ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>>
  /** Drops a tenant's cached list (bus event) or all of them. */
  invalidate(tenantId?: string): void
  /** Leaves the bus and forgets every list. */
  close(): void
}

export interface TenantProgramBlocksOptions {
  /** The tenant's program ids in base58: userService.getProgramBlocks (in-process or over gRPC). */
  load: (tenantId: string) => Promise<readonly string[]>
  /** Where the user service announces changes (`program_blocks`, and `all` after a missed stretch); subscribed until close(). */
  invalidations?: InvalidationBus
  /** How long a loaded list is trusted: default 60 s with `invalidations`, 1 s without. */
  trustMs?: number
  /** A list older than this is reloaded in the background while still served; default trustMs / 2. */
  refreshMs?: number
  /** How long past `trustMs` a list is still served while the user service is unavailable; default 0 (never). */
  staleMaxMs?: number
  /** LRU bound on the tenants kept (default 10,000). */
  maxTenants?: number
  /** Epoch ms (tests move it by hand). */
  now?: () => number
}

/** The trust of a list when changes are announced: the bus is the real bound, this only a backstop. */
export const INFORMED_TRUST_MS = 60_000
/** The trust of a list when nothing announces changes: the "effective within 1 s" promise. */
export const UNINFORMED_TRUST_MS = 1_000
const DEFAULT_MAX_TENANTS = 10_000
/** After a failed background reload, the next one waits this long (or refreshMs, if shorter). */
const REFRESH_RETRY_MS = 1_000

interface Entry {
  keys: ReadonlySet<AccountKey>
  /** When the load that read this list started: a change committed after it may be missing. */
  loadedAtMs: number
  /** When a background reload may start next. */
  refreshAtMs: number
  /** The last reload found the user service unavailable: past trustMs the list is served without waiting for the next. */
  reloadUnavailable: boolean
}

const ignore = (): void => undefined

/** The set of AccountKeys of base58 ids. */
function toKeySet(programIds: readonly string[]): ReadonlySet<AccountKey> {
  const keys = new Set<AccountKey>()
  for (const id of programIds) {
    // The user service stores only validated ids; one that is not an address anyway cannot match a
    // program, so it is skipped rather than failing every simulate of the tenant.
    try {
      keys.add(fromBase58Address(id))
    } catch {
      continue
    }
  }
  return keys
}

const toCatalogueError = (error: unknown): ServiceError =>
  isServiceError(error) ? error : createServiceError('accounts_unavailable', 'The program blocks could not be loaded.', error)

/** A cache of tenants' program blocks over `load`. */
export function createTenantProgramBlocks(options: TenantProgramBlocksOptions): TenantProgramBlocks {
  const now = options.now ?? Date.now
  const trustMs = options.trustMs ?? (options.invalidations ? INFORMED_TRUST_MS : UNINFORMED_TRUST_MS)
  const refreshMs = options.refreshMs ?? trustMs / 2
  const staleMaxMs = options.staleMaxMs ?? 0
  if (!(trustMs > 0) || !(refreshMs >= 0) || refreshMs > trustMs) {
    throw new RangeError(`tenant program blocks: need 0 <= refreshMs (${refreshMs}) <= trustMs (${trustMs}), trustMs > 0`)
  }
  const entries = new LRUCache<string, Entry>({ max: options.maxTenants ?? DEFAULT_MAX_TENANTS })
  // The load in flight per tenant. An invalidation removes it: its answer may predate the change,
  // so it is handed to the requests that already wait for it but not cached.
  const loads = new Map<string, Promise<ReadonlySet<AccountKey>>>()

  function startLoad(tenantId: string): Promise<ReadonlySet<AccountKey>> {
    const startedAtMs = now()
    let loading: Promise<readonly string[]>
    try {
      loading = options.load(tenantId)
    } catch (error) {
      loading = Promise.reject(error)
    }
    const load: Promise<ReadonlySet<AccountKey>> = loading.then(
      (programIds) => {
        const keys = toKeySet(programIds)
        if (loads.get(tenantId) === load) {
          loads.delete(tenantId)
          entries.set(tenantId, { keys, loadedAtMs: startedAtMs, refreshAtMs: startedAtMs + refreshMs, reloadUnavailable: false })
        }
        return keys
      },
      (error: unknown) => {
        if (loads.get(tenantId) === load) {
          loads.delete(tenantId)
          // The user service said it is unavailable (not a failure this module names so: a bug is not served around).
          const entry = entries.peek(tenantId)
          if (entry && isServiceError(error, 'accounts_unavailable')) entry.reloadUnavailable = true
        }
        throw toCatalogueError(error)
      },
    )
    loads.set(tenantId, load)
    return load
  }

  function refreshInBackground(tenantId: string, entry: Entry, nowMs: number): void {
    entry.refreshAtMs = nowMs + Math.min(REFRESH_RETRY_MS, refreshMs)
    // The old list stays until it is too old to trust; the next get after the retry delay tries again.
    startLoad(tenantId).catch(ignore)
  }

  /** A list past trustMs, inside the stale window: served only while the user service is unavailable. */
  function getStale(tenantId: string, entry: Entry, nowMs: number): ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>> {
    if (entry.reloadUnavailable) {
      if (nowMs >= entry.refreshAtMs && !loads.has(tenantId)) refreshInBackground(tenantId, entry, nowMs)
      return entry.keys
    }
    return (loads.get(tenantId) ?? startLoad(tenantId)).catch((error: unknown) => {
      // The load's own handler ran first and marked the entry; still cached: no change was announced meanwhile.
      if (entry.reloadUnavailable && entries.peek(tenantId) === entry) return entry.keys
      throw error
    })
  }

  function invalidate(tenantId?: string): void {
    if (tenantId === undefined) {
      entries.clear()
      loads.clear()
      return
    }
    entries.delete(tenantId)
    loads.delete(tenantId)
  }

  const unsubscribe = options.invalidations?.subscribe((event) => {
    if (event.kind === 'all') invalidate()
    // A deleted user's list reads empty from now on.
    else if (event.kind === 'program_blocks' || event.kind === 'user') invalidate(event.userId)
  })

  return {
    get(tenantId) {
      const entry = entries.get(tenantId)
      if (entry !== undefined) {
        const nowMs = now()
        const ageMs = nowMs - entry.loadedAtMs
        if (ageMs < trustMs) {
          if (nowMs >= entry.refreshAtMs && !loads.has(tenantId)) refreshInBackground(tenantId, entry, nowMs)
          return entry.keys
        }
        if (ageMs < trustMs + staleMaxMs) return getStale(tenantId, entry, nowMs)
      }
      return loads.get(tenantId) ?? startLoad(tenantId)
    },
    invalidate,
    close() {
      unsubscribe?.()
      invalidate()
    },
  }
}
