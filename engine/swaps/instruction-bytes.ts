/**
 * Little-endian reads from instruction data and account picks for the swap decoders. Plain
 * index arithmetic in place: no DataView or Buffer per instruction, no copies. Callers check the
 * length first; a read past the end yields garbage, never an exception.
 */

/** The u64 at `offset` (little-endian). */
export function readU64(data: Uint8Array, offset: number): bigint {
  const lo = (data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)) >>> 0
  const hi =
    (data[offset + 4]! | (data[offset + 5]! << 8) | (data[offset + 6]! << 16) | (data[offset + 7]! << 24)) >>> 0
  return (BigInt(hi) << 32n) | BigInt(lo)
}

/** The u128 at `offset` (little-endian). */
export function readU128(data: Uint8Array, offset: number): bigint {
  return (readU64(data, offset + 8) << 64n) | readU64(data, offset)
}

/** The u32 at `offset` (little-endian). */
export function readU32(data: Uint8Array, offset: number): number {
  return (data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)) >>> 0
}

/** The u16 at `offset` (little-endian). */
export function readU16(data: Uint8Array, offset: number): number {
  return data[offset]! | (data[offset + 1]! << 8)
}

/** Whether `data` starts with the 8-byte Anchor discriminator `discriminator`. */
export function hasDiscriminator(data: Uint8Array, discriminator: Uint8Array): boolean {
  if (data.length < 8) return false
  for (let i = 0; i < 8; i++) if (data[i] !== discriminator[i]) return false
  return true
}

/** Account `index` of an instruction, or null when it is absent or unresolved (lookup table not loaded). */
export function getAccount(accounts: ReadonlyArray<Uint8Array | undefined>, index: number): Uint8Array | null {
  return accounts[index] ?? null
}

/** Whether two 32-byte keys are equal. */
export function isSameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) if (a[i] !== b[i]) return false
  return true
}
