/**
 * The attacker's two swaps around a user's swap, and the errors its program refuses a swap at its
 * own bound with, for the venues whose swap names every account both directions need (one file
 * each in sandwich-venues/); null for the others.
 */
import type { DecodedSwap, SwapVenue } from '../swaps/swap-types.js'
import { buildAttackerTransaction, type InstructionAccount } from './attacker-transaction.js'
import { meteoraDlmmSandwich } from './sandwich-venues/meteora-dlmm.js'
import { orcaWhirlpoolSandwich } from './sandwich-venues/orca-whirlpool.js'
import { raydiumAmmV4Sandwich } from './sandwich-venues/raydium-amm-v4.js'
import { raydiumClmmSandwich } from './sandwich-venues/raydium-clmm.js'
import { raydiumCpmmSandwich } from './sandwich-venues/raydium-cpmm.js'
import {
  toAttackerAccounts,
  type AttackerAccounts,
  type SandwichSwaps,
  type SandwichVenue,
  type UserSwapInstruction,
} from './sandwich-venues/sandwich-venue.js'

export type { AttackerAccounts, ForkReader, SandwichSwaps, UserSwapInstruction } from './sandwich-venues/sandwich-venue.js'

/** The venues a sandwich is priced on (docs/detection.md#extractable-value-the-sandwich-priced lists the same). */
export const SANDWICH_VENUES: Partial<Record<SwapVenue, SandwichVenue>> = {
  orca_whirlpool: orcaWhirlpoolSandwich,
  raydium_cpmm: raydiumCpmmSandwich,
  raydium_amm_v4: raydiumAmmV4Sandwich,
  raydium_clmm: raydiumClmmSandwich,
  meteora_dlmm: meteoraDlmmSandwich,
}

export interface VenueSandwich {
  swaps: SandwichSwaps
  /** Custom error codes of the venue's program meaning "refused at the swap's own bound". */
  boundErrors: ReadonlySet<number>
}

/** The attacker's two swaps around `swap`, or null when its venue or instruction is not one this builds. */
export function getSandwichSwaps(swap: DecodedSwap, user: UserSwapInstruction, attacker: AttackerAccounts): VenueSandwich | null {
  const venue = SANDWICH_VENUES[swap.venue]
  if (venue === undefined || swap.userSource === null || swap.userDestination === null) return null
  const build = (accounts: readonly InstructionAccount[], data: Uint8Array) =>
    buildAttackerTransaction(attacker.payer, user.program, accounts, data, user.blockhash)
  const swaps = venue.build(swap, user, toAttackerAccounts(user, swap, attacker), build)
  return swaps === null ? null : { swaps, boundErrors: venue.boundErrors }
}
