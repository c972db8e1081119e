/** Key and string readers over account bytes shared by the mint and token-metadata decoders. */

import { isZeroKey } from '../../hot-path/decode/key-bytes.js'
import { readU32 } from '../../hot-path/decode/little-endian.js'

const utf8 = new TextDecoder('utf-8')

/** A copy of the 32-byte key at `offset`, or null when it is all zeroes (Token-2022's "none"). */
export function readNonZeroKey(data: Uint8Array, offset: number): Uint8Array | null {
  // A copy, so that the facts never alias an account buffer the cache may replace.
  return isZeroKey(data, offset) ? null : data.slice(offset, offset + 32)
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
