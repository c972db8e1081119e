/**
 * The engine's account state: an LRU bounded in bytes, filled from JSON-RPC `getMultipleAccounts`
 * and kept fresh by the geyser stream. Concurrent misses for one key share one fetch; keys are
 * batched (≤100 a call). A warm entry is answered synchronously. One older than `freshMs` is
 * still answered, and refreshed over RPC in the background unless a live stream has covered it
 * since it was confirmed (`getCoverageStartMs`): then every change would have reached it.
 * An RPC answer never replaces a state the stream brought from a later slot.
 */
import { LRUCache } from 'lru-cache'
import type { JsonRpcClient } from '../rpc/json-rpc-client.js'
import type { AccountKey } from './account-key.js'
import { type AccountEntry, getEntrySizeBytes, isSameAccountContent } from './cached-account.js'
import { createAccountFetcher } from './account-fetcher.js'

export interface AccountCacheOptions {
  rpc: JsonRpcClient
  maxBytes: number
  /** Age after which an entry is refreshed in the background. */
  freshMs: number
  /** Keys per getMultipleAccounts call (Solana allows 100). */
  batchSize: number
  /** Called when an entry leaves the cache, so the SVM can drop it too. */
  onEvict?: (key: AccountKey) => void
  /** Since when a live geyser stream has shown every change of `key`; undefined when none does. */
  getCoverageStartMs?: (key: AccountKey) => number | undefined
  now?: () => number
}

export interface AccountCacheStats {
  hits: number
  misses: number
  rpcCalls: number
  keysFetched: number
  backgroundRefreshes: number
  /** RPC answers dropped because the cache held a state from a later slot. */
  staleRpcAnswers: number
}

export interface AccountCache {
  /** The entry of every key, synchronously when all are cached, else once the misses are fetched. */
  getMany(keys: readonly AccountKey[], signal?: AbortSignal): AccountEntry[] | Promise<AccountEntry[]>
  /** The cached entry, without fetching or refreshing. */
  peek(key: AccountKey): AccountEntry | undefined
  /** Stores a state the chain reported (geyser, tests); keeps the version when content is unchanged. */
  put(entry: Omit<AccountEntry, 'version'> & { version?: number }): AccountEntry
  /** Re-reads over RPC, in the background, the cached `keys` last confirmed before `beforeMs`. */
  refreshConfirmedBefore(keys: readonly AccountKey[], beforeMs: number): void
  /** Drops every entry read or streamed at `slot` (a dead fork's): the next read fetches it anew. Answers how many. */
  forgetSlot(slot: number): number
  readonly stats: Readonly<AccountCacheStats>
  readonly sizeBytes: number
  readonly size: number
}

/** Creates the account cache. */
export function createAccountCache(options: AccountCacheOptions): AccountCache {
  const now = options.now ?? Date.now
  const stats: AccountCacheStats = { hits: 0, misses: 0, rpcCalls: 0, keysFetched: 0, backgroundRefreshes: 0, staleRpcAnswers: 0 }
  let nextVersion = 1
  const lru = new LRUCache<AccountKey, AccountEntry>({
    maxSize: options.maxBytes,
    sizeCalculation: getEntrySizeBytes,
    dispose: (_entry, key, reason) => {
      if (reason === 'evict' || reason === 'delete') options.onEvict?.(key)
    },
  })
  const refreshing = new Set<AccountKey>()

  function store(fetched: AccountEntry): AccountEntry {
    const previous = lru.peek(fetched.key)
    const version = previous && isSameAccountContent(previous, fetched) ? previous.version : nextVersion++
    const entry =
      previous && previous.version === version && previous.exists && fetched.exists
        ? { ...fetched, version, native: previous.native, tokenFields: previous.tokenFields, dependencyKey: previous.dependencyKey }
        : { ...fetched, version }
    lru.set(fetched.key, entry)
    return entry
  }

  /**
   * An RPC answer, unless the cache holds a later state (the stream ran ahead of the RPC node,
   * or wrote the same slot): that one stays, vouched for as of the read.
   */
  function storeFromRpc(fetched: AccountEntry): AccountEntry {
    const previous = lru.peek(fetched.key)
    if (previous && (previous.slot > fetched.slot || (previous.slot === fetched.slot && previous.writeVersion !== undefined))) {
      stats.staleRpcAnswers++
      if (previous.confirmedAtMs >= fetched.confirmedAtMs) return previous
      const vouched = { ...previous, confirmedAtMs: fetched.confirmedAtMs }
      lru.set(fetched.key, vouched)
      return vouched
    }
    return store(fetched)
  }

  const fetcher = createAccountFetcher({
    rpc: options.rpc,
    batchSize: options.batchSize,
    now,
    onBatch: (keyCount) => {
      stats.rpcCalls++
      stats.keysFetched += keyCount
    },
    store: storeFromRpc,
  })

  function refreshInBackground(key: AccountKey): void {
    if (refreshing.has(key)) return
    refreshing.add(key)
    stats.backgroundRefreshes++
    fetcher
      .fetch(key)
      .catch(() => undefined) // the stale entry stays; the next read tries again
      .finally(() => refreshing.delete(key))
  }

  function isCovered(entry: AccountEntry): boolean {
    const since = options.getCoverageStartMs?.(entry.key)
    return since !== undefined && entry.confirmedAtMs >= since
  }

  function getMany(keys: readonly AccountKey[], signal?: AbortSignal): AccountEntry[] | Promise<AccountEntry[]> {
    const out = new Array<AccountEntry>(keys.length)
    let pending: Array<Promise<void>> | undefined
    const staleBefore = now() - options.freshMs
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as AccountKey
      const entry = lru.get(key)
      if (entry) {
        stats.hits++
        out[i] = entry
        if (entry.confirmedAtMs < staleBefore && !isCovered(entry)) refreshInBackground(key)
        continue
      }
      stats.misses++
      pending ??= []
      pending.push(
        fetcher.fetch(key, signal).then((fetched) => {
          out[i] = fetched
        }),
      )
    }
    if (!pending) return out
    return Promise.all(pending).then(() => out)
  }

  return {
    getMany,
    peek: (key) => lru.peek(key),
    put: (entry) => store({ ...entry, version: 0 } as AccountEntry),
    refreshConfirmedBefore(keys, beforeMs) {
      for (let i = 0; i < keys.length; i++) {
        const entry = lru.peek(keys[i] as AccountKey)
        if (entry && entry.confirmedAtMs < beforeMs) refreshInBackground(entry.key)
      }
    },
    forgetSlot(slot) {
      // Rare (a fork dies a few times an hour on mainnet), so a walk over the cache is fine.
      const dead: AccountKey[] = []
      for (const [key, entry] of lru.entries()) if (entry.slot === slot) dead.push(key)
      for (const key of dead) lru.delete(key)
      return dead.length
    },
    stats,
    get sizeBytes() {
      return lru.calculatedSize
    },
    get size() {
      return lru.size
    },
  }
}
