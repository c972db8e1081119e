/**
 * System program instructions as Agave's jsonParsed answers them (transaction-status
 * parse_system.rs): the instruction type in camelCase and its accounts and arguments by name.
 * The data is read with @solana-program/system's codecs (bincode: a u32 variant, then fields).
 */
import {
  SystemInstruction,
  getAllocateInstructionDataDecoder,
  getAllocateWithSeedInstructionDataDecoder,
  getAssignInstructionDataDecoder,
  getAssignWithSeedInstructionDataDecoder,
  getAuthorizeNonceAccountInstructionDataDecoder,
  getCreateAccountAllowPrefundInstructionDataDecoder,
  getCreateAccountInstructionDataDecoder,
  getCreateAccountWithSeedInstructionDataDecoder,
  getInitializeNonceAccountInstructionDataDecoder,
  getTransferSolInstructionDataDecoder,
  getTransferSolWithSeedInstructionDataDecoder,
  getWithdrawNonceAccountInstructionDataDecoder,
  identifySystemInstruction,
} from '@solana-program/system'
import {
  assertAccountCount,
  assertAccountIndexesInRange,
  getInstructionAccountKey,
  type CompiledInstructionView,
} from './instruction-account-key.js'
import { failNotParsable } from './instruction-not-parsable.js'
import { toParsedInstructionInfo, type ParsedInstructionInfo } from './parsed-instruction-info.js'

function identify(data: Uint8Array): SystemInstruction {
  try {
    return identifySystemInstruction(data)
  } catch {
    return failNotParsable('unknown system instruction')
  }
}

/** Decodes with a client codec; short data is Agave's bincode failure (not parsable). */
function decode<T>(decoder: { decode(data: Uint8Array): T }, data: Uint8Array): T {
  try {
    return decoder.decode(data)
  } catch {
    return failNotParsable('system instruction data too short')
  }
}

/** Parses a System program instruction; throws InstructionNotParsableError where Agave fails. */
export function parseSystemInstruction(instruction: CompiledInstructionView, keys: readonly string[]): ParsedInstructionInfo {
  const { accounts, data } = instruction
  const kind = identify(data)
  assertAccountIndexesInRange(accounts, keys)
  const key = (position: number) => getInstructionAccountKey(keys, accounts, position)
  const parsed = (type: string, count: number, info: () => Record<string, unknown>) => {
    assertAccountCount(accounts, count)
    return toParsedInstructionInfo(type, info())
  }
  switch (kind) {
    case SystemInstruction.CreateAccount: {
      const args = decode(getCreateAccountInstructionDataDecoder(), data)
      return parsed('createAccount', 2, () => ({
        source: key(0),
        newAccount: key(1),
        lamports: args.lamports,
        space: args.space,
        owner: args.programAddress,
      }))
    }
    case SystemInstruction.Assign: {
      const args = decode(getAssignInstructionDataDecoder(), data)
      return parsed('assign', 1, () => ({ account: key(0), owner: args.programAddress }))
    }
    case SystemInstruction.TransferSol: {
      const args = decode(getTransferSolInstructionDataDecoder(), data)
      return parsed('transfer', 2, () => ({ source: key(0), destination: key(1), lamports: args.amount }))
    }
    case SystemInstruction.CreateAccountWithSeed: {
      const args = decode(getCreateAccountWithSeedInstructionDataDecoder(), data)
      return parsed('createAccountWithSeed', 2, () => ({
        source: key(0),
        newAccount: key(1),
        base: args.base,
        seed: args.seed,
        lamports: args.amount,
        space: args.space,
        owner: args.programAddress,
      }))
    }
    case SystemInstruction.AdvanceNonceAccount:
      return parsed('advanceNonce', 3, () => ({ nonceAccount: key(0), recentBlockhashesSysvar: key(1), nonceAuthority: key(2) }))
    case SystemInstruction.WithdrawNonceAccount: {
      const args = decode(getWithdrawNonceAccountInstructionDataDecoder(), data)
      return parsed('withdrawFromNonce', 5, () => ({
        nonceAccount: key(0),
        destination: key(1),
        recentBlockhashesSysvar: key(2),
        rentSysvar: key(3),
        nonceAuthority: key(4),
        lamports: args.withdrawAmount,
      }))
    }
    case SystemInstruction.InitializeNonceAccount: {
      const args = decode(getInitializeNonceAccountInstructionDataDecoder(), data)
      return parsed('initializeNonce', 3, () => ({
        nonceAccount: key(0),
        recentBlockhashesSysvar: key(1),
        rentSysvar: key(2),
        nonceAuthority: args.nonceAuthority,
      }))
    }
    case SystemInstruction.AuthorizeNonceAccount: {
      const args = decode(getAuthorizeNonceAccountInstructionDataDecoder(), data)
      return parsed('authorizeNonce', 2, () => ({ nonceAccount: key(0), nonceAuthority: key(1), newAuthorized: args.newNonceAuthority }))
    }
    case SystemInstruction.UpgradeNonceAccount:
      return parsed('upgradeNonce', 1, () => ({ nonceAccount: key(0) }))
    case SystemInstruction.Allocate: {
      const args = decode(getAllocateInstructionDataDecoder(), data)
      return parsed('allocate', 1, () => ({ account: key(0), space: args.space }))
    }
    case SystemInstruction.AllocateWithSeed: {
      const args = decode(getAllocateWithSeedInstructionDataDecoder(), data)
      return parsed('allocateWithSeed', 2, () => ({
        account: key(0),
        base: args.base,
        seed: args.seed,
        space: args.space,
        owner: args.programAddress,
      }))
    }
    case SystemInstruction.AssignWithSeed: {
      const args = decode(getAssignWithSeedInstructionDataDecoder(), data)
      return parsed('assignWithSeed', 2, () => ({ account: key(0), base: args.base, seed: args.seed, owner: args.programAddress }))
    }
    case SystemInstruction.TransferSolWithSeed: {
      const args = decode(getTransferSolWithSeedInstructionDataDecoder(), data)
      return parsed('transferWithSeed', 3, () => ({
        source: key(0),
        sourceBase: key(1),
        destination: key(2),
        lamports: args.amount,
        sourceSeed: args.fromSeed,
        sourceOwner: args.fromOwner,
      }))
    }
    case SystemInstruction.CreateAccountAllowPrefund: {
      const args = decode(getCreateAccountAllowPrefundInstructionDataDecoder(), data)
      // Without lamports there is no payer account.
      if (args.lamports === 0n) {
        return parsed('createAccountAllowPrefund', 1, () => ({ newAccount: key(0), space: args.space, owner: args.programAddress }))
      }
      return parsed('createAccountAllowPrefund', 2, () => ({
        newAccount: key(0),
        source: key(1),
        lamports: args.lamports,
        space: args.space,
        owner: args.programAddress,
      }))
    }
  }
}
