/**
 * Meteora DLMM (lb_clmm) swaps, from the program's Anchor IDL (MeteoraAg/dlmm-sdk,
 * idls/dlmm.json): swap / swap2 (amount_in u64, min_amount_out u64), swap_exact_out /
 * swap_exact_out2 (max_in_amount u64, out_amount u64), swap_with_price_impact /
 * swap_with_price_impact2 (amount_in u64, active_id Option<i32>, max_price_impact_bps u16; no
 * minimum output). The "2" variants append remaining_accounts_info and a memo program account
 * after token_y_program; the first 11 accounts are the same: 0 lb_pair,
 * 1 bin_array_bitmap_extension, 2 reserve_x, 3 reserve_y, 4 user_token_in, 5 user_token_out,
 * 6 token_x_mint, 7 token_y_mint, 8 oracle, 9 host_fee_in, 10 user. Which reserve takes the
 * input depends on user_token_in's mint: `getSwapVaults` reads it.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator } from './instruction-bytes.js'
import { readU16, readU64 } from '../../hot-path/decode/little-endian.js'
import type { SwapDecoder, SwapMode } from './swap-types.js'

export const METEORA_DLMM_PROGRAM_ID = toKeyBytes('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo')

const bytes = (...values: number[]) => new Uint8Array(values)

interface DlmmSwapInstruction {
  name: string
  discriminator: Uint8Array
  mode: SwapMode
  withPriceImpact: boolean
}

/** Discriminators as listed in idls/dlmm.json (sha256("global:<name>")[..8]). */
const INSTRUCTIONS: readonly DlmmSwapInstruction[] = [
  { name: 'swap', discriminator: bytes(248, 198, 158, 145, 225, 117, 135, 200), mode: 'exact_in', withPriceImpact: false },
  { name: 'swap2', discriminator: bytes(65, 75, 63, 76, 235, 91, 91, 136), mode: 'exact_in', withPriceImpact: false },
  { name: 'swapExactOut', discriminator: bytes(250, 73, 101, 33, 38, 207, 75, 184), mode: 'exact_out', withPriceImpact: false },
  { name: 'swapExactOut2', discriminator: bytes(43, 215, 247, 132, 137, 60, 243, 81), mode: 'exact_out', withPriceImpact: false },
  { name: 'swapWithPriceImpact', discriminator: bytes(56, 173, 230, 208, 173, 228, 156, 205), mode: 'exact_in', withPriceImpact: true },
  { name: 'swapWithPriceImpact2', discriminator: bytes(74, 98, 192, 214, 177, 51, 75, 51), mode: 'exact_in', withPriceImpact: true },
]

/**
 * The bound of a swapWithPriceImpact: after amount_in, an Option<i32> (tag byte, 4 more bytes
 * when Some) then max_price_impact_bps u16. Null when the data is too short.
 */
function readMaxPriceImpactBps(data: Uint8Array): number | null {
  const tag = data[16]
  if (tag !== 0 && tag !== 1) return null
  const at = 17 + (tag === 1 ? 4 : 0)
  return data.length >= at + 2 ? readU16(data, at) : null
}

/** Decodes a Meteora DLMM swap; null for the program's other instructions. */
export const decodeMeteoraDlmmSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  const instruction = INSTRUCTIONS.find((candidate) => hasDiscriminator(data, candidate.discriminator))
  if (instruction === undefined) return null
  let amountIn: bigint
  let amountOut: bigint | null
  let slippageBps: number | null = null
  if (instruction.withPriceImpact) {
    if (data.length < 17) return null
    amountIn = readU64(data, 8)
    amountOut = null
    slippageBps = readMaxPriceImpactBps(data)
    if (slippageBps === null) return null
  } else {
    if (data.length < 24) return null
    // swap: amount_in, min_amount_out; swap_exact_out: max_in_amount, out_amount.
    amountIn = readU64(data, 8)
    amountOut = readU64(data, 16)
  }
  return {
    venue: 'meteora_dlmm',
    venueName: 'Meteora DLMM',
    instruction: instruction.name,
    instructionIndex,
    mode: instruction.mode,
    amountIn,
    amountOut,
    slippageBps,
    quotedAmount: null,
    pool: getAccount(accounts, 0),
    userSource: getAccount(accounts, 4),
    userDestination: getAccount(accounts, 5),
    inputMint: null,
    outputMint: null,
    vaultIn: null,
    vaultOut: null,
    poolVaults: [getAccount(accounts, 2), getAccount(accounts, 3)],
    hops: [{ venue: 'Meteora DLMM', percent: 100 }],
  }
}
