/**
 * Raydium AMM v4 `SwapBaseIn` / `SwapBaseOut` (17 or 18 accounts) and their V2 forms without the
 * order book (8 accounts). Every form ends with user source, user destination and user owner, and
 * names the pool's coin and pc vaults rather than input and output: the program takes the
 * direction from the source account's mint, so the back-run only swaps source and destination.
 * Both swaps are exact in (tag 9, or 16 for the V2 forms). Layout and errors: raydium-io/raydium-amm
 * (program/src/instruction.rs `AmmInstruction::unpack`, error.rs).
 */
import { swapPairs, writeU64, type SandwichVenue } from './sandwich-venue.js'

const SWAP_BASE_IN = 9
const SWAP_BASE_OUT = 11
const SWAP_BASE_IN_V2 = 16
const SWAP_BASE_OUT_V2 = 17
/** AmmError::ExceededSlippage (minimum out not met, or more than the maximum in asked). */
const EXCEEDED_SLIPPAGE = 30

/** The exact-in tag of the form `tag` belongs to; null for the program's other instructions. */
function getExactInTag(tag: number | undefined): number | null {
  if (tag === SWAP_BASE_IN || tag === SWAP_BASE_OUT) return SWAP_BASE_IN
  if (tag === SWAP_BASE_IN_V2 || tag === SWAP_BASE_OUT_V2) return SWAP_BASE_IN_V2
  return null
}

/** tag, amount_in u64, minimum_amount_out u64 (zero). */
function getSwapData(tag: number, amount: bigint): Uint8Array {
  const data = new Uint8Array(17)
  data[0] = tag
  writeU64(data, 1, amount)
  return data
}

export const raydiumAmmV4Sandwich: SandwichVenue = {
  boundErrors: new Set([EXCEEDED_SLIPPAGE]),
  build(_swap, user, accounts, build) {
    const tag = getExactInTag(user.data[0])
    if (tag === null || accounts.length < 8) return null
    const source = accounts.length - 3
    const back = swapPairs(accounts, [[source, source + 1]])
    return {
      frontRun: (amount) => build(accounts, getSwapData(tag, amount)),
      backRun: (amount) => build(back, getSwapData(tag, amount)),
    }
  },
}
