/** Reads the fields of SPL Token / Token-2022 token accounts and mints the engine reports. */
import { type AccountKey, toAccountKey } from '../state/account-key.js'
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

function isTokenProgram(owner: Uint8Array): boolean {
  const key = toAccountKey(owner)
  return key === TOKEN_PROGRAM || key === TOKEN_2022_PROGRAM
}

/** The mint, owner and amount of a token account, or undefined for any other account. */
export function decodeTokenAccount(owner: Uint8Array, data: Uint8Array): TokenAccountFields | undefined {
  if (!isTokenProgram(owner) || data.length < TOKEN_ACCOUNT_SIZE) return undefined
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

/** The decimals of a mint account, or undefined for any other account. */
export function getMintDecimals(owner: Uint8Array, data: Uint8Array): number | undefined {
  if (!isTokenProgram(owner)) return undefined
  const isMint = data.length === MINT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  // Byte 45 is the mint's is_initialized flag; byte 44 its decimals.
  return isMint && data[45] === 1 ? data[44] : undefined
}
