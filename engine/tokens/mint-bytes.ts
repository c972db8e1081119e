/** Small readers over account bytes shared by the mint and token-metadata decoders. */

const utf8 = new TextDecoder('utf-8')

/** Whether 32 bytes from `offset` are all zero (an unset OptionalNonZeroPubkey). */
export function isZeroKey(data: Uint8Array, offset: number): boolean {
  for (let i = offset; i < offset + 32; i++) if (data[i] !== 0) return false
  return true
}

/** A copy of the 32-byte key at `offset`, or null when it is all zeroes (Token-2022's "none"). */
export function readNonZeroKey(data: Uint8Array, offset: number): Uint8Array | null {
  // A copy, so that the facts never alias an account buffer the cache may replace.
  return isZeroKey(data, offset) ? null : data.slice(offset, offset + 32)
}

/** The u16 little-endian at `offset`. */
export function readU16(data: Uint8Array, offset: number): number {
  return (data[offset] as number) | ((data[offset + 1] as number) << 8)
}

/** The u32 little-endian at `offset`. */
export function readU32(data: Uint8Array, offset: number): number {
  return ((data[offset] as number) | ((data[offset + 1] as number) << 8) | ((data[offset + 2] as number) << 16)) +
    (data[offset + 3] as number) * 0x1000000
}

/** The u64 little-endian at `offset`, as a bigint. */
export function readU64(data: Uint8Array, offset: number): bigint {
  return BigInt(readU32(data, offset)) + (BigInt(readU32(data, offset + 4)) << 32n)
}

export interface StringAt {
  text: string
  /** Offset just past the string. */
  end: number
}

/**
 * A borsh / Pack string (u32 length, then UTF-8) starting at `offset` and ending by `limit`, or
 * null when its length runs past `limit`. Invalid UTF-8 becomes U+FFFD rather than an error.
 */
export function readU32String(data: Uint8Array, offset: number, limit: number): StringAt | null {
  if (offset + 4 > limit) return null
  const length = readU32(data, offset)
  const end = offset + 4 + length
  if (end > limit) return null
  return { text: utf8.decode(data.subarray(offset + 4, end)), end }
}
