/**
 * Raydium CLMM (amm_v3) swap / swapV2 (raydium-io/raydium-clmm, programs/amm/src/instructions/
 * swap.rs and swap_v2.rs). Anchor: 8-byte discriminator, then amount u64,
 * other_amount_threshold u64, sqrt_price_limit_x64 u128, is_base_input bool. With is_base_input,
 * `amount` is the input and the threshold the minimum output; otherwise `amount` is the exact
 * output and the threshold the maximum input.
 * swap accounts: 0 payer, 1 amm_config, 2 pool_state, 3 input_token_account,
 * 4 output_token_account, 5 input_vault, 6 output_vault, 7 observation_state, 8 token_program,
 * 9 tick_array. swapV2 continues 8 token_program, 9 token_program_2022, 10 memo_program,
 * 11 input_vault_mint, 12 output_vault_mint, then remaining tick arrays.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator } from './instruction-bytes.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import type { SwapDecoder } from './swap-types.js'

export const RAYDIUM_CLMM_PROGRAM_ID = toKeyBytes('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK')

/** sha256("global:swap")[..8] and sha256("global:swap_v2")[..8]. */
const SWAP = new Uint8Array([248, 198, 158, 145, 225, 117, 135, 200])
const SWAP_V2 = new Uint8Array([43, 4, 237, 11, 26, 201, 30, 98])
const IS_BASE_INPUT_OFFSET = 40
const DATA_BYTES = 41

/** Decodes a Raydium CLMM swap; null for the program's other instructions. */
export const decodeRaydiumClmmSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  const isV2 = hasDiscriminator(data, SWAP_V2)
  if (!isV2 && !hasDiscriminator(data, SWAP)) return null
  if (data.length < DATA_BYTES) return null
  const amount = readU64(data, 8)
  const threshold = readU64(data, 16)
  const isExactIn = data[IS_BASE_INPUT_OFFSET] !== 0
  return {
    venue: 'raydium_clmm',
    venueName: 'Raydium CLMM',
    instruction: isV2 ? 'swapV2' : 'swap',
    instructionIndex,
    mode: isExactIn ? 'exact_in' : 'exact_out',
    amountIn: isExactIn ? amount : threshold,
    amountOut: isExactIn ? threshold : amount,
    slippageBps: null,
    quotedAmount: null,
    pool: getAccount(accounts, 2),
    userSource: getAccount(accounts, 3),
    userDestination: getAccount(accounts, 4),
    inputMint: isV2 ? getAccount(accounts, 11) : null,
    outputMint: isV2 ? getAccount(accounts, 12) : null,
    vaultIn: getAccount(accounts, 5),
    vaultOut: getAccount(accounts, 6),
    poolVaults: null,
    hops: [{ venue: 'Raydium CLMM', percent: 100 }],
  }
}
