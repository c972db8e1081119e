/**
 * Raydium CPMM (cp-swap) swapBaseInput / swapBaseOutput (raydium-io/raydium-cp-swap,
 * programs/cp-swap/src/lib.rs and instructions/swap_base_input.rs). Anchor: 8-byte discriminator,
 * then swap_base_input(amount_in u64, minimum_amount_out u64) or
 * swap_base_output(max_amount_in u64, amount_out u64). Accounts: 0 payer, 1 authority,
 * 2 amm_config, 3 pool_state, 4 input_token_account, 5 output_token_account, 6 input_vault,
 * 7 output_vault, 8 input_token_program, 9 output_token_program, 10 input_token_mint,
 * 11 output_token_mint, 12 observation_state.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator } from './instruction-bytes.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import type { SwapDecoder } from './swap-types.js'

export const RAYDIUM_CPMM_PROGRAM_ID = toKeyBytes('CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C')

/** sha256("global:swap_base_input")[..8] and sha256("global:swap_base_output")[..8]. */
const SWAP_BASE_INPUT = new Uint8Array([143, 190, 90, 218, 196, 30, 51, 222])
const SWAP_BASE_OUTPUT = new Uint8Array([55, 217, 98, 86, 163, 74, 180, 173])
const DATA_BYTES = 24

/** Decodes a Raydium CPMM swap; null for the program's other instructions. */
export const decodeRaydiumCpmmSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  const isExactIn = hasDiscriminator(data, SWAP_BASE_INPUT)
  if (!isExactIn && !hasDiscriminator(data, SWAP_BASE_OUTPUT)) return null
  if (data.length < DATA_BYTES) return null
  const vaultIn = getAccount(accounts, 6)
  const vaultOut = getAccount(accounts, 7)
  return {
    venue: 'raydium_cpmm',
    venueName: 'Raydium CPMM',
    instruction: isExactIn ? 'swapBaseInput' : 'swapBaseOutput',
    instructionIndex,
    mode: isExactIn ? 'exact_in' : 'exact_out',
    // swap_base_input: amount_in, minimum_amount_out; swap_base_output: max_amount_in, amount_out.
    amountIn: readU64(data, 8),
    amountOut: readU64(data, 16),
    slippageBps: null,
    quotedAmount: null,
    pool: getAccount(accounts, 3),
    userSource: getAccount(accounts, 4),
    userDestination: getAccount(accounts, 5),
    inputMint: getAccount(accounts, 10),
    outputMint: getAccount(accounts, 11),
    vaultIn,
    vaultOut,
    poolVaults: null,
    hops: [{ venue: 'Raydium CPMM', percent: 100 }],
  }
}
