/**
 * The fee of a bare message (getFeeForMessage), computed by the very code that charges a landed
 * transaction (transaction-fee.ts), so a quote equals what the transaction pays: the message is
 * wrapped in a wire transaction with blank signatures and decoded as sendTransaction decodes it.
 */
import type { Address } from '@solana/kit'
import { decodeLandedMessage, type LandedMessage } from './landed-message.js'
import { decodeTransactionFacts, type TransactionFacts } from './transaction-facts.js'
import { getTransactionFeeLamports } from './transaction-fee.js'
import { pushShortU16 } from '../../lib/short-u16.js'

const SIGNATURE_BYTES = 64
/** A v0 message starts with 0x80 | version; a legacy one with its signature count (< 128). */
const VERSION_PREFIX = 0x80

/** The number of signatures a message's header asks for (0 when the bytes are too short to say). */
function getRequiredSignatures(message: Uint8Array): number {
  const first = message[0]
  if (first === undefined) return 0
  return (first & VERSION_PREFIX) !== 0 ? (message[1] ?? 0) : first
}

export type MessageFee = {
  readonly facts: TransactionFacts
  readonly message: LandedMessage
  readonly fee: bigint
}

/** Decodes a serialized message (legacy or v0) and computes its fee; throws TransactionDecodeError. */
export function getMessageFee(message: Uint8Array, getAccountData: (address: Address) => Uint8Array | undefined): MessageFee {
  const signatures = getRequiredSignatures(message)
  const prefix: number[] = []
  pushShortU16(prefix, signatures)
  const wire = new Uint8Array(prefix.length + signatures * SIGNATURE_BYTES + message.length)
  wire.set(prefix, 0)
  wire.set(message, prefix.length + signatures * SIGNATURE_BYTES)
  const facts = decodeTransactionFacts(wire)
  const landed = decodeLandedMessage(wire, getAccountData)
  return { facts, message: landed, fee: getTransactionFeeLamports(landed, facts.priceMicroLamports) }
}
