/**
 * Token accounts in Agave's `jsonParsed` encoding (anza-xyz/agave account-decoder parse_token.rs,
 * parse_token_extension.rs, parse_account_data.rs): `{program: "spl-token" | "spl-token-2022",
 * parsed: {type: "account", info}, space}` in place of the data. `info` holds mint, owner,
 * tokenAmount, delegate and delegatedAmount (only when a delegate is set), state, isNative,
 * rentExemptReserve (wrapped SOL only), closeAuthority (only when set) and the Token-2022
 * extensions (only when there are any). UI amounts are the plain decimal ones: the
 * interest-bearing and scaled-UI-amount adjustments Agave applies for such mints are not made.
 */
import { isSome, unwrapOption, type Address, type Option } from '@solana/kit'
import { getTokenDecoder, TOKEN_PROGRAM_ADDRESS, type Token } from '@solana-program/token'
import type { LocalAccount } from '../chain/local-account.js'
import { toUiAmountString } from '../chain/token-balances.js'
import { TOKEN_ACCOUNT_LEN } from './token-account-data.js'

/** Agave's UiTokenAmount; uiAmount is null when 10^decimals overflows a u64 (decimals over 19). */
export type UiTokenAmount = { uiAmount: number | null; decimals: number; amount: string; uiAmountString: string }

export type UiTokenExtension = { extension: string; state?: Record<string, unknown> }

export type ParsedTokenAccountData = {
  program: 'spl-token' | 'spl-token-2022'
  parsed: { type: 'account'; info: Record<string, unknown> }
  space: number
}

export type ParsedUiAccount = {
  data: ParsedTokenAccountData
  executable: boolean
  lamports: bigint
  owner: string
  rentEpoch: bigint
  space: number
}

const MAX_FLOAT_DECIMALS = 19
const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'] as const

/** Agave's `token_amount_to_ui_amount`. */
export function toUiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  return {
    uiAmount: decimals > MAX_FLOAT_DECIMALS ? null : Number(amount) / 10 ** decimals,
    decimals,
    amount: amount.toString(),
    uiAmountString: toUiAmountString(amount, decimals),
  }
}

/** Token-2022 ExtensionType codes of the account-side extensions (interface/src/extension/mod.rs). */
const EXTENSION_NAMES: Record<number, string> = {
  2: 'transferFeeAmount',
  5: 'confidentialTransferAccount',
  7: 'immutableOwner',
  8: 'memoTransfer',
  11: 'cpiGuard',
  13: 'nonTransferableAccount',
  15: 'transferHookAccount',
  17: 'confidentialTransferFeeAmount',
  27: 'pausableAccount',
}
/** The highest ExtensionType this reader knows; a higher code fails the whole list, as in Agave. */
const MAX_EXTENSION_TYPE = 27
const TLV_START = TOKEN_ACCOUNT_LEN + 1

/**
 * One extension as Agave names it (`{extension, state?}`, camelCase). Those without state and the
 * four with a small one are written out; any other is `unparseableExtension` rather than a shape
 * that might differ from Agave's.
 */
function toUiExtension(type: number, value: Uint8Array): UiTokenExtension {
  const name = EXTENSION_NAMES[type]
  const flag = () => value.length === 1 && value[0] === 1
  switch (name) {
    case 'immutableOwner':
    case 'nonTransferableAccount':
    case 'pausableAccount':
      return { extension: name }
    case 'transferFeeAmount':
      if (value.length !== 8) break
      return { extension: name, state: { withheldAmount: new DataView(value.buffer, value.byteOffset, 8).getBigUint64(0, true) } }
    case 'memoTransfer':
      if (value.length !== 1) break
      return { extension: name, state: { requireIncomingTransferMemos: flag() } }
    case 'cpiGuard':
      if (value.length !== 1) break
      return { extension: name, state: { lockCpi: flag() } }
    case 'transferHookAccount':
      if (value.length !== 1) break
      return { extension: name, state: { transferring: flag() } }
    case undefined:
      break
  }
  return { extension: 'unparseableExtension' }
}

/**
 * The TLV entries after a Token-2022 account's type byte, as spl-token-2022's
 * `get_extension_types` walks them: up to the first Uninitialized (0) type; a truncated entry or an
 * unknown type makes it fail, which Agave's parser answers with no extensions at all.
 */
function getUiExtensions(data: Uint8Array): UiTokenExtension[] {
  const extensions: UiTokenExtension[] = []
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  let at = TLV_START
  while (at < data.length) {
    if (data.length - at < 2) return []
    const type = view.getUint16(at, true)
    if (type === 0) break
    if (type > MAX_EXTENSION_TYPE || data.length - at < 4) return []
    const length = view.getUint16(at + 2, true)
    if (data.length - at - 4 < length) return []
    extensions.push(toUiExtension(type, data.subarray(at + 4, at + 4 + length)))
    at += 4 + length
  }
  return extensions
}

const orUndefined = (option: Option<Address>): string | undefined => unwrapOption(option) ?? undefined

/**
 * `account` (a token account whose mint has `decimals`) in jsonParsed form; null when
 * its data does not decode, which Agave answers by leaving the account out.
 */
export function toParsedTokenAccount(account: LocalAccount, decimals: number): ParsedUiAccount | null {
  const isLegacy = account.owner === TOKEN_PROGRAM_ADDRESS
  let token: Token
  try {
    // The base layout is the same 165 bytes in both programs.
    token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_LEN))
  } catch {
    return null
  }
  const info: Record<string, unknown> = { mint: token.mint, owner: token.owner, tokenAmount: toUiTokenAmount(token.amount, decimals) }
  const delegate = orUndefined(token.delegate)
  if (delegate !== undefined) info.delegate = delegate
  info.state = ACCOUNT_STATES[token.state] ?? 'uninitialized'
  info.isNative = isSome(token.isNative)
  if (isSome(token.isNative)) info.rentExemptReserve = toUiTokenAmount(token.isNative.value, decimals)
  if (delegate !== undefined) info.delegatedAmount = toUiTokenAmount(token.delegatedAmount, decimals)
  const closeAuthority = orUndefined(token.closeAuthority)
  if (closeAuthority !== undefined) info.closeAuthority = closeAuthority
  const extensions = account.data.length > TOKEN_ACCOUNT_LEN ? getUiExtensions(account.data) : []
  if (extensions.length > 0) info.extensions = extensions
  return {
    data: {
      program: isLegacy ? 'spl-token' : 'spl-token-2022',
      parsed: { type: 'account', info },
      space: account.data.length,
    },
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  }
}
