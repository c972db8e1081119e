/**
 * Reading a mint the way Agave's token RPC methods do (rpc.rs `get_mint_owner_and_additional_data`):
 * its program and decimals, spl-token's native mint known without its account, and Agave's
 * invalid-params answers for a mint that is missing or does not unpack.
 */
import type { Address } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { LocalChain } from '../chain.js'
import { createInvalidParamsError } from './json-rpc-error.js'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
/** spl-token's native mint: Agave answers for it (9 decimals, Tokenkeg) without reading the account. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112' as Address
const NATIVE_MINT_DECIMALS = 9
export const MINT_SIZE = 82
/** Token-2022 writes an account-type byte right after the 165-byte base of extended mints and accounts. */
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const DECIMALS_OFFSET = 44
const IS_INITIALIZED_OFFSET = 45

/** Whether `program` is one of the two token programs. */
export function isTokenProgram(program: Address): boolean {
  return program === TOKEN_PROGRAM_ADDRESS || program === TOKEN_2022_PROGRAM_ADDRESS
}

/** StateWithExtensions::<Mint>::unpack: the 82-byte base, bare or followed by the Mint account type, initialized. */
export function isMintData(data: Uint8Array): boolean {
  const isMint = data.length === MINT_SIZE || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  return isMint && data[IS_INITIALIZED_OFFSET] === 1
}

/** A mint's decimals, read from unpackable mint data. */
export function getMintDecimals(data: Uint8Array): number {
  return data[DECIMALS_OFFSET] as number
}

/** The mint's program and decimals, or Agave's invalid-params error. */
export function getMintInfo(chain: Pick<LocalChain, 'getAccount'>, mint: Address): { program: Address; decimals: number } {
  if (mint === NATIVE_MINT) return { program: TOKEN_PROGRAM_ADDRESS, decimals: NATIVE_MINT_DECIMALS }
  const account = chain.getAccount(mint)
  if (!account) throw createInvalidParamsError('Invalid param: could not find mint')
  if (!isMintData(account.data)) throw createInvalidParamsError('Invalid param: Token mint could not be unpacked')
  return { program: account.owner, decimals: getMintDecimals(account.data) }
}
