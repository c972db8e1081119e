/**
 * Accounts in the JSON shape of getAccountInfo: {data, executable, lamports, owner, rentEpoch,
 * space}. Encodings as Agave serves them: "base64" → [b64, "base64"], "base58" → [b58, "base58"],
 * no encoding (legacy "binary") → a bare base58 string; base58 only for at most 128 bytes.
 * base64+zstd is refused with invalid params rather than answered differently; so is jsonParsed
 * here, which the reads that take it handle first (parsed-account.ts, the token-accounts methods).
 */
import { getBase58Decoder } from '@solana/kit'
import type { LocalAccount } from '../chain/local-account.js'
import { JSON_RPC_INVALID_REQUEST, createInvalidParamsError, createJsonRpcError } from './json-rpc-error.js'
import { getStringOption, type RpcConfig } from './params.js'

export type AccountEncoding = 'binary' | 'base58' | 'base64'
export type DataSlice = { offset: number; length: number }

export type UiAccount = {
  data: string | [string, string]
  executable: boolean
  lamports: bigint
  owner: string
  rentEpoch: bigint
  space: number
}

const MAX_BASE58_BYTES = 128
const base58 = getBase58Decoder()

/** The account encoding a config asks for. */
export function getAccountEncoding(config: RpcConfig): AccountEncoding {
  const encoding = getStringOption(config, 'encoding')
  if (encoding === undefined) return 'binary'
  if (encoding === 'base64' || encoding === 'base58' || encoding === 'binary') return encoding
  if (encoding === 'jsonParsed' || encoding === 'base64+zstd') {
    throw createInvalidParamsError(`Invalid params: encoding ${encoding} is not supported by localnet; use base64.`)
  }
  throw createInvalidParamsError(
    `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`base64+zstd\`, \`jsonParsed\`.`,
  )
}

/** The dataSlice of a config, if any. */
export function getDataSlice(config: RpcConfig): DataSlice | undefined {
  const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined | null
  if (slice === undefined || slice === null) return undefined
  const { offset, length } = slice
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || (offset as number) < 0 || (length as number) < 0) {
    throw createInvalidParamsError('Invalid params: dataSlice needs non-negative integer offset and length.')
  }
  return { offset: offset as number, length: length as number }
}

/**
 * Encodes an account as getAccountInfo answers it. `limitBase58` false lifts the 128-byte limit
 * of base58: Agave's PubSub notifications encode whatever size the account has.
 */
export function toUiAccount(account: LocalAccount, encoding: AccountEncoding, slice?: DataSlice, limitBase58 = true): UiAccount {
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data
  let encoded: UiAccount['data']
  if (encoding === 'base64') encoded = [Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'), 'base64']
  else {
    if (limitBase58 && data.length > MAX_BASE58_BYTES) {
      throw createJsonRpcError(
        JSON_RPC_INVALID_REQUEST,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      )
    }
    encoded = encoding === 'base58' ? [base58.decode(data), 'base58'] : base58.decode(data)
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  }
}
