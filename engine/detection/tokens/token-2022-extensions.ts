/**
 * The TLV area of an extended Token-2022 mint or token account: where each extension's value
 * lies, and its name.
 *
 * Layout and rules as the program reads them (solana-program/token-2022,
 * interface/src/extension/mod.rs: `type_and_tlv_indices`, `get_tlv_data_info`, `ExtensionType`):
 * the 82-byte mint, zero padding up to the 165-byte token-account size, one AccountType byte
 * (1 = mint), then entries of u16 type, u16 length, value. Type 0 (or fewer than two bytes left)
 * ends the list; an entry whose length runs past the data is malformed. A length of exactly 355
 * bytes is always a multisig, never an extended mint.
 */
import { isZeroKey } from '../../hot-path/decode/key-bytes.js'
import { readU16 } from '../../hot-path/decode/little-endian.js'

export const MINT_SIZE = 82
const ACCOUNT_TYPE_OFFSET = 165
const TLV_START = 166
const MULTISIG_SIZE = 355
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2
/** A token account's size without extensions (and the offset of its AccountType byte when extended). */
export const TOKEN_ACCOUNT_SIZE = ACCOUNT_TYPE_OFFSET

/** Extension types by their u16 code, named as the program's ExtensionType (serde camelCase). */
const EXTENSION_TYPE_NAMES = [
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

/**
 * The u16 codes of the extensions the engine reads: the mint extensions of the risk decoders, and
 * the account extensions the sandwich fork copies onto the attacker's accounts.
 */
export const ExtensionCode = {
  TransferFeeConfig: 1,
  TransferFeeAmount: 2,
  MintCloseAuthority: 3,
  ConfidentialTransferMint: 4,
  DefaultAccountState: 6,
  ImmutableOwner: 7,
  MemoTransfer: 8,
  NonTransferable: 9,
  CpiGuard: 11,
  PermanentDelegate: 12,
  NonTransferableAccount: 13,
  TransferHook: 14,
  TransferHookAccount: 15,
  MetadataPointer: 18,
  TokenMetadata: 19,
  Pausable: 26,
  PausableAccount: 27,
} as const

export interface TlvEntry {
  type: number
  valueStart: number
  valueEnd: number
}

/** The display name of an extension type; `unknown(<code>)` for a type newer than this table. */
export function getExtensionTypeName(type: number): string {
  return EXTENSION_TYPE_NAMES[type] ?? `unknown(${type})`
}

/** Whether this build knows the extension type (a newer program may write types it does not). */
export function isKnownExtensionType(type: number): boolean {
  return type > 0 && type < EXTENSION_TYPE_NAMES.length
}

/**
 * The TLV entries of Token-2022 mint data: [] for a bare 82-byte mint, null when the data is not a
 * well-formed mint layout (wrong size, non-zero padding, another account type, a truncated entry).
 */
export function getMintTlvEntries(data: Uint8Array): TlvEntry[] | null {
  if (data.length === MINT_SIZE) return []
  if (data.length <= TLV_START || data.length === MULTISIG_SIZE) return null
  if (!isZeroPadding(data) || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null
  return readTlvEntries(data)
}

/**
 * The TLV entries of token account data: [] for a bare 165-byte account, null when the data is
 * not a well-formed extended account (too short, a multisig, another account type, a truncated entry).
 */
export function getAccountTlvEntries(data: Uint8Array): TlvEntry[] | null {
  if (data.length === TOKEN_ACCOUNT_SIZE) return []
  if (data.length <= ACCOUNT_TYPE_OFFSET || data.length === MULTISIG_SIZE || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT) return null
  return readTlvEntries(data)
}

function readTlvEntries(data: Uint8Array): TlvEntry[] | null {
  const entries: TlvEntry[] = []
  let offset = TLV_START
  while (offset + 2 <= data.length) {
    const type = readU16(data, offset)
    if (type === 0) break
    if (offset + 4 > data.length) return null
    const valueStart = offset + 4
    const valueEnd = valueStart + readU16(data, offset + 2)
    if (valueEnd > data.length) return null
    entries.push({ type, valueStart, valueEnd })
    offset = valueEnd
  }
  return entries
}

function isZeroPadding(data: Uint8Array): boolean {
  // 83 bytes: two zero-key checks and the remaining 19.
  if (!isZeroKey(data, MINT_SIZE) || !isZeroKey(data, MINT_SIZE + 32)) return false
  for (let i = MINT_SIZE + 64; i < ACCOUNT_TYPE_OFFSET; i++) if (data[i] !== 0) return false
  return true
}
