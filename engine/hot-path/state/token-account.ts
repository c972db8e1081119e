/** Reads the fields of SPL Token / Token-2022 token accounts and mints the engine reports. */
import { type AccountKey, fromAccountKey, toAccountKey } from './account-key.js'
import type { CachedAccount } from './cached-account.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../svm/well-known-programs.js'

/** Size of a token account's base layout (mint 32, owner 32, amount 8, …). */
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
/** Token-2022 marks extended accounts with an AccountType byte right after the base layout. */
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export interface TokenAccountFields {
  mint: AccountKey
  owner: AccountKey
  amount: bigint
}

const TOKEN_PROGRAM_BYTES = fromAccountKey(TOKEN_PROGRAM)
const TOKEN_2022_PROGRAM_BYTES = fromAccountKey(TOKEN_2022_PROGRAM)

function isSameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) if (a[i] !== b[i]) return false
  return true
}

/** Whether an owner is the SPL Token or Token-2022 program (bytes compared in place). */
export function isTokenProgram(owner: Uint8Array): boolean {
  return isSameKey(owner, TOKEN_PROGRAM_BYTES) || isSameKey(owner, TOKEN_2022_PROGRAM_BYTES)
}

/** The token fields of a cached account, decoded once per version. */
export function getTokenFields(entry: CachedAccount): TokenAccountFields | null {
  if (entry.tokenFields === undefined) entry.tokenFields = decodeTokenAccount(entry.owner, entry.data) ?? null
  return entry.tokenFields
}

/** The mint, owner and amount of a token account, or undefined for any other account. */
export function decodeTokenAccount(owner: Uint8Array, data: Uint8Array): TokenAccountFields | undefined {
  return isTokenProgram(owner) ? decodeTokenAccountData(data) : undefined
}

/** The fields of data already known to belong to a token program, or undefined if not an account. */
export function decodeTokenAccountData(data: Uint8Array): TokenAccountFields | undefined {
  if (data.length < TOKEN_ACCOUNT_SIZE) return undefined
  if (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT) return undefined
  // An uninitialized account (state byte 0) has no meaningful mint or balance.
  if (data[108] === 0) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    mint: toAccountKey(data.subarray(0, 32)),
    owner: toAccountKey(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  }
}

/** Whether data a token program owns is an initialized mint (byte 45 is the mint's is_initialized flag). */
export function isMintData(data: Uint8Array): boolean {
  const isMint = data.length === MINT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  return isMint && data[45] === 1
}

/** The decimals of a mint account, or undefined for any other account. */
export function getMintDecimals(owner: Uint8Array, data: Uint8Array): number | undefined {
  if (!isTokenProgram(owner)) return undefined
  // Byte 44 is the mint's decimals.
  return isMintData(data) ? data[44] : undefined
}

/** Who can move or close a token account besides reading its balance: the fields a drain changes. */
export interface TokenAccountAuthorities {
  owner: AccountKey
  /** null: no delegate. */
  delegate: AccountKey | null
  /** null: only the owner may close it. */
  closeAuthority: AccountKey | null
}

const DELEGATE_TAG_OFFSET = 72
const CLOSE_AUTHORITY_TAG_OFFSET = 129

function readOptionalKey(data: Uint8Array, tagOffset: number): AccountKey | null {
  // COption<Pubkey>: a u32 tag (1 = Some) then 32 bytes.
  return data[tagOffset] === 1 ? toAccountKey(data.subarray(tagOffset + 4, tagOffset + 36)) : null
}

/** The owner, delegate and close authority of token-account data; undefined when it is not one. */
export function decodeTokenAuthorities(data: Uint8Array): TokenAccountAuthorities | undefined {
  if (data.length < TOKEN_ACCOUNT_SIZE || data[108] === 0) return undefined
  if (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT) return undefined
  return {
    owner: toAccountKey(data.subarray(32, 64)),
    delegate: readOptionalKey(data, DELEGATE_TAG_OFFSET),
    closeAuthority: readOptionalKey(data, CLOSE_AUTHORITY_TAG_OFFSET),
  }
}
