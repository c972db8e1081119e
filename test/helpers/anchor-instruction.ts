/**
 * The pieces the venue tests build Anchor programs' instructions from by hand (the programs'
 * clients are not dependencies): the 8-byte discriminator, little-endian integers, account metas
 * and program-derived addresses.
 */
import { createHash } from 'node:crypto'
import { getAddressEncoder, getProgramDerivedAddress, isAddress, type AccountRole, type Address } from '@solana/kit'

const encoder = getAddressEncoder()

/** sha256("global:<name>")[..8]: how Anchor names an instruction. */
export function anchorDiscriminator(name: string): Buffer {
  return createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)
}

/** `value` as 8 little-endian bytes. */
export function u64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return bytes
}

export function accountMeta(address: Address, role: AccountRole): { address: Address; role: AccountRole } {
  return { address, role }
}

/**
 * `program`'s address for `seeds`: a Buffer as it is, a string that is an address as its 32
 * bytes, any other string as its text ("pool_tick_array_bitmap_extension" is text: `_` is no
 * base58 character).
 */
export async function findProgramAddress(program: Address, ...seeds: Array<string | Address | Buffer>): Promise<Address> {
  const bytes = seeds.map((seed) => (Buffer.isBuffer(seed) ? seed : isAddress(seed) ? encoder.encode(seed) : Buffer.from(seed)))
  return (await getProgramDerivedAddress({ programAddress: program, seeds: bytes }))[0]
}
