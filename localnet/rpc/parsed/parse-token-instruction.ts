/**
 * SPL Token and Token-2022 instructions as Agave's jsonParsed answers them (transaction-status
 * parse_token.rs, which reads both programs' data as Token-2022's): the base instructions, with
 * signers (`authority`, or `multisigAuthority` + `signers`) and `tokenAmount` objects as Agave
 * writes them. The extension instruction families (transfer fee, confidential transfer, pointers,
 * metadata, group, batch, …) are not parsed here: they answer partially decoded.
 * The data is read with @solana-program/token-2022's codecs.
 */
import {
  getAmountToUiAmountInstructionDataDecoder,
  getApproveCheckedInstructionDataDecoder,
  getApproveInstructionDataDecoder,
  getBurnCheckedInstructionDataDecoder,
  getBurnInstructionDataDecoder,
  getInitializeAccount2InstructionDataDecoder,
  getInitializeAccount3InstructionDataDecoder,
  getInitializeMint2InstructionDataDecoder,
  getInitializeMintCloseAuthorityInstructionDataDecoder,
  getInitializeMintInstructionDataDecoder,
  getInitializeMultisig2InstructionDataDecoder,
  getInitializeMultisigInstructionDataDecoder,
  getInitializePermanentDelegateInstructionDataDecoder,
  getMintToCheckedInstructionDataDecoder,
  getMintToInstructionDataDecoder,
  getSetAuthorityInstructionDataDecoder,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  getUiAmountToAmountInstructionDataDecoder,
  getUnwrapLamportsInstructionDataDecoder,
} from '@solana-program/token-2022'
import { toUiTokenAmountJson } from '../ui-token-amount.js'
import {
  assertAccountCount,
  assertAccountIndexesInRange,
  getInstructionAccountKey,
  type CompiledInstructionView,
} from './instruction-account-key.js'
import { failNotParsable } from './instruction-not-parsable.js'
import { toParsedInstructionInfo, type ParsedInstructionInfo } from './parsed-instruction-info.js'

/** spl-token-2022 `AuthorityType`, as Agave's UiAuthorityType names it. */
const AUTHORITY_TYPES = [
  'mintTokens',
  'freezeAccount',
  'accountOwner',
  'closeAccount',
  'transferFeeConfig',
  'withheldWithdraw',
  'closeMint',
  'interestRate',
  'permanentDelegate',
  'confidentialTransferMint',
  'transferHookProgramId',
  'confidentialTransferFeeConfig',
  'metadataPointer',
  'groupPointer',
  'groupMemberPointer',
  'scaledUiAmount',
  'pause',
  'permissionedBurn',
] as const

/** spl-token-2022 `ExtensionType` (u16 on the wire), as Agave's UiExtensionType names it. */
const EXTENSION_TYPES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmount',
  'pausable',
  'pausableAccount',
  'permissionedBurn',
] as const

/** Authority types owned by the account (the rest by the mint), as Agave's SetAuthority tells them apart. */
const ACCOUNT_AUTHORITY_TYPES = new Set([2, 3])

function decode<T>(decoder: { decode(data: Uint8Array): T }, data: Uint8Array): T {
  try {
    return decoder.decode(data)
  } catch {
    return failNotParsable('token instruction data does not unpack')
  }
}

/** GetAccountDataSize's extension types: u16s to the end (the client codec does not read them). */
function readExtensionTypes(data: Uint8Array): string[] {
  const rest = data.subarray(1)
  if (rest.length % 2 !== 0) failNotParsable('odd extension type bytes')
  const types: string[] = []
  for (let i = 0; i < rest.length; i += 2) {
    const name = EXTENSION_TYPES[(rest[i] as number) | ((rest[i + 1] as number) << 8)]
    types.push(name ?? failNotParsable('unknown extension type'))
  }
  return types
}

type Info = Record<string, unknown>

/** Parses a Token or Token-2022 instruction; throws InstructionNotParsableError where Agave fails. */
export function parseTokenInstruction(instruction: CompiledInstructionView, keys: readonly string[]): ParsedInstructionInfo {
  const { accounts, data } = instruction
  assertAccountIndexesInRange(accounts, keys)
  const key = (position: number) => getInstructionAccountKey(keys, accounts, position)
  /** Agave's `parse_signers`: one owner, or a multisig owner and the signers after it. */
  const withSigners = (info: Info, lastNonSigner: number, ownerField: string, multisigField: string): Info => {
    const ownerIndex = accounts[lastNonSigner]
    const owner = ownerIndex === undefined ? undefined : keys[ownerIndex]
    if (accounts.length > lastNonSigner + 1) {
      if (owner !== undefined) info[multisigField] = owner
      info.signers = accounts.slice(lastNonSigner + 1).flatMap((index) => keys[index] ?? [])
    } else if (owner !== undefined) info[ownerField] = owner
    return info
  }
  const parsed = (type: string, count: number, info: () => Info) => {
    assertAccountCount(accounts, count)
    return toParsedInstructionInfo(type, info())
  }
  switch (data[0]) {
    case 0: {
      const args = decode(getInitializeMintInstructionDataDecoder(), data)
      return parsed('initializeMint', 2, () => ({
        mint: key(0),
        decimals: args.decimals,
        mintAuthority: args.mintAuthority,
        rentSysvar: key(1),
        ...(args.freezeAuthority.__option === 'Some' ? { freezeAuthority: args.freezeAuthority.value } : {}),
      }))
    }
    case 1:
      return parsed('initializeAccount', 4, () => ({ account: key(0), mint: key(1), owner: key(2), rentSysvar: key(3) }))
    case 2: {
      const args = decode(getInitializeMultisigInstructionDataDecoder(), data)
      return parsed('initializeMultisig', 3, () => ({
        multisig: key(0),
        rentSysvar: key(1),
        signers: accounts.slice(2).flatMap((index) => keys[index] ?? []),
        m: args.m,
      }))
    }
    case 3: {
      const args = decode(getTransferInstructionDataDecoder(), data)
      return parsed('transfer', 3, () =>
        withSigners({ source: key(0), destination: key(1), amount: args.amount.toString() }, 2, 'authority', 'multisigAuthority'),
      )
    }
    case 4: {
      const args = decode(getApproveInstructionDataDecoder(), data)
      return parsed('approve', 3, () =>
        withSigners({ source: key(0), delegate: key(1), amount: args.amount.toString() }, 2, 'owner', 'multisigOwner'),
      )
    }
    case 5:
      return parsed('revoke', 2, () => withSigners({ source: key(0) }, 1, 'owner', 'multisigOwner'))
    case 6: {
      const args = decode(getSetAuthorityInstructionDataDecoder(), data)
      const owned = ACCOUNT_AUTHORITY_TYPES.has(args.authorityType) ? 'account' : 'mint'
      return parsed('setAuthority', 2, () =>
        withSigners(
          {
            [owned]: key(0),
            authorityType: AUTHORITY_TYPES[args.authorityType],
            newAuthority: args.newAuthority.__option === 'Some' ? args.newAuthority.value : null,
          },
          1,
          'authority',
          'multisigAuthority',
        ),
      )
    }
    case 7: {
      const args = decode(getMintToInstructionDataDecoder(), data)
      return parsed('mintTo', 3, () =>
        withSigners({ mint: key(0), account: key(1), amount: args.amount.toString() }, 2, 'mintAuthority', 'multisigMintAuthority'),
      )
    }
    case 8: {
      const args = decode(getBurnInstructionDataDecoder(), data)
      return parsed('burn', 3, () =>
        withSigners({ account: key(0), mint: key(1), amount: args.amount.toString() }, 2, 'authority', 'multisigAuthority'),
      )
    }
    case 9:
      return parsed('closeAccount', 3, () => withSigners({ account: key(0), destination: key(1) }, 2, 'owner', 'multisigOwner'))
    case 10:
      return parsed('freezeAccount', 3, () =>
        withSigners({ account: key(0), mint: key(1) }, 2, 'freezeAuthority', 'multisigFreezeAuthority'),
      )
    case 11:
      return parsed('thawAccount', 3, () => withSigners({ account: key(0), mint: key(1) }, 2, 'freezeAuthority', 'multisigFreezeAuthority'))
    case 12: {
      const args = decode(getTransferCheckedInstructionDataDecoder(), data)
      return parsed('transferChecked', 4, () =>
        withSigners(
          { source: key(0), mint: key(1), destination: key(2), tokenAmount: toUiTokenAmountJson(args.amount, args.decimals) },
          3,
          'authority',
          'multisigAuthority',
        ),
      )
    }
    case 13: {
      const args = decode(getApproveCheckedInstructionDataDecoder(), data)
      return parsed('approveChecked', 4, () =>
        withSigners(
          { source: key(0), mint: key(1), delegate: key(2), tokenAmount: toUiTokenAmountJson(args.amount, args.decimals) },
          3,
          'owner',
          'multisigOwner',
        ),
      )
    }
    case 14: {
      const args = decode(getMintToCheckedInstructionDataDecoder(), data)
      return parsed('mintToChecked', 3, () =>
        withSigners(
          { mint: key(0), account: key(1), tokenAmount: toUiTokenAmountJson(args.amount, args.decimals) },
          2,
          'mintAuthority',
          'multisigMintAuthority',
        ),
      )
    }
    case 15: {
      const args = decode(getBurnCheckedInstructionDataDecoder(), data)
      return parsed('burnChecked', 3, () =>
        withSigners(
          { account: key(0), mint: key(1), tokenAmount: toUiTokenAmountJson(args.amount, args.decimals) },
          2,
          'authority',
          'multisigAuthority',
        ),
      )
    }
    case 16: {
      const args = decode(getInitializeAccount2InstructionDataDecoder(), data)
      return parsed('initializeAccount2', 3, () => ({ account: key(0), mint: key(1), owner: args.owner, rentSysvar: key(2) }))
    }
    case 17:
      return parsed('syncNative', 1, () => ({ account: key(0) }))
    case 18: {
      const args = decode(getInitializeAccount3InstructionDataDecoder(), data)
      return parsed('initializeAccount3', 2, () => ({ account: key(0), mint: key(1), owner: args.owner }))
    }
    case 19: {
      const args = decode(getInitializeMultisig2InstructionDataDecoder(), data)
      return parsed('initializeMultisig2', 2, () => ({
        multisig: key(0),
        signers: accounts.slice(1).flatMap((index) => keys[index] ?? []),
        m: args.m,
      }))
    }
    case 20: {
      const args = decode(getInitializeMint2InstructionDataDecoder(), data)
      return parsed('initializeMint2', 1, () => ({
        mint: key(0),
        decimals: args.decimals,
        mintAuthority: args.mintAuthority,
        ...(args.freezeAuthority.__option === 'Some' ? { freezeAuthority: args.freezeAuthority.value } : {}),
      }))
    }
    case 21: {
      const extensionTypes = readExtensionTypes(data)
      return parsed('getAccountDataSize', 1, () => ({ mint: key(0), ...(extensionTypes.length > 0 ? { extensionTypes } : {}) }))
    }
    case 22:
      return parsed('initializeImmutableOwner', 1, () => ({ account: key(0) }))
    case 23: {
      const args = decode(getAmountToUiAmountInstructionDataDecoder(), data)
      return parsed('amountToUiAmount', 1, () => ({ mint: key(0), amount: args.amount.toString() }))
    }
    case 24: {
      const args = decode(getUiAmountToAmountInstructionDataDecoder(), data)
      return parsed('uiAmountToAmount', 1, () => ({ mint: key(0), uiAmount: args.uiAmount }))
    }
    case 25: {
      const args = decode(getInitializeMintCloseAuthorityInstructionDataDecoder(), data)
      return parsed('initializeMintCloseAuthority', 1, () => ({
        mint: key(0),
        newAuthority: args.closeAuthority.__option === 'Some' ? args.closeAuthority.value : null,
      }))
    }
    case 31:
      return parsed('createNativeMint', 3, () => ({ payer: key(0), nativeMint: key(1), systemProgram: key(2) }))
    case 32:
      return parsed('initializeNonTransferableMint', 1, () => ({ mint: key(0) }))
    case 35: {
      const args = decode(getInitializePermanentDelegateInstructionDataDecoder(), data)
      return parsed('initializePermanentDelegate', 1, () => ({ mint: key(0), delegate: args.delegate }))
    }
    case 38:
      return parsed('withdrawExcessLamports', 3, () =>
        withSigners({ source: key(0), destination: key(1) }, 2, 'authority', 'multisigAuthority'),
      )
    case 45: {
      const args = decode(getUnwrapLamportsInstructionDataDecoder(), data)
      return parsed('unwrapLamports', 3, () =>
        withSigners(
          {
            source: key(0),
            destination: key(1),
            ...(args.amount.__option === 'Some' ? { amount: args.amount.value.toString() } : {}),
          },
          2,
          'authority',
          'multisigAuthority',
        ),
      )
    }
    default:
      return failNotParsable('token instruction not parsed by localnet')
  }
}
