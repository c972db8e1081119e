/**
 * An account as accountNotification and programNotification carry it: getAccountInfo's UiAccount
 * in the subscription's encoding, jsonParsed as the account reads parse it (rpc/parsed-account.ts:
 * token accounts and lookup tables, else base64 as Agave falls back). A removed account is Agave's
 * default account: 0 lamports, system-owned, no data.
 */
import type { Address } from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from '../chain/local-account.js'
import { toReadAccount, type JsonParsedAccount } from '../rpc/parsed-account.js'
import type { DataSlice, UiAccount } from '../rpc/ui-account.js'
import type { PubSubAccountEncoding } from './subscription.js'

const REMOVED_ACCOUNT: LocalAccount = Object.freeze({
  lamports: 0n,
  data: new Uint8Array(0),
  owner: SYSTEM_PROGRAM_ADDRESS,
  executable: false,
  rentEpoch: 0n,
})

/** The account (null: removed) as a notification carries it. */
export function toNotificationAccount(
  account: LocalAccount | null,
  encoding: PubSubAccountEncoding,
  slice: DataSlice | undefined,
  getAccount: (address: Address) => LocalAccount | null,
): UiAccount | JsonParsedAccount {
  const current = account ?? REMOVED_ACCOUNT
  return toReadAccount(current, encoding, slice, getAccount, false)
}
