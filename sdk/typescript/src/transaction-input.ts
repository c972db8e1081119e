/**
 * What the SDK accepts as a transaction: base64 wire bytes, the bytes themselves, a @solana/kit
 * `Transaction` (`{messageBytes, signatures}`) or a @solana/web3.js `Transaction` /
 * `VersionedTransaction` (anything with `serialize()`). Detected by shape, so neither library is
 * a dependency.
 */
import { toBase64 } from './base64.js'
import { PreflightError } from './errors.js'

/** A @solana/kit Transaction, as far as the wire format needs it. */
export interface KitTransactionLike {
  readonly messageBytes: ArrayLike<number>
  readonly signatures: Readonly<Record<string, ArrayLike<number> | null>>
}

/** A @solana/web3.js Transaction or VersionedTransaction. */
export interface Web3TransactionLike {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
}

export type TransactionInput = string | Uint8Array | KitTransactionLike | Web3TransactionLike

const SIGNATURE_BYTES = 64

/** The base64 wire transaction of `input`. */
export function toBase64Transaction(input: TransactionInput): string {
  if (typeof input === 'string') return input
  if (input instanceof Uint8Array) return toBase64(input)
  if (isKitTransaction(input)) return toBase64(getKitWireBytes(input))
  if (isWeb3Transaction(input)) {
    // Legacy web3.js transactions refuse to serialize without every signature unless told not to check.
    return toBase64(input.serialize({ requireAllSignatures: false, verifySignatures: false }))
  }
  throw new PreflightError({
    code: 'invalid_input',
    message: 'a transaction is base64, bytes, a @solana/kit Transaction or a @solana/web3.js transaction',
  })
}

function isKitTransaction(input: object): input is KitTransactionLike {
  const candidate = input as Partial<KitTransactionLike>
  return candidate.messageBytes instanceof Uint8Array && typeof candidate.signatures === 'object' && candidate.signatures !== null
}

function isWeb3Transaction(input: object): input is Web3TransactionLike {
  return typeof (input as Partial<Web3TransactionLike>).serialize === 'function'
}

/** Solana's wire layout: a compact-u16 signature count, the signatures (zeroed when absent), the message. */
function getKitWireBytes(transaction: KitTransactionLike): Uint8Array {
  const signatures = Object.values(transaction.signatures)
  const count = encodeShortVec(signatures.length)
  const bytes = new Uint8Array(count.length + signatures.length * SIGNATURE_BYTES + transaction.messageBytes.length)
  bytes.set(count, 0)
  signatures.forEach((signature, index) => {
    if (signature) bytes.set(signature, count.length + index * SIGNATURE_BYTES)
  })
  bytes.set(transaction.messageBytes, count.length + signatures.length * SIGNATURE_BYTES)
  return bytes
}

function encodeShortVec(value: number): Uint8Array {
  const out: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(low)
      return Uint8Array.from(out)
    }
    out.push(low | 0x80)
  }
}
