/**
 * The engine's account state: an LRU bounded in bytes, filled from JSON-RPC `getMultipleAccounts`.
 * Concurrent misses for one key share one fetch; keys are batched (≤100 a call). A warm entry is
 * answered synchronously; one older than `freshMs` is still answered and refreshed in the
 * background (until the geyser stream keeps it fresh), so a warm simulate never waits on the network.
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
  now?: () => number
}

export interface AccountCacheStats {
  hits: number
  misses: number
  rpcCalls: number
  keysFetched: number
  backgroundRefreshes: number
}

export interface AccountCache {
  /** The entry of every key, synchronously when all are cached, else once the misses are fetched. */
  getMany(keys: readonly AccountKey[], signal?: AbortSignal): AccountEntry[] | Promise<AccountEntry[]>
  /** The cached entry, without fetching or refreshing. */
  peek(key: AccountKey): AccountEntry | undefined
  /** Stores a state the chain reported (geyser, tests); keeps the version when content is unchanged. */
  put(entry: Omit<AccountEntry, 'version'> & { version?: number }): AccountEntry
  readonly stats: Readonly<AccountCacheStats>
  readonly sizeBytes: number
  readonly size: number
}

/** Creates the account cache. */
export function createAccountCache(options: AccountCacheOptions): AccountCache {
  const now = options.now ?? Date.now
  const stats: AccountCacheStats = { hits: 0, misses: 0, rpcCalls: 0, keysFetched: 0, backgroundRefreshes: 0 }
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

  const fetcher = createAccountFetcher({
    rpc: options.rpc,
    batchSize: options.batchSize,
    now,
    onBatch: (keyCount) => {
      stats.rpcCalls++
      stats.keysFetched += keyCount
    },
    store,
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
        if (entry.confirmedAtMs < staleBefore) refreshInBackground(key)
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
    stats,
    get sizeBytes() {
      return lru.calculatedSize
    },
    get size() {
      return lru.size
    },
  }
}

