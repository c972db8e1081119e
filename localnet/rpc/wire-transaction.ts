/**
 * Decoding the encoded transaction of sendTransaction / simulateTransaction with Agave's limits
 * and messages (base58 is the default encoding; a packet holds at most 1232 bytes).
 */
import { getBase58Encoder } from '@solana/kit'
import { TransactionDecodeError } from '../chain/transaction-facts.js'
import { createInvalidParamsError, type JsonRpcError } from './json-rpc-error.js'
import { getStringOption, type RpcConfig } from './params.js'

export type TransactionEncoding = 'base58' | 'base64'

const PACKET_DATA_SIZE = 1232
const MAX_ENCODED_SIZE: Record<TransactionEncoding, number> = { base58: 1683, base64: 1644 }
const TYPE_NAME = 'solana_transaction::versioned::VersionedTransaction'
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The encoding a send/simulate config names (base58 when absent). */
export function getTransactionEncoding(config: RpcConfig): TransactionEncoding {
  const encoding = getStringOption(config, 'encoding') ?? 'base58'
  if (encoding === 'base58' || encoding === 'base64') return encoding
  throw createInvalidParamsError(`unsupported encoding: ${encoding}. Supported encodings: base58, base64`)
}

/** The type Agave names in getFeeForMessage's decode errors. */
export const VERSIONED_MESSAGE_TYPE_NAME = 'solana_message::versioned::VersionedMessage'

/** The wire bytes of an encoded transaction param (or, with its type name, of an encoded message). */
export function decodeWireTransaction(encoded: unknown, encoding: TransactionEncoding, typeName = TYPE_NAME): Uint8Array {
  if (typeof encoded !== 'string') throw createInvalidParamsError('Invalid params: invalid type, expected a string.')
  const max = MAX_ENCODED_SIZE[encoding]
  if (encoded.length > max) {
    throw createInvalidParamsError(
      `${encoding} encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    )
  }
  let bytes: Uint8Array
  if (encoding === 'base64') {
    if (!BASE64.test(encoded) || encoded.length % 4 !== 0) throw createInvalidParamsError('invalid base64 encoding: InvalidByte')
    bytes = new Uint8Array(Buffer.from(encoded, 'base64'))
  } else {
    try {
      bytes = new Uint8Array(getBase58Encoder().encode(encoded))
    } catch {
      throw createInvalidParamsError('invalid base58 encoding: InvalidCharacter')
    }
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw createInvalidParamsError(`decoded ${typeName} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`)
  }
  return bytes
}

/** Turns the chain's (or LiteSVM's) refusal to decode bytes into Agave's invalid-params answer. */
export function toDeserializeError(cause: unknown, typeName = TYPE_NAME): JsonRpcError | undefined {
  if (cause instanceof TransactionDecodeError) {
    return createInvalidParamsError(`failed to deserialize ${typeName}: ${cause.message}`)
  }
  return undefined
}
