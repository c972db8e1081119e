/**
 * The token balances of a transaction's accounts, as Agave records them in its status meta
 * (`preTokenBalances` / `postTokenBalances`) and a geyser plugin streams them. Agave's rule
 * (anza-xyz/agave ledger/src/token_balances.rs, `collect_token_balances`): only when the
 * transaction lists the Token or Token-2022 program; every account except the programs its
 * instructions invoke and the token programs themselves; kept when the account exists, is owned
 * by a token program, unpacks as an initialized token account, and its mint's decimals are known
 * (the native mint: 9; else a mint owned by a token program). The ledger uses the raw amount:
 * no interest-bearing or scaled UI amount.
 */
import type { Address } from '@solana/kit'
import { toBase58 } from '../../lib/base58.js'
import { toAddressBytes } from './local-account.js'

/** What the balances need of an account: its owner program's bytes and its data (null: none). */
export type RawAccountReader = (address: Address) => { readonly owner: Uint8Array; readonly data: Uint8Array } | null

export type LocalUiTokenAmount = {
  readonly amount: string
  readonly decimals: number
  readonly uiAmount: number
  readonly uiAmountString: string
}

/** One entry of `preTokenBalances` / `postTokenBalances` (Yellowstone's TokenBalance message). */
export type LocalTokenBalance = {
  /** Index in the transaction's account keys (static, then lookup writable, then readonly). */
  readonly accountIndex: number
  readonly mint: string
  readonly owner: string
  readonly programId: string
  readonly uiTokenAmount: LocalUiTokenAmount
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const TOKEN_PROGRAM_BYTES = toAddressBytes(TOKEN_PROGRAM as Address)
const TOKEN_2022_PROGRAM_BYTES = toAddressBytes(TOKEN_2022_PROGRAM as Address)
const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
const NATIVE_MINT_DECIMALS = 9

// spl-token state.rs: Account is 165 bytes (state at 108), Mint 82 (decimals 44, is_initialized 45);
// Multisig (355) never unpacks as either. Token-2022 appends an AccountType byte at 165 to
// extended accounts and mints (1: mint, 2: account).
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const MULTISIG_SIZE = 355
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2
/** 10^19 is the largest power of ten a 64-bit usize holds. */
const MAX_FLOAT_DECIMALS = 19

/** Whether a base58 address is the Token or Token-2022 program. */
export function isTokenProgramAddress(address: string): boolean {
  return address === TOKEN_PROGRAM || address === TOKEN_2022_PROGRAM
}

function isTokenAccountData(data: Uint8Array): boolean {
  if (data.length < ACCOUNT_SIZE || data.length === MULTISIG_SIZE) return false
  if (data.length > ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT) return false
  return data[108] !== 0 // AccountState::Uninitialized
}

function isSameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) if (a[i] !== b[i]) return false
  return a.length === 32
}

/** The token program owning an account (base58), or undefined for any other owner. */
function getTokenProgram(owner: Uint8Array): string | undefined {
  if (isSameKey(owner, TOKEN_PROGRAM_BYTES)) return TOKEN_PROGRAM
  return isSameKey(owner, TOKEN_2022_PROGRAM_BYTES) ? TOKEN_2022_PROGRAM : undefined
}

function getMintDecimals(mint: string, readAccount: RawAccountReader): number | undefined {
  if (mint === NATIVE_MINT) return NATIVE_MINT_DECIMALS
  const account = readAccount(mint as Address)
  if (!account || getTokenProgram(account.owner) === undefined) return undefined
  const data = account.data
  const isMint =
    data.length === MINT_SIZE ||
    (data.length > ACCOUNT_SIZE && data.length !== MULTISIG_SIZE && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  return isMint && data.length >= MINT_SIZE && data[45] === 1 ? data[44] : undefined
}

// Mints and owners recur: their base58 names are kept (bounded; cleared when full).
const names = new Map<string, string>()

function toName(bytes: Uint8Array): string {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, 32).toString('latin1')
  let name = names.get(key)
  if (name === undefined) {
    if (names.size >= 10_000) names.clear()
    name = toBase58(bytes.subarray(0, 32))
    names.set(key, name)
  }
  return name
}

/** Agave's `real_number_string_trimmed`: the amount with its decimal point, trailing zeros cut. */
export function toUiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return text.replace(/0+$/, '').replace(/\.$/, '')
}

/**
 * Agave's `token_amount_to_ui_amount`: amount as a float, the string, the raw amount. Its float is
 * None when 10^decimals overflows a usize (decimals over 19), which the proto carries as 0.
 */
export function toUiTokenAmount(amount: bigint, decimals: number): LocalUiTokenAmount {
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: decimals > MAX_FLOAT_DECIMALS ? 0 : Number(amount) / 10 ** decimals,
    uiAmountString: toUiAmountString(amount, decimals),
  }
}

/**
 * The token balances of `keys` as the chain holds them now. `invoked`: indexes of the programs
 * the transaction's instructions call (Agave skips them).
 */
export function getTokenBalances(
  keys: readonly Address[],
  invoked: ReadonlySet<number>,
  readAccount: RawAccountReader,
): LocalTokenBalance[] {
  if (!keys.some(isTokenProgramAddress)) return []
  const balances: LocalTokenBalance[] = []
  const decimalsByMint = new Map<string, number | undefined>()
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as Address
    if (invoked.has(index) || isTokenProgramAddress(key)) continue
    const account = readAccount(key)
    const programId = account ? getTokenProgram(account.owner) : undefined
    if (!account || programId === undefined || !isTokenAccountData(account.data)) continue
    const data = account.data
    const mint = toName(data.subarray(0, 32))
    let decimals = decimalsByMint.get(mint)
    if (!decimalsByMint.has(mint)) {
      decimals = getMintDecimals(mint, readAccount)
      decimalsByMint.set(mint, decimals)
    }
    if (decimals === undefined) continue
    const amount = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true)
    balances.push({
      accountIndex: index,
      mint,
      owner: toName(data.subarray(32, 64)),
      programId,
      uiTokenAmount: toUiTokenAmount(amount, decimals),
    })
  }
  return balances
}
