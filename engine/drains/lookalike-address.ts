/**
 * Address poisoning: a scammer sends dust from a vanity address that shares the first or last
 * characters of one the victim pays, so that a copy from the history picks theirs. Wallets show
 * addresses shortened to those characters; matching 4 of them by chance is about 1 in 11 million.
 */

/** Characters compared at each end of the base58 address. */
export const LOOKALIKE_CHARS = 4

/** Whether two different addresses share their first or last LOOKALIKE_CHARS characters. */
export function isLookalike(address: string, known: string): boolean {
  if (address === known) return false
  return (
    address.slice(0, LOOKALIKE_CHARS) === known.slice(0, LOOKALIKE_CHARS) ||
    address.slice(-LOOKALIKE_CHARS) === known.slice(-LOOKALIKE_CHARS)
  )
}

/** The first of `known` that `address` imitates, or undefined. */
export function findImitated(address: string, known: Iterable<string>): string | undefined {
  for (const candidate of known) if (isLookalike(address, candidate)) return candidate
  return undefined
}
