/**
 * The known pools holding a mint: for each venue of pool-venues.ts and each side of its pools,
 * one `getProgramAccounts` with a memcmp on that side's mint field (plus the layout's dataSize
 * and/or discriminator), then one `getMultipleAccounts` of every pool's two vaults for their
 * balances. `hasLiquidity`: at least one pool whose two vaults both hold a non-zero balance. No
 * larger minimum: raw amounts of different mints are not comparable without prices.
 *
 * On mainnet a scan takes seconds, and a quote mint (USDC, wSOL) sits in thousands of pools, so
 * the index reads the balances of at most `maxPools` of them (the first by venue order, then
 * pool address) and says so with `truncated`. Cold path: see pool-liquidity-cache.ts.
 */
import { toBase58 } from '../../../lib/base58.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { getAccountSlices, getProgramAccountSlices, readU64, type ProgramAccountFilter } from './pool-rpc-reads.js'
import { POOL_VENUES, getVenueSlice, type PoolVenue, type PoolVenueLayout } from './pool-venues.js'

/** Token account amount: bytes 64..72. */
const AMOUNT_SLICE = { offset: 64, length: 8 }
export const DEFAULT_MAX_POOLS = 64

export interface KnownPool {
  venue: PoolVenue
  programId: string
  pool: string
  /** The vault holding the mint asked about, and its balance (null: the vault account is missing). */
  vault: string
  balance: bigint | null
  otherMint: string
  otherVault: string
  otherBalance: bigint | null
  /** Constant-product pools' LP mint; null for concentrated liquidity (positions, no LP mint). */
  lpMint: string | null
  /** The LP supply the pool itself records (Raydium v4 `lp_amount`, CPMM / PumpSwap `lp_supply`). */
  lpReserve: bigint | null
  /** Both vaults hold a non-zero balance. */
  hasLiquidity: boolean
}

export interface PoolIndex {
  mint: string
  pools: KnownPool[]
  hasLiquidity: boolean
  /** More pools hold the mint than `maxPools`: the rest were not read. */
  truncated: boolean
  /** The oldest slot among the reads. */
  slot: number
}

interface FoundPool {
  layout: PoolVenueLayout
  pool: string
  side: 0 | 1
  data: Uint8Array
  sliceOffset: number
}

function getFilters(layout: PoolVenueLayout, side: 0 | 1, mint: string): ProgramAccountFilter[] {
  const filters: ProgramAccountFilter[] = []
  if (layout.dataSize !== null) filters.push({ dataSize: layout.dataSize })
  if (layout.discriminator !== null) filters.push({ memcmp: { offset: 0, bytes: toBase58(layout.discriminator), encoding: 'base58' } })
  filters.push({ memcmp: { offset: layout.mintOffsets[side], bytes: mint, encoding: 'base58' } })
  return filters
}

async function scanVenueSide(rpc: JsonRpcClient, layout: PoolVenueLayout, side: 0 | 1, mint: string, signal?: AbortSignal) {
  const slice = getVenueSlice(layout)
  const { slot, accounts } = await getProgramAccountSlices(rpc, layout.programId, getFilters(layout, side, mint), slice, signal)
  const found: FoundPool[] = []
  for (const { address, account } of accounts) {
    // A pool written by an older, shorter layout than the fields read here is skipped, not misread.
    if (account.space < layout.minDataLength || account.data.length < slice.length) continue
    found.push({ layout, pool: address, side, data: account.data, sliceOffset: slice.offset })
  }
  return { slot, found }
}

function readKey(found: FoundPool, offset: number): string {
  const at = offset - found.sliceOffset
  return toBase58(found.data.subarray(at, at + 32))
}

/** The known pools holding `mint`, with their vault balances. */
export async function getPoolsForMint(
  rpc: JsonRpcClient,
  mint: string,
  options: { signal?: AbortSignal; maxPools?: number } = {},
): Promise<PoolIndex> {
  const maxPools = options.maxPools ?? DEFAULT_MAX_POOLS
  const scans = await Promise.all(
    POOL_VENUES.flatMap((layout) => ([0, 1] as const).map((side) => scanVenueSide(rpc, layout, side, mint, options.signal))),
  )
  // A pool of the mint against itself would turn up on both sides; count it once.
  const seen = new Set<string>()
  const found = scans.flatMap((scan) => scan.found).filter((pool) => !seen.has(pool.pool) && seen.add(pool.pool))
  const truncated = found.length > maxPools
  const kept = found.slice(0, maxPools)

  const pools = kept.map((pool) => {
    const { layout, side } = pool
    const other = side === 0 ? 1 : 0
    return {
      venue: layout.venue,
      programId: layout.programId,
      pool: pool.pool,
      vault: readKey(pool, layout.vaultOffsets[side]),
      otherMint: readKey(pool, layout.mintOffsets[other]),
      otherVault: readKey(pool, layout.vaultOffsets[other]),
      lpMint: layout.lpMintOffset === null ? null : readKey(pool, layout.lpMintOffset),
      lpReserve: layout.lpReserveOffset === null ? null : readU64(pool.data, layout.lpReserveOffset - pool.sliceOffset),
    }
  })
  const vaults = pools.flatMap((pool) => [pool.vault, pool.otherVault])
  const balances =
    vaults.length > 0 ? await getAccountSlices(rpc, vaults, AMOUNT_SLICE, options.signal) : { slot: Number.MAX_SAFE_INTEGER, accounts: [] }
  const balanceOf = (i: number): bigint | null => {
    const account = balances.accounts[i]
    return account && account.data.length === AMOUNT_SLICE.length ? readU64(account.data, 0) : null
  }

  const known = pools.map((pool, i): KnownPool => {
    const balance = balanceOf(2 * i)
    const otherBalance = balanceOf(2 * i + 1)
    return { ...pool, balance, otherBalance, hasLiquidity: (balance ?? 0n) > 0n && (otherBalance ?? 0n) > 0n }
  })
  return {
    mint,
    pools: known,
    hasLiquidity: known.some((pool) => pool.hasLiquidity),
    truncated,
    slot: Math.min(balances.slot, ...scans.map((scan) => scan.slot)),
  }
}
