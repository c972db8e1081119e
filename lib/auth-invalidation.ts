/**
 * The bus that carries `AuthInvalidation` events from the user service to every edge's auth
 * cache, and `program_blocks` changes to the engines' block-list caches. In-process here (one
 * process runs the user service and the edge); Redis pub/sub in `redis-invalidation-bus.ts` when
 * edges run apart. Both pass test/lib/auth-invalidation-bus.test.ts.
 */
import type { Logger } from './logger.js'

/**
 * Something cached elsewhere changed: a credential stopped working, or a user's card on file
 * changed (`user`, `api_key`: edges drop what they cached for it, within 1 s), or a tenant's
 * program blocks changed (`program_blocks`: engines reload the list; auth caches ignore it).
 * `all` is never published by accounts: a bus raises it locally when it may have missed events (a
 * Redis reconnect), and caches then forget everything.
 */
export type AuthInvalidation =
  | { kind: 'user'; userId: string }
  | { kind: 'api_key'; userId: string; apiKeyId: string }
  | { kind: 'program_blocks'; userId: string }
  | { kind: 'all' }

export type InvalidationListener = (event: AuthInvalidation) => void

/**
 * How long a cached credential is trusted: 60 s when a bus announces revocations, 1 s when nothing
 * carries them (the within-1-s promise for a revoked key).
 */
export function getAuthCacheTtlMs(invalidations: InvalidationBus | undefined): number {
  return invalidations ? 60_000 : 1_000
}

/**
 * How long past its TTL a cached credential (or a tenant's program blocks) may be served while the
 * user service is unavailable: `configuredMs` (AUTH_STALE_MAX_MS) when a bus announces revocations,
 * which still take effect at once; 0 when nothing does, since a credential revoked meanwhile could
 * then be served for the whole window.
 */
export function getAuthStaleMaxMs(invalidations: InvalidationBus | undefined, configuredMs: number): number {
  return invalidations ? configuredMs : 0
}

export interface InvalidationBus {
  /** Sends the event to every subscriber of every bus on the same channel; rejects once closed. */
  publish(event: AuthInvalidation): Promise<void>
  /** Adds a listener and returns the function that removes it. A listener that throws is logged and skipped. */
  subscribe(listener: InvalidationListener): () => void
  /** Stops delivery and releases connections; idempotent. */
  close(): Promise<void>
}

/** The listeners of one bus; `deliver` isolates them from each other and from the transport. */
export interface InvalidationListeners {
  add(listener: InvalidationListener): () => void
  deliver(event: AuthInvalidation): void
  clear(): void
}

/** Creates a listener set that logs (never rethrows) a listener's error, so one bad cache cannot stop the others. */
export function createInvalidationListeners(logger?: Logger): InvalidationListeners {
  const listeners = new Set<InvalidationListener>()
  return {
    add(listener) {
      // Wrapped so the same function may subscribe twice and each subscription removes only itself.
      const entry: InvalidationListener = (event) => listener(event)
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
    deliver(event) {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch (error) {
          logger?.error({ err: error, event }, 'auth invalidation listener failed')
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}

/** Creates the bus of a single process: `publish` has called every listener when it resolves. */
export function createInProcessInvalidationBus(options: { logger?: Logger } = {}): InvalidationBus {
  const listeners = createInvalidationListeners(options.logger)
  let closed = false
  return {
    async publish(event) {
      if (closed) throw new Error('the auth invalidation bus is closed')
      listeners.deliver(event)
    },
    subscribe(listener) {
      return listeners.add(listener)
    },
    async close() {
      closed = true
      listeners.clear()
    },
  }
}
