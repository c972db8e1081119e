/**
 * Everything the rug vector needs to know about a mint's market, read in one go: the known pools
 * holding it (pool-index.ts), the LP lock of its deepest constant-product pools (lp-lock.ts) and
 * its top-holder concentration with those pools' vaults excluded (holder-concentration.ts). The
 * pool scan and the holder read run side by side; the LP reads follow the scan.
 *
 * A part that fails is null and named in `errors` (the rest still answers); the whole rejects
 * only when both the pool scan and the holder read fail.
 */
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { toHolderConcentration, type HolderConcentration } from './holder-concentration.js'
import { getLargestHolders } from './holder-largest.js'
import { getLpLock, type LpLock } from './lp-lock.js'
import { getPoolsForMint, type KnownPool, type PoolIndex } from './pool-index.js'

/** LP locks are read for at most this many pools (the deepest in the mint): three RPC calls each. */
export const DEFAULT_MAX_LP_POOLS = 4

export type PoolWithLpLock = KnownPool & {
  /** null: no LP mint (Whirlpool), not among the deepest pools, or its reads failed. */
  lpLock: LpLock | null
}

export interface MintLiquidity {
  mint: string
  /** null: the pool scan failed (see `errors`). */
  pools: PoolWithLpLock[] | null
  /** Liquidity in a known pool; null when the scan failed. */
  hasLiquidity: boolean | null
  poolsTruncated: boolean
  /** null: the holder read failed (see `errors`). */
  holders: HolderConcentration | null
  /**
   * Burned + locked share of the LP of the constant-product pool holding the most of the mint;
   * null when no such pool has a known LP lock.
   */
  lpBurnedOrLocked: number | null
  /** What could not be read, as `part: message`. */
  errors: string[]
  slot: number
}

export interface MintLiquidityOptions {
  signal?: AbortSignal
  maxPools?: number
  maxLpPools?: number
}

function describe(part: string, error: unknown): string {
  return `${part}: ${error instanceof Error ? error.message : String(error)}`
}

async function getLpLocks(rpc: JsonRpcClient, index: PoolIndex, maxLpPools: number, errors: string[], signal?: AbortSignal) {
  const deepest = index.pools
    .filter((pool) => pool.lpMint !== null && pool.hasLiquidity)
    .sort((a, b) => ((a.balance ?? 0n) === (b.balance ?? 0n) ? 0 : (a.balance ?? 0n) > (b.balance ?? 0n) ? -1 : 1))
    .slice(0, maxLpPools)
  const locks = new Map<string, LpLock | null>()
  await Promise.all(
    deepest.map(async (pool) => {
      try {
        locks.set(pool.pool, await getLpLock(rpc, pool, signal))
      } catch (error) {
        errors.push(describe(`lp ${pool.pool}`, error))
      }
    }),
  )
  return { deepest, locks }
}

/** Reads the pools, LP locks and holder concentration of `mint` (base58). */
export async function getMintLiquidity(rpc: JsonRpcClient, mint: string, options: MintLiquidityOptions = {}): Promise<MintLiquidity> {
  const { signal } = options
  const [poolRead, holderRead] = await Promise.allSettled([
    getPoolsForMint(rpc, mint, { ...(signal ? { signal } : {}), ...(options.maxPools ? { maxPools: options.maxPools } : {}) }),
    getLargestHolders(rpc, mint, signal),
  ])
  if (poolRead.status === 'rejected' && holderRead.status === 'rejected') throw poolRead.reason
  const errors: string[] = []
  if (poolRead.status === 'rejected') errors.push(describe('pools', poolRead.reason))
  if (holderRead.status === 'rejected') errors.push(describe('holders', holderRead.reason))

  const index = poolRead.status === 'fulfilled' ? poolRead.value : null
  let pools: PoolWithLpLock[] | null = null
  let lpBurnedOrLocked: number | null = null
  if (index) {
    const { deepest, locks } = await getLpLocks(rpc, index, options.maxLpPools ?? DEFAULT_MAX_LP_POOLS, errors, signal)
    pools = index.pools.map((pool) => ({ ...pool, lpLock: locks.get(pool.pool) ?? null }))
    const first = deepest.map((pool) => locks.get(pool.pool)).find((lock) => lock)
    if (first) lpBurnedOrLocked = Math.min(1, first.burnedShare + first.lockedShare)
  }
  const vaults = new Set(index ? index.pools.flatMap((pool) => [pool.vault, pool.otherVault]) : [])
  const holders = holderRead.status === 'fulfilled' ? toHolderConcentration(holderRead.value, vaults) : null
  return {
    mint,
    pools,
    hasLiquidity: index ? index.hasLiquidity : null,
    poolsTruncated: index?.truncated ?? false,
    holders,
    lpBurnedOrLocked,
    errors,
    slot: Math.min(index?.slot ?? Number.MAX_SAFE_INTEGER, holders?.slot ?? Number.MAX_SAFE_INTEGER),
  }
}
