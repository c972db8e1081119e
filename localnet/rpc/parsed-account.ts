/**
 * Accounts in the jsonParsed encoding, for the account reads (getAccountInfo, getMultipleAccounts,
 * getProgramAccounts) and PubSub notifications alike: a token account whose mint reads (Agave's
 * token parser) and an address lookup table are parsed; anything else, and data that does not
 * parse, is answered in base64 (with the dataSlice), as Agave falls back. Agave also parses mints,
 * nonce, vote, stake, sysvar, config and upgradeable-loader accounts; localnet does not (base64).
 */
import type { Address } from '@solana/kit'
import { fromAddressBytes, type LocalAccount } from '../chain/local-account.js'
import { isTokenProgramAddress } from '../chain/token-balances.js'
import { toParsedLookupTable, type ParsedLookupTableData } from './parsed-lookup-table.js'
import { toParsedTokenAccount, type ParsedTokenAccountData } from './parsed-token-account.js'
import { isValidTokenAccountData } from './token-account-data.js'
import { getAccountEncoding, toUiAccount, type AccountEncoding, type DataSlice, type UiAccount } from './ui-account.js'
import type { RpcConfig } from './params.js'

export type ReadEncoding = AccountEncoding | 'jsonParsed'

export type JsonParsedAccount = Omit<UiAccount, 'data'> & { data: ParsedTokenAccountData | ParsedLookupTableData }

// spl-token state.rs: a Mint is 82 bytes (decimals at 44, is_initialized at 45); Token-2022
// extended mints carry the account type 1 at 165.
const MINT_SIZE = 82
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1

/** The encoding of an account read's config: jsonParsed besides getAccountInfo's binary ones. */
export function getReadEncoding(config: RpcConfig): ReadEncoding {
  return config.encoding === 'jsonParsed' ? 'jsonParsed' : getAccountEncoding(config)
}

/** The decimals of an initialized mint account, or null. */
function getMintDecimals(mint: LocalAccount | null): number | null {
  if (!mint || !isTokenProgramAddress(mint.owner)) return null
  const data = mint.data
  const isMint = data.length === MINT_SIZE || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  return isMint && data[45] === 1 ? (data[44] as number) : null
}

/** The account parsed, or null when localnet has no parser for it (or its data does not parse). */
export function toJsonParsedAccount(
  account: LocalAccount,
  getAccount: (address: Address) => LocalAccount | null,
): JsonParsedAccount | null {
  const lookupTable = toParsedLookupTable(account)
  if (lookupTable) {
    return {
      data: lookupTable,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.owner,
      rentEpoch: account.rentEpoch,
      space: account.data.length,
    }
  }
  if (!isTokenProgramAddress(account.owner) || !isValidTokenAccountData(account.data)) return null
  const decimals = getMintDecimals(getAccount(fromAddressBytes(account.data.subarray(0, 32))))
  return decimals === null ? null : toParsedTokenAccount(account, decimals)
}

/** An account as a read answers it in `encoding`; `limitBase58` as toUiAccount's. */
export function toReadAccount(
  account: LocalAccount,
  encoding: ReadEncoding,
  slice: DataSlice | undefined,
  getAccount: (address: Address) => LocalAccount | null,
  limitBase58 = true,
): UiAccount | JsonParsedAccount {
  if (encoding === 'jsonParsed') return toJsonParsedAccount(account, getAccount) ?? toUiAccount(account, 'base64', slice)
  return toUiAccount(account, encoding, slice, limitBase58)
}
