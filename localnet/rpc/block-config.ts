/**
 * getBlock's second param, as Agave reads it (RpcEncodingConfigWrapper<RpcBlockConfig>, an
 * untagged serde enum): an encoding name alone (the deprecated form) or `{encoding,
 * transactionDetails, rewards, commitment, maxSupportedTransactionVersion}`. Anything else fails
 * both variants: "data did not match any variant of untagged enum RpcEncodingConfigWrapper".
 */
import { isKnownCommitment } from './commitment.js'
import { createInvalidParamsError } from './json-rpc-error.js'
import type { TransactionEncoding } from './ui-transaction.js'

/** Agave's TransactionDetails: whole transactions, first signatures, nothing, or keys and balances. */
export type TransactionDetails = 'full' | 'signatures' | 'none' | 'accounts'

export type BlockConfig = {
  readonly encoding: TransactionEncoding
  readonly transactionDetails: TransactionDetails
  /** Whether `rewards` is answered (default true). */
  readonly rewards: boolean
  /** undefined: the client handles legacy transactions only. */
  readonly maxSupportedTransactionVersion: number | undefined
  readonly commitment: unknown
}

const ENCODINGS: ReadonlySet<unknown> = new Set<TransactionEncoding>(['binary', 'base58', 'base64', 'json', 'jsonParsed'])
const DETAILS: ReadonlySet<unknown> = new Set<TransactionDetails>(['full', 'signatures', 'none', 'accounts'])

const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null

function isU8(value: unknown): boolean {
  return isAbsent(value) || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255)
}

function fail(): never {
  throw createInvalidParamsError('Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.')
}

const DEFAULTS = { encoding: 'json', transactionDetails: 'full', rewards: true, maxSupportedTransactionVersion: undefined } as const

/** Reads getBlock's config param (json, full, with rewards when absent). */
export function getBlockConfig(param: unknown): BlockConfig {
  if (isAbsent(param)) return { ...DEFAULTS, commitment: undefined }
  if (typeof param === 'string') {
    if (!ENCODINGS.has(param)) fail()
    return { ...DEFAULTS, encoding: param as TransactionEncoding, commitment: undefined }
  }
  if (typeof param !== 'object' || Array.isArray(param)) fail()
  const { encoding, transactionDetails, rewards, commitment, maxSupportedTransactionVersion } = param as Record<string, unknown>
  if (!isAbsent(encoding) && !ENCODINGS.has(encoding)) fail()
  if (!isAbsent(transactionDetails) && !DETAILS.has(transactionDetails)) fail()
  if (!isAbsent(rewards) && typeof rewards !== 'boolean') fail()
  if (!isU8(maxSupportedTransactionVersion) || !isKnownCommitment(commitment)) fail()
  return {
    encoding: (encoding ?? 'json') as TransactionEncoding,
    transactionDetails: (transactionDetails ?? 'full') as TransactionDetails,
    rewards: rewards ?? true,
    maxSupportedTransactionVersion: (maxSupportedTransactionVersion ?? undefined) as number | undefined,
    commitment,
  }
}
