/**
 * The entry point the engine calls per top-level instruction: unknown programs cost one Map
 * lookup, known ones run their venue's decoder. Decoders never make it throw: short, garbled or
 * unknown data is null.
 */
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { getSwapProgram } from './swap-programs.js'
import type { DecodedSwap } from './swap-types.js'

/**
 * Decodes one instruction (program id, data, its accounts in order; an account may be undefined
 * when it comes from a lookup table that is not available). Returns null for non-swap
 * instructions or unknown programs.
 */
export function decodeSwapInstruction(
  programId: Uint8Array,
  data: Uint8Array,
  accounts: ReadonlyArray<Uint8Array | undefined>,
  instructionIndex: number,
): DecodedSwap | null {
  if (programId.length !== 32) return null
  return decodeSwapInstructionByKey(toAccountKey(programId), data, accounts, instructionIndex)
}

/** As decodeSwapInstruction, for a caller that already holds the program's AccountKey. */
export function decodeSwapInstructionByKey(
  programKey: AccountKey,
  data: Uint8Array,
  accounts: ReadonlyArray<Uint8Array | undefined>,
  instructionIndex: number,
): DecodedSwap | null {
  const program = getSwapProgram(programKey)
  if (program === undefined) return null
  try {
    return program.decode(data, accounts, instructionIndex)
  } catch {
    // A client codec rejecting garbage (kit decoders throw on short input): not a swap we can read.
    return null
  }
}
