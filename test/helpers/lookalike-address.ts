/**
 * Address poisoning's lookalike: an address that starts and ends with the same base58 characters
 * as a real one, made without a key (nobody needs to sign for it to receive). The address is read
 * as a big integer, so its base58 digits are its base-58 digits: adding a multiple of 58^4 leaves
 * the last four characters as they are, and a multiplier far below the address's magnitude
 * leaves the leading ones; the result is re-encoded to 32 bytes and checked.
 */
import { getAddressDecoder, getAddressEncoder, type Address } from '@solana/kit'

const FOUR_DIGITS = 58n ** 4n
const MAX_ADDRESS = 2n ** 256n

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
}

function toBytes(value: bigint): Uint8Array {
  return new Uint8Array(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'))
}

/** Whether `a` and `b` share their first and last `count` characters (and are not the same address). */
export function isLookalike(a: Address, b: Address, count = 4): boolean {
  return a !== b && a.length === b.length && a.slice(0, count) === b.slice(0, count) && a.slice(-count) === b.slice(-count)
}

/**
 * A lookalike of `target` sharing its first and last four characters. `randomMultiplier` picks the
 * step (a moderate number, e.g. up to 2^64); another is drawn when the sum disturbs the prefix.
 */
export function createLookalikeAddress(target: Address, randomMultiplier: () => bigint): Address {
  const value = toBigInt(getAddressEncoder().encode(target) as Uint8Array)
  for (let attempt = 0; attempt < 100; attempt++) {
    const candidate = value + FOUR_DIGITS * (randomMultiplier() + 1n)
    if (candidate >= MAX_ADDRESS) continue
    const lookalike = getAddressDecoder().decode(toBytes(candidate))
    if (isLookalike(target, lookalike)) return lookalike
  }
  throw new Error(`no lookalike of ${target} found`)
}
