/**
 * An account as accountNotification and programNotification carry it: getAccountInfo's UiAccount
 * in the subscription's encoding; jsonParsed for a token account whose mint reads (Agave's token
 * parser, rpc/parsed-token-account.ts), and base64 for anything jsonParsed cannot parse, as
 * Agave falls back. A removed account is Agave's default account: 0 lamports, system-owned, no data.
 */
import type { Address } from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS, fromAddressBytes, type LocalAccount } from '../chain/local-account.js'
import { isTokenProgramAddress } from '../chain/token-balances.js'
import { toParsedTokenAccount, type ParsedUiAccount } from '../rpc/parsed-token-account.js'
import { isValidTokenAccountData } from '../rpc/token-account-data.js'
import { toUiAccount, type DataSlice, type UiAccount } from '../rpc/ui-account.js'
import type { PubSubAccountEncoding } from './subscription.js'

// spl-token state.rs: a Mint is 82 bytes (decimals at 44, is_initialized at 45); Token-2022
// extended mints carry the account type 1 at 165.
const MINT_SIZE = 82
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1

const REMOVED_ACCOUNT: LocalAccount = Object.freeze({
  lamports: 0n,
  data: new Uint8Array(0),
  owner: SYSTEM_PROGRAM_ADDRESS,
  executable: false,
  rentEpoch: 0n,
})

/** The decimals of an initialized mint account, or null. */
function getMintDecimals(mint: LocalAccount | null): number | null {
  if (!mint || !isTokenProgramAddress(mint.owner)) return null
  const data = mint.data
  const isMint = data.length === MINT_SIZE || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT)
  return isMint && data[45] === 1 ? (data[44] as number) : null
}

function toParsed(account: LocalAccount, getAccount: (address: Address) => LocalAccount | null): ParsedUiAccount | null {
  if (!isTokenProgramAddress(account.owner) || !isValidTokenAccountData(account.data)) return null
  const decimals = getMintDecimals(getAccount(fromAddressBytes(account.data.subarray(0, 32))))
  return decimals === null ? null : toParsedTokenAccount(account, decimals)
}

/** The account (null: removed) as a notification carries it. */
export function toNotificationAccount(
  account: LocalAccount | null,
  encoding: PubSubAccountEncoding,
  slice: DataSlice | undefined,
  getAccount: (address: Address) => LocalAccount | null,
): UiAccount | ParsedUiAccount {
  const current = account ?? REMOVED_ACCOUNT
  if (encoding === 'jsonParsed') return toParsed(current, getAccount) ?? toUiAccount(current, 'base64', slice)
  return toUiAccount(current, encoding, slice, false)
}
