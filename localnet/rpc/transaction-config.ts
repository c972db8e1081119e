/**
 * getTransaction's second param, as Agave reads it (RpcEncodingConfigWrapper, an untagged serde
 * enum): an encoding name alone (the deprecated form) or `{encoding, commitment,
 * maxSupportedTransactionVersion}`. Anything else fails both variants, which serde reports as
 * "data did not match any variant of untagged enum RpcEncodingConfigWrapper".
 */
import { isKnownCommitment } from './commitment.js'
import { createInvalidParamsError } from './json-rpc-error.js'
import type { TransactionEncoding } from './ui-transaction.js'

export type TransactionConfig = {
  readonly encoding: TransactionEncoding
  /** undefined: the client handles legacy transactions only. */
  readonly maxSupportedTransactionVersion: number | undefined
  readonly commitment: unknown
}

const ENCODINGS: ReadonlySet<unknown> = new Set<TransactionEncoding>(['binary', 'base58', 'base64', 'json', 'jsonParsed'])

function isEncoding(value: unknown): value is TransactionEncoding | null | undefined {
  return value === undefined || value === null || ENCODINGS.has(value)
}

function isU8(value: unknown): value is number | null | undefined {
  return value === undefined || value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255)
}

function fail(): never {
  throw createInvalidParamsError('Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.')
}

/** Reads getTransaction's config param (json encoding when absent). */
export function getTransactionConfig(param: unknown): TransactionConfig {
  if (param === undefined || param === null) return { encoding: 'json', maxSupportedTransactionVersion: undefined, commitment: undefined }
  if (typeof param === 'string') {
    if (!isEncoding(param)) fail()
    return { encoding: param, maxSupportedTransactionVersion: undefined, commitment: undefined }
  }
  if (typeof param !== 'object' || Array.isArray(param)) fail()
  const { encoding, maxSupportedTransactionVersion, commitment } = param as Record<string, unknown>
  if (!isEncoding(encoding) || !isU8(maxSupportedTransactionVersion) || !isKnownCommitment(commitment)) fail()
  return { encoding: encoding ?? 'json', maxSupportedTransactionVersion: maxSupportedTransactionVersion ?? undefined, commitment }
}
