/**
 * Associated Token Account program instructions as Agave's jsonParsed answers them
 * (transaction-status parse_associated_token.rs). The data is one borsh enum byte (empty: the
 * original Create); anything else does not parse.
 */
import {
  assertAccountCount,
  assertAccountIndexesInRange,
  getInstructionAccountKey,
  type CompiledInstructionView,
} from './instruction-account-key.js'
import { failNotParsable } from './instruction-not-parsable.js'
import { toParsedInstructionInfo, type ParsedInstructionInfo } from './parsed-instruction-info.js'

/** Parses an Associated Token Account instruction; throws InstructionNotParsableError where Agave fails. */
export function parseAssociatedTokenInstruction(instruction: CompiledInstructionView, keys: readonly string[]): ParsedInstructionInfo {
  const { accounts, data } = instruction
  assertAccountIndexesInRange(accounts, keys)
  const key = (position: number) => getInstructionAccountKey(keys, accounts, position)
  const variant = data.length === 0 ? 0 : data.length === 1 ? data[0] : undefined
  switch (variant) {
    case 0:
    case 1:
      assertAccountCount(accounts, 6)
      return toParsedInstructionInfo(variant === 0 ? 'create' : 'createIdempotent', {
        source: key(0),
        account: key(1),
        wallet: key(2),
        mint: key(3),
        systemProgram: key(4),
        tokenProgram: key(5),
      })
    case 2:
      assertAccountCount(accounts, 7)
      return toParsedInstructionInfo('recoverNested', {
        nestedSource: key(0),
        nestedMint: key(1),
        destination: key(2),
        nestedOwner: key(3),
        ownerMint: key(4),
        wallet: key(5),
        tokenProgram: key(6),
      })
    default:
      return failNotParsable('unknown associated token instruction')
  }
}
