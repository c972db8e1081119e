/** Program ids the program-block tests share: real mainnet programs, and near misses of an address. */
import { randomBytes } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'

/** 32 zero bytes: the shortest address text (32 characters). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'

const base58 = getBase58Decoder()

/** Base58 text of `length` bytes of `fill` (or random bytes). */
export function toBase58OfLength(length: number, fill?: number): string {
  return base58.decode(fill === undefined ? randomBytes(length) : new Uint8Array(length).fill(fill))
}

/** 31 bytes: 43 characters, inside the 32–44 an address may have (so past a length check), yet not an address. */
export const SHORT_KEY = toBase58OfLength(31, 0xff)
/** 33 zero bytes: 33 characters, inside the same bounds, yet not an address. */
export const LONG_KEY = toBase58OfLength(33, 0)
/** 32 characters of base58's excluded letters: the right length, not base58 at all. */
export const NOT_BASE58 = '0OIl' + 'A'.repeat(28)

/** `count` distinct random addresses. */
export function createProgramIds(count: number): string[] {
  return Array.from({ length: count }, () => toBase58OfLength(32))
}
