/**
 * A transaction the relay accepts: it decodes (with the limits and messages of localnet's
 * sendTransaction) and every signature verifies, checked by the chain as sendTransaction's
 * preflight checks it. The block engine refuses anything else at once, before any auction.
 */
import type { LocalChain } from '../chain.js'
import { TransactionDecodeError, decodeTransactionFacts } from '../chain/transaction-facts.js'
import { createInvalidParamsError, isJsonRpcError } from '../rpc/json-rpc-error.js'
import { decodeWireTransaction, type TransactionEncoding } from '../rpc/wire-transaction.js'

export type SignedTransaction = {
  readonly bytes: Uint8Array
  /** Base58 of the first signature. */
  readonly signature: string
}

/**
 * Decodes and verifies one encoded transaction; throws -32602 naming `label` (e.g. "transaction 2
 * of the bundle") and what is wrong.
 */
export function toSignedTransaction(
  chain: Pick<LocalChain, 'hasValidSignatures'>,
  encoded: unknown,
  encoding: TransactionEncoding,
  label: string,
): SignedTransaction {
  let bytes: Uint8Array
  let signature: string
  try {
    bytes = decodeWireTransaction(encoded, encoding)
    signature = decodeTransactionFacts(bytes).signature
  } catch (cause) {
    if (cause instanceof TransactionDecodeError) {
      throw createInvalidParamsError(`Invalid params: ${label} is not a transaction (${cause.message})`)
    }
    if (isJsonRpcError(cause)) throw createInvalidParamsError(`Invalid params: ${label}: ${cause.message}`)
    throw cause
  }
  if (!chain.hasValidSignatures(bytes)) throw createInvalidParamsError(`Invalid params: ${label}: signature verification failed`)
  return { bytes, signature }
}
