/**
 * Discriminator checks and account picks for the swap decoders (their integer reads are
 * engine/hot-path/decode/little-endian.ts). In place: no copies.
 */

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
