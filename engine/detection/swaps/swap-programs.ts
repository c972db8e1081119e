/**
 * The swap venues by program id, keyed by the engine's AccountKey (the 32 raw bytes as a latin1
 * string): deciding that an instruction is not a swap costs one Map lookup.
 */
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { JUPITER_V6_PROGRAM_ID, decodeJupiterV6Swap } from './jupiter-v6-swap.js'
import { METEORA_DLMM_PROGRAM_ID, decodeMeteoraDlmmSwap } from './meteora-dlmm-swap.js'
import { ORCA_WHIRLPOOL_PROGRAM_ID, decodeOrcaWhirlpoolSwap } from './orca-whirlpool-swap.js'
import { PUMPFUN_PROGRAM_ID, decodePumpfunSwap } from './pumpfun-swap.js'
import { PUMPSWAP_PROGRAM_ID, decodePumpswapSwap } from './pumpswap-swap.js'
import { RAYDIUM_AMM_V4_PROGRAM_ID, decodeRaydiumAmmV4Swap } from './raydium-amm-v4-swap.js'
import { RAYDIUM_CLMM_PROGRAM_ID, decodeRaydiumClmmSwap } from './raydium-clmm-swap.js'
import { RAYDIUM_CPMM_PROGRAM_ID, decodeRaydiumCpmmSwap } from './raydium-cpmm-swap.js'
import type { SwapDecoder, SwapVenue } from './swap-types.js'

export interface SwapProgram {
  readonly venue: SwapVenue
  readonly programId: Uint8Array
  readonly decode: SwapDecoder
}

/** Every venue decoded, with its program id. */
export const SWAP_PROGRAM_LIST: readonly SwapProgram[] = [
  { venue: 'jupiter_v6', programId: JUPITER_V6_PROGRAM_ID, decode: decodeJupiterV6Swap },
  { venue: 'raydium_amm_v4', programId: RAYDIUM_AMM_V4_PROGRAM_ID, decode: decodeRaydiumAmmV4Swap },
  { venue: 'raydium_cpmm', programId: RAYDIUM_CPMM_PROGRAM_ID, decode: decodeRaydiumCpmmSwap },
  { venue: 'raydium_clmm', programId: RAYDIUM_CLMM_PROGRAM_ID, decode: decodeRaydiumClmmSwap },
  { venue: 'orca_whirlpool', programId: ORCA_WHIRLPOOL_PROGRAM_ID, decode: decodeOrcaWhirlpoolSwap },
  { venue: 'meteora_dlmm', programId: METEORA_DLMM_PROGRAM_ID, decode: decodeMeteoraDlmmSwap },
  { venue: 'pumpfun', programId: PUMPFUN_PROGRAM_ID, decode: decodePumpfunSwap },
  { venue: 'pumpswap', programId: PUMPSWAP_PROGRAM_ID, decode: decodePumpswapSwap },
]

/** The venues by program AccountKey. */
export const SWAP_PROGRAMS: ReadonlyMap<AccountKey, SwapProgram> = new Map(
  SWAP_PROGRAM_LIST.map((program) => [toAccountKey(program.programId), program]),
)

/** The swap venue of a program, or undefined: the per-instruction pre-check. */
export function getSwapProgram(programKey: AccountKey): SwapProgram | undefined {
  return SWAP_PROGRAMS.get(programKey)
}

/** Whether a program is one of the decoded swap venues. */
export function isSwapProgram(programKey: AccountKey): boolean {
  return SWAP_PROGRAMS.has(programKey)
}
