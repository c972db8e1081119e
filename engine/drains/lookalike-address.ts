/**
 * Address poisoning: a scammer sends dust from a vanity address that shares the first or last
 * characters of one the victim pays, so that a copy from the history picks theirs. Wallets show
 * addresses shortened to those characters; matching 4 of them by chance is about 1 in 11 million.
 */

/** Characters compared at one end of the base58 address, or at both ends. */
export const LOOKALIKE_CHARS = 4
export const LOOKALIKE_BOTH_ENDS_CHARS = 3

/** Whether two different addresses share their first or last 4 characters, or 3 at both ends (1 in 38 billion by chance). */
export function isLookalike(address: string, known: string): boolean {
  if (address === known) return false
  const head = address.slice(0, LOOKALIKE_CHARS) === known.slice(0, LOOKALIKE_CHARS)
  const tail = address.slice(-LOOKALIKE_CHARS) === known.slice(-LOOKALIKE_CHARS)
  if (head || tail) return true
  const n = LOOKALIKE_BOTH_ENDS_CHARS
  return address.slice(0, n) === known.slice(0, n) && address.slice(-n) === known.slice(-n)
}

/** The first of `known` that `address` imitates, or undefined. */
export function findImitated(address: string, known: Iterable<string>): string | undefined {
  for (const candidate of known) if (isLookalike(address, candidate)) return candidate
  return undefined
}
