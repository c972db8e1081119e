/**
 * Raydium AMM v4 (the OpenBook-backed constant-product AMM). Not Anchor: a one-byte tag, then
 * packed u64s (raydium-io/raydium-amm, program/src/instruction.rs `AmmInstruction::unpack`):
 *   9  SwapBaseIn    amount_in u64, minimum_amount_out u64   (18 accounts, or 17 without the
 *                    optional target-orders account at 4)
 *   11 SwapBaseOut   max_amount_in u64, amount_out u64       (same accounts)
 *   16 SwapBaseInV2  as 9, 8 accounts (no order book)
 *   17 SwapBaseOutV2 as 11, 8 accounts
 * The accounts name the coin and pc vaults but not which one the input goes to: that depends on
 * the user source account's mint, which `getSwapVaults` reads.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount } from './instruction-bytes.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import type { SwapDecoder } from './swap-types.js'

export const RAYDIUM_AMM_V4_PROGRAM_ID = toKeyBytes('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8')

const SWAP_BASE_IN = 9
const SWAP_BASE_OUT = 11
const SWAP_BASE_IN_V2 = 16
const SWAP_BASE_OUT_V2 = 17
const DATA_BYTES = 17

const INSTRUCTION_NAMES: Record<number, string> = {
  [SWAP_BASE_IN]: 'swapBaseIn',
  [SWAP_BASE_OUT]: 'swapBaseOut',
  [SWAP_BASE_IN_V2]: 'swapBaseInV2',
  [SWAP_BASE_OUT_V2]: 'swapBaseOutV2',
}

/** Positions of the coin vault and the user source account; pc vault and user destination follow each. */
function getAccountLayout(tag: number, accountCount: number): { coinVault: number; userSource: number } {
  if (tag === SWAP_BASE_IN_V2 || tag === SWAP_BASE_OUT_V2) return { coinVault: 3, userSource: 5 }
  // 0 token program, 1 amm, 2 authority, 3 open orders, [4 target orders], coin vault, pc vault,
  // market program, market, bids, asks, event queue, market coin vault, market pc vault,
  // vault signer, user source, user destination, user owner.
  return accountCount >= 18 ? { coinVault: 5, userSource: 15 } : { coinVault: 4, userSource: 14 }
}

/** Decodes a Raydium AMM v4 swap; null for the program's other instructions. */
export const decodeRaydiumAmmV4Swap: SwapDecoder = (data, accounts, instructionIndex) => {
  const tag = data[0]
  if (tag === undefined) return null
  const name = INSTRUCTION_NAMES[tag]
  if (name === undefined || data.length < DATA_BYTES) return null
  const first = readU64(data, 1)
  const second = readU64(data, 9)
  const isExactIn = tag === SWAP_BASE_IN || tag === SWAP_BASE_IN_V2
  const layout = getAccountLayout(tag, accounts.length)
  return {
    venue: 'raydium_amm_v4',
    venueName: 'Raydium AMM v4',
    instruction: name,
    instructionIndex,
    mode: isExactIn ? 'exact_in' : 'exact_out',
    // SwapBaseIn: amount_in, minimum_amount_out; SwapBaseOut: max_amount_in, amount_out.
    amountIn: first,
    amountOut: second,
    slippageBps: null,
    quotedAmount: null,
    pool: getAccount(accounts, 1),
    userSource: getAccount(accounts, layout.userSource),
    userDestination: getAccount(accounts, layout.userSource + 1),
    inputMint: null,
    outputMint: null,
    vaultIn: null,
    vaultOut: null,
    poolVaults: [getAccount(accounts, layout.coinVault), getAccount(accounts, layout.coinVault + 1)],
    hops: [{ venue: 'Raydium AMM v4', percent: 100 }],
  }
}
