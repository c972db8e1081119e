/**
 * Cache keys for accounts: the 32 raw bytes as a latin1 string. Building one costs a fraction of a
 * microsecond, where base58 would cost ≈23 µs (docs/architecture.md#hot-path-rules).
 */
import { getBase58Encoder } from '@solana/kit'
import { toBase58 } from '../../../lib/base58.js'

export type AccountKey = string & { readonly __accountKey: unique symbol }

const base58Encoder = getBase58Encoder()

type Latin1Slice = (this: Uint8Array, start: number, end: number) => string
/**
 * Node's native latin1 reader, called on the bytes in place: 65 ns a key where wrapping them in a
 * Buffer first costs 165 ns. Undocumented, so the documented path stands in if it ever goes.
 */
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice?: Latin1Slice }).latin1Slice

/** The cache key of a 32-byte public key. */
export function toAccountKey(pubkey: Uint8Array): AccountKey {
  if (latin1Slice) return latin1Slice.call(pubkey, 0, 32) as AccountKey
  return Buffer.from(pubkey.buffer, pubkey.byteOffset, 32).toString('latin1') as AccountKey
}

/** The 32 raw bytes behind a cache key. */
export function fromAccountKey(key: AccountKey): Uint8Array {
  return new Uint8Array(Buffer.from(key, 'latin1'))
}

/** The base58 address of a cache key (off the hot path: RPC requests, geyser filters, logs). */
export function toBase58Address(key: AccountKey): string {
  return toBase58(Buffer.from(key, 'latin1'))
}

/** The cache key of a base58 address; throws on anything that is not 32 bytes of base58. */
export function fromBase58Address(address: string): AccountKey {
  const bytes = base58Encoder.encode(address)
  if (bytes.length !== 32) throw new Error(`not a 32-byte address: ${address}`)
  return toAccountKey(new Uint8Array(bytes))
}
