/**
 * A mint's liquidity facts (pool-liquidity.ts), cached per mint so the RPC scans (seconds on
 * mainnet) stay off the request path: `get` answers synchronously from memory and never calls
 * RPC; `load` starts the read on a miss, or joins the one in flight, so concurrent misses make one
 * set of calls. A load runs to its own time limit (`loadTimeoutMs`) whatever its callers do: a
 * caller that gives up at its deadline stops waiting, and the answer lands in the cache for the
 * requests after it. Bounded (LRU, `maxMints`); an answer lives `ttlMs`, one with a failed part (or
 * a failed load) only `failureTtlMs`, so a flaky node is neither hammered nor trusted for long.
 */
import { LRUCache } from 'lru-cache'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { toBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'
import { getMintLiquidity, type MintLiquidity } from './pool-liquidity.js'
import { abortable } from '../../hot-path/rpc/abortable.js'

export interface PoolLiquidityCacheOptions {
  rpc: JsonRpcClient
  /** How long a complete answer is served (default 5 min). */
  ttlMs?: number
  /** How long a partial answer, or a failure, is kept (default 15 s). */
  failureTtlMs?: number
  /** Mints kept (default 10,000). */
  maxMints?: number
  /** One load's time limit, independent of its callers' deadlines (default 15 s). */
  loadTimeoutMs?: number
  maxPools?: number
  maxLpPools?: number
  /** The clock of the TTLs (performance.now by default). */
  now?: () => number
}

export interface PoolLiquidityCache {
  /** The cached answer for a mint, or undefined; synchronous, never calls RPC. */
  get(mint: AccountKey): MintLiquidity | undefined
  /** The answer for a mint: cached, joined in flight, or loaded; stops waiting (not loading) when `signal` aborts. */
  load(mint: AccountKey, signal?: AbortSignal): Promise<MintLiquidity>
  /** Mints held (answers and remembered failures). */
  readonly size: number
}

type Entry = { ok: true; value: MintLiquidity } | { ok: false; error: unknown }

/** Creates the per-mint liquidity cache. */
export function createPoolLiquidityCache(options: PoolLiquidityCacheOptions): PoolLiquidityCache {
  const ttlMs = options.ttlMs ?? 300_000
  const failureTtlMs = options.failureTtlMs ?? 15_000
  const loadTimeoutMs = options.loadTimeoutMs ?? 15_000
  const entries = new LRUCache<AccountKey, Entry>({
    max: options.maxMints ?? 10_000,
    ttl: ttlMs,
    // An injected clock is read as is; the default caches performance.now() for 1 ms.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  })
  const inFlight = new Map<AccountKey, Promise<MintLiquidity>>()

  function start(mint: AccountKey): Promise<MintLiquidity> {
    const loading = getMintLiquidity(options.rpc, toBase58Address(mint), {
      signal: AbortSignal.timeout(loadTimeoutMs),
      ...(options.maxPools ? { maxPools: options.maxPools } : {}),
      ...(options.maxLpPools ? { maxLpPools: options.maxLpPools } : {}),
    }).then(
      (value) => {
        entries.set(mint, { ok: true, value }, { ttl: value.errors.length > 0 ? failureTtlMs : ttlMs })
        return value
      },
      (error: unknown) => {
        entries.set(mint, { ok: false, error }, { ttl: failureTtlMs })
        throw error
      },
    )
    const tracked = loading.finally(() => inFlight.delete(mint))
    // Callers may all have stopped waiting; the failure is kept in the cache, not left unhandled.
    tracked.catch(() => {})
    inFlight.set(mint, tracked)
    return tracked
  }

  return {
    get(mint) {
      const entry = entries.get(mint)
      return entry?.ok ? entry.value : undefined
    },
    load(mint, signal) {
      const entry = entries.get(mint)
      if (entry) return entry.ok ? Promise.resolve(entry.value) : Promise.reject(entry.error)
      return abortable(inFlight.get(mint) ?? start(mint), signal)
    },
    get size() {
      return entries.size
    },
  }
}
