/**
 * Raydium CPMM `swapBaseInput` / `swapBaseOutput`: the accounts name the input side first, so the
 * back-run swaps each input/output pair. Layout: raydium-io/raydium-cp-swap (instructions/swap_base_input.rs).
 */
import { swapPairs, writeU64, type SandwichVenue } from './sandwich-venue.js'

/** sha256("global:swap_base_input")[..8]. */
const SWAP_BASE_INPUT = new Uint8Array([143, 190, 90, 218, 196, 30, 51, 222])
/** ExceededSlippage. */
const EXCEEDED_SLIPPAGE = 6005
/** payer, authority, amm_config, pool_state, input/output token account, input/output vault, input/output token program, input/output mint, observation_state. */
const INPUT_OUTPUT_PAIRS = [
  [4, 5],
  [6, 7],
  [8, 9],
  [10, 11],
] as const

function getSwapData(amount: bigint): Uint8Array {
  const data = new Uint8Array(24)
  data.set(SWAP_BASE_INPUT)
  writeU64(data, 8, amount)
  return data
}

export const raydiumCpmmSandwich: SandwichVenue = {
  boundErrors: new Set([EXCEEDED_SLIPPAGE]),
  build(_swap, _user, accounts, build) {
    const back = swapPairs(accounts, INPUT_OUTPUT_PAIRS)
    return {
      frontRun: (amount) => build(accounts, getSwapData(amount)),
      backRun: (amount) => build(back, getSwapData(amount)),
    }
  },
}
