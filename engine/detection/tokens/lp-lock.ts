/**
 * How much of a constant-product pool's LP is burned or locked, i.e. liquidity its providers can
 * no longer pull out.
 *
 * The pool records its own LP supply (Raydium AMM v4 `lp_amount`, CPMM and PumpSwap `lp_supply`:
 * "true circulating supply without burns and lock-ups"), which only the pool program changes on
 * deposit and withdraw. A Burn through the token program lowers the LP mint's supply but not that
 * record, so with D = max(record, mint supply):
 *   burned = (D − supply + LP held by burn addresses) / D
 *   locked = LP held by known lockers / D
 * (The record also counts the few LP units each program mints to nobody at creation, so a fresh
 * pool shows a tiny burned share: liquidity that indeed cannot be withdrawn.)
 * Lockers (holder-owner-kinds.ts): Raydium's LP locker (Burn & Earn) and Jupiter Lock escrows.
 * Streamflow is not recognised: its escrow's authority is not tied to anything readable here.
 * Holders are the LP mint's 20 largest accounts. Whirlpools (and any CLMM) have positions, not an
 * LP mint: `null`, not applicable.
 */
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { toShare } from './holder-concentration.js'
import { getLargestHolders, type LargestHolders } from './holder-largest.js'
import { getHolderKind } from './holder-owner-kinds.js'
import type { KnownPool } from './pool-index.js'
import type { PoolVenue } from './pool-venues.js'

export type LpLockSource = 'raydium_amm_v4.lp_amount' | 'raydium_cpmm.lp_supply' | 'pumpswap.lp_supply'

export interface LpLock {
  lpMint: string
  /** Share (0..1) of the pool's LP destroyed: burned by instruction, or held by a burn address. */
  burnedShare: number
  /** Share (0..1) held by a known locker. */
  lockedShare: number
  /** The pool field the LP mint's supply is compared with. */
  source: LpLockSource
  /** The pool's own record, the LP mint's supply, and the LP units burned and locked behind the shares. */
  lpReserve: bigint
  lpSupply: bigint
  burnedAmount: bigint
  lockedAmount: bigint
}

const SOURCES: Partial<Record<PoolVenue, LpLockSource>> = {
  raydium_amm_v4: 'raydium_amm_v4.lp_amount',
  raydium_cpmm: 'raydium_cpmm.lp_supply',
  pumpswap: 'pumpswap.lp_supply',
}

/** The burned and locked shares of a pool's LP from its LP mint's largest holders; null when the pool has no LP mint. */
export function toLpLock(pool: Pick<KnownPool, 'venue' | 'lpMint' | 'lpReserve'>, lpHolders: LargestHolders): LpLock | null {
  const source = SOURCES[pool.venue]
  if (!source || pool.lpMint === null || pool.lpReserve === null) return null
  const supply = lpHolders.supply
  const denominator = pool.lpReserve > supply ? pool.lpReserve : supply
  let heldByBurn = 0n
  let heldByLocker = 0n
  for (const holder of lpHolders.holders) {
    const { kind } = getHolderKind(holder)
    if (kind === 'burn') heldByBurn += holder.amount
    else if (kind === 'locker') heldByLocker += holder.amount
  }
  const burnedAmount = denominator - supply + heldByBurn
  return {
    lpMint: pool.lpMint,
    burnedShare: toShare(burnedAmount, denominator),
    lockedShare: toShare(heldByLocker, denominator),
    source,
    lpReserve: pool.lpReserve,
    lpSupply: supply,
    burnedAmount,
    lockedAmount: heldByLocker,
  }
}

/** Reads a pool's LP mint holders and computes its LP lock; null for pools without an LP mint. */
export async function getLpLock(
  rpc: JsonRpcClient,
  pool: Pick<KnownPool, 'venue' | 'lpMint' | 'lpReserve'>,
  signal?: AbortSignal,
): Promise<LpLock | null> {
  if (!SOURCES[pool.venue] || pool.lpMint === null || pool.lpReserve === null) return null
  return toLpLock(pool, await getLargestHolders(rpc, pool.lpMint, signal))
}
