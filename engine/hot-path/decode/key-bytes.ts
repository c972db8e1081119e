/**
 * Raw 32-byte keys: constants decoded from base58 once at module load, and an equality test that
 * reads a key in place inside a larger buffer (the hot path never builds base58 strings).
 */
import { getBase58Encoder } from '@solana/kit'

const base58 = getBase58Encoder()

/** The 32 bytes of a base58 address; for module-load constants, not for the hot path. */
export function toKeyBytes(address: string): Uint8Array {
  const bytes = new Uint8Array(base58.encode(address))
  if (bytes.length !== 32) throw new Error(`not a 32-byte address: ${address}`)
  return bytes
}

/** Whether `bytes[offset .. offset + 32]` equals the 32-byte `key`. */
export function isKeyAt(key: Uint8Array, bytes: Uint8Array, offset: number): boolean {
  for (let k = 0; k < 32; k++) if (key[k] !== bytes[offset + k]) return false
  return true
}

/** Whether the 32 bytes at `offset` are all zero (the System program's id; Token-2022's "none"). */
export function isZeroKey(data: Uint8Array, offset: number): boolean {
  for (let i = offset; i < offset + 32; i++) if (data[i] !== 0) return false
  return true
}
