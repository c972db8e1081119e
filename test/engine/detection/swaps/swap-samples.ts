/**
 * One well-formed instruction per decoded swap instruction kind, each exactly as long as its
 * required arguments (no optional trailing fields), for tests that cut, flip or fuzz them.
 */
import { createHash } from 'node:crypto'
import { getStructEncoder, getU128Encoder, getU16Encoder, getU32Encoder, getU64Encoder, getU8Encoder } from '@solana/kit'
import { JUPITER_V6_PROGRAM_ID } from '../../../../engine/detection/swaps/jupiter-v6-swap.js'
import { METEORA_DLMM_PROGRAM_ID } from '../../../../engine/detection/swaps/meteora-dlmm-swap.js'
import { ORCA_WHIRLPOOL_PROGRAM_ID } from '../../../../engine/detection/swaps/orca-whirlpool-swap.js'
import { PUMPFUN_PROGRAM_ID } from '../../../../engine/detection/swaps/pumpfun-swap.js'
import { PUMPSWAP_PROGRAM_ID } from '../../../../engine/detection/swaps/pumpswap-swap.js'
import { RAYDIUM_AMM_V4_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-amm-v4-swap.js'
import { RAYDIUM_CLMM_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-clmm-swap.js'
import { RAYDIUM_CPMM_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-cpmm-swap.js'

export interface SwapSample {
  label: string
  programId: Uint8Array
  data: Uint8Array
  /** Anchor programs: the first 8 bytes select the instruction; else one tag byte. */
  discriminatorBytes: number
}

const anchor = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)]
const u64 = (value: bigint) => [...getU64Encoder().encode(value)]
const bytes = (...parts: Array<ArrayLike<number>>) => new Uint8Array(parts.flatMap((part) => Array.from(part)))

// Jupiter route plan: [Whirlpool { aToB: true } 100 %, in 0, out 1].
const v1Plan = [...getU32Encoder().encode(1), 17, 1, 100, 0, 1]
const v2Plan = [...getU32Encoder().encode(1), 17, 1, ...getU16Encoder().encode(10_000), 0, 1]
const whirlpoolSwapArgs = getStructEncoder([
  ['amount', getU64Encoder()],
  ['otherAmountThreshold', getU64Encoder()],
  ['sqrtPriceLimit', getU128Encoder()],
  ['amountSpecifiedIsInput', getU8Encoder()],
  ['aToB', getU8Encoder()],
]).encode({ amount: 5n, otherAmountThreshold: 4n, sqrtPriceLimit: 0n, amountSpecifiedIsInput: 1, aToB: 1 })
const twoHopArgs = bytes(u64(5n), u64(4n), [1, 1, 0], getU128Encoder().encode(0n), getU128Encoder().encode(0n))

export const SWAP_SAMPLES: readonly SwapSample[] = [
  {
    label: 'jupiter route',
    programId: JUPITER_V6_PROGRAM_ID,
    data: bytes(anchor('route'), v1Plan, u64(10n), u64(20n), [50, 0], [0]),
    discriminatorBytes: 8,
  },
  {
    label: 'jupiter sharedAccountsExactOutRoute',
    programId: JUPITER_V6_PROGRAM_ID,
    data: bytes(anchor('shared_accounts_exact_out_route'), [1], v1Plan, u64(10n), u64(20n), [50, 0], [0]),
    discriminatorBytes: 8,
  },
  {
    label: 'jupiter routeV2',
    programId: JUPITER_V6_PROGRAM_ID,
    data: bytes(anchor('route_v2'), u64(10n), u64(20n), [50, 0, 0, 0, 0, 0], v2Plan),
    discriminatorBytes: 8,
  },
  { label: 'raydium amm v4 swapBaseIn', programId: RAYDIUM_AMM_V4_PROGRAM_ID, data: bytes([9], u64(10n), u64(9n)), discriminatorBytes: 1 },
  {
    label: 'raydium cpmm swapBaseInput',
    programId: RAYDIUM_CPMM_PROGRAM_ID,
    data: bytes(anchor('swap_base_input'), u64(10n), u64(9n)),
    discriminatorBytes: 8,
  },
  {
    label: 'raydium clmm swapV2',
    programId: RAYDIUM_CLMM_PROGRAM_ID,
    data: bytes(anchor('swap_v2'), u64(10n), u64(9n), getU128Encoder().encode(0n), [1]),
    discriminatorBytes: 8,
  },
  { label: 'orca swap', programId: ORCA_WHIRLPOOL_PROGRAM_ID, data: bytes(anchor('swap'), whirlpoolSwapArgs), discriminatorBytes: 8 },
  {
    label: 'orca swapV2',
    programId: ORCA_WHIRLPOOL_PROGRAM_ID,
    data: bytes(anchor('swap_v2'), whirlpoolSwapArgs, [0]),
    discriminatorBytes: 8,
  },
  {
    label: 'orca twoHopSwap',
    programId: ORCA_WHIRLPOOL_PROGRAM_ID,
    data: bytes(anchor('two_hop_swap'), twoHopArgs),
    discriminatorBytes: 8,
  },
  {
    label: 'orca twoHopSwapV2',
    programId: ORCA_WHIRLPOOL_PROGRAM_ID,
    data: bytes(anchor('two_hop_swap_v2'), twoHopArgs, [0]),
    discriminatorBytes: 8,
  },
  { label: 'meteora swap', programId: METEORA_DLMM_PROGRAM_ID, data: bytes(anchor('swap'), u64(10n), u64(9n)), discriminatorBytes: 8 },
  {
    label: 'meteora swapWithPriceImpact',
    programId: METEORA_DLMM_PROGRAM_ID,
    data: bytes(anchor('swap_with_price_impact'), u64(10n), [1], getU32Encoder().encode(7), getU16Encoder().encode(100)),
    discriminatorBytes: 8,
  },
  { label: 'pump.fun buy', programId: PUMPFUN_PROGRAM_ID, data: bytes(anchor('buy'), u64(10n), u64(9n)), discriminatorBytes: 8 },
  { label: 'pump.fun sellV3', programId: PUMPFUN_PROGRAM_ID, data: bytes(anchor('sell_v3'), u64(10n), u64(9n)), discriminatorBytes: 8 },
  { label: 'pumpswap buy', programId: PUMPSWAP_PROGRAM_ID, data: bytes(anchor('buy'), u64(10n), u64(9n)), discriminatorBytes: 8 },
]
