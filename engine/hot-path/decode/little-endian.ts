/**
 * Little-endian integer reads in place, for every decoder of the engine (transactions, lookup
 * tables, swap instructions, mints): index arithmetic, no DataView or Buffer per read, no copies.
 * Callers check the length first; a read past the end yields garbage, never an exception.
 */

/** The u16 at `offset`. */
export function readU16(data: Uint8Array, offset: number): number {
  return data[offset]! | (data[offset + 1]! << 8)
}

/** The u32 at `offset`. */
export function readU32(data: Uint8Array, offset: number): number {
  return (data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)) >>> 0
}

/** The i32 at `offset` (two's complement: tick and bin indexes). */
export function readI32(data: Uint8Array, offset: number): number {
  return data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)
}

/** The u64 at `offset`. */
export function readU64(data: Uint8Array, offset: number): bigint {
  return (BigInt(readU32(data, offset + 4)) << 32n) | BigInt(readU32(data, offset))
}

/** The u128 at `offset`. */
export function readU128(data: Uint8Array, offset: number): bigint {
  return (readU64(data, offset + 8) << 64n) | readU64(data, offset)
}
