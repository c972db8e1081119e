/**
 * What a pool holds on each side of a swap, for sizing a trade against the pool's liquidity.
 *
 * - Vault pools (Raydium AMM v4 / CPMM / CLMM, Orca Whirlpool, Meteora DLMM, PumpSwap): the token
 *   amounts of the vaults (offset 64 of a token account). These are balances, not the curve's
 *   exact reserves: Raydium subtracts accrued protocol/fund fees and AMM v4 adds order-book funds;
 *   PumpSwap prices against the quote vault plus the pool's `virtual_quote_reserves` (an appended
 *   field, 0 on most pools), which is not read here. For concentrated pools (Whirlpool, Raydium
 *   CLMM) the vaults hold every position's tokens; `activeLiquidity` is the in-range liquidity L.
 * - pump.fun: the bonding curve's virtual reserves (account layout: discriminator,
 *   virtual_token_reserves u64 @8, virtual_quote_reserves u64 @16, real_token_reserves u64 @24,
 *   real_quote_reserves u64 @32, …; pump-fun/pump-public-docs idl/pump.json `BondingCurve`): the
 *   constant product prices against these.
 * - Two-hop Whirlpool swaps: the input vault of pool one and the output vault of pool two, with
 *   pool one's liquidity.
 * - Jupiter routes: null (no single pool).
 */
import { hasDiscriminator } from './instruction-bytes.js'
import { readU128, readU64 } from '../../hot-path/decode/little-endian.js'
import type { DecodedSwap } from './swap-types.js'
import { type AccountDataReader, TOKEN_ACCOUNT_MIN_BYTES, getSwapVaults } from './swap-vaults.js'

export interface PoolReserves {
  inputReserve: bigint
  outputReserve: bigint
  /** CLMM pools: active liquidity (Whirlpool `liquidity`, CLMM `liquidity`), else null */
  activeLiquidity: bigint | null
}

/** sha256("account:BondingCurve")[..8]. */
const BONDING_CURVE_DISCRIMINATOR = new Uint8Array([23, 183, 248, 55, 96, 216, 172, 96])
const BONDING_CURVE_MIN_BYTES = 24
/**
 * sha256("account:Whirlpool")[..8]; `liquidity` u128 follows whirlpools_config (32), bump (1),
 * tick_spacing (2), fee_tier_index_seed (2), fee_rate (2), protocol_fee_rate (2).
 */
const WHIRLPOOL_DISCRIMINATOR = new Uint8Array([63, 149, 209, 12, 225, 128, 99, 9])
const WHIRLPOOL_LIQUIDITY_OFFSET = 49
/**
 * sha256("account:PoolState")[..8]; the packed PoolState (raydium-io/raydium-clmm,
 * programs/amm/src/states/pool.rs) has bump 1, seven pubkeys 224, two decimals 2, tick_spacing 2,
 * then `liquidity` u128.
 */
const CLMM_POOL_DISCRIMINATOR = new Uint8Array([247, 237, 227, 245, 215, 195, 222, 70])
const CLMM_LIQUIDITY_OFFSET = 237

function readTokenAmount(key: Uint8Array, getAccountData: AccountDataReader): bigint | null {
  const data = getAccountData(key)
  return data !== undefined && data.length >= TOKEN_ACCOUNT_MIN_BYTES ? readU64(data, 64) : null
}

function readLiquidity(
  pool: Uint8Array | null,
  getAccountData: AccountDataReader,
  discriminator: Uint8Array,
  offset: number,
): bigint | undefined {
  if (pool === null) return undefined
  const data = getAccountData(pool)
  if (data === undefined || data.length < offset + 16 || !hasDiscriminator(data, discriminator)) return undefined
  return readU128(data, offset)
}

function getBondingCurveReserves(swap: DecodedSwap, getAccountData: AccountDataReader): PoolReserves | null {
  if (swap.pool === null) return null
  const data = getAccountData(swap.pool)
  if (data === undefined || data.length < BONDING_CURVE_MIN_BYTES || !hasDiscriminator(data, BONDING_CURVE_DISCRIMINATOR)) {
    return null
  }
  const virtualTokenReserves = readU64(data, 8)
  const virtualQuoteReserves = readU64(data, 16)
  // Buys pay quote (SOL) into the curve and take tokens out; sells the reverse.
  const isBuy = swap.instruction.startsWith('buy')
  return {
    inputReserve: isBuy ? virtualQuoteReserves : virtualTokenReserves,
    outputReserve: isBuy ? virtualTokenReserves : virtualQuoteReserves,
    activeLiquidity: null,
  }
}

/** The pool's reserves on the swap's input and output sides; null when an account is not available. */
export function getPoolReserves(swap: DecodedSwap, getAccountData: AccountDataReader): PoolReserves | null {
  if (swap.venue === 'jupiter_v6') return null
  if (swap.venue === 'pumpfun') return getBondingCurveReserves(swap, getAccountData)
  const vaults = getSwapVaults(swap, getAccountData)
  if (vaults === null) return null
  const inputReserve = readTokenAmount(vaults.vaultIn, getAccountData)
  const outputReserve = readTokenAmount(vaults.vaultOut, getAccountData)
  if (inputReserve === null || outputReserve === null) return null
  let activeLiquidity: bigint | null = null
  if (swap.venue === 'orca_whirlpool' || swap.venue === 'raydium_clmm') {
    const liquidity =
      swap.venue === 'orca_whirlpool'
        ? readLiquidity(swap.pool, getAccountData, WHIRLPOOL_DISCRIMINATOR, WHIRLPOOL_LIQUIDITY_OFFSET)
        : readLiquidity(swap.pool, getAccountData, CLMM_POOL_DISCRIMINATOR, CLMM_LIQUIDITY_OFFSET)
    if (liquidity === undefined) return null
    activeLiquidity = liquidity
  }
  return { inputReserve, outputReserve, activeLiquidity }
}
