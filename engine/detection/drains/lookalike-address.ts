/**
 * Address poisoning: a scammer sends dust from a vanity address that shares the first or last
 * characters of one the victim pays, so that a copy from the history picks theirs. Wallets show
 * addresses shortened to those characters; matching 4 of them by chance is about 1 in 11 million,
 * 3 at both ends about 1 in 38 billion.
 */

/** Characters compared at one end of the base58 address, or at both ends. */
export const LOOKALIKE_CHARS = 4
export const LOOKALIKE_BOTH_ENDS_CHARS = 3

/** Whether two different addresses share their first or last 4 characters, or 3 at both ends. */
export function isLookalike(address: string, known: string): boolean {
  if (address === known) return false
  return getLookalikeKeys(address).some((key, i) => key === getLookalikeKeys(known)[i])
}

/** What a look-alike shares with the address it imitates: its head, its tail, or both short ends. */
function getLookalikeKeys(address: string): [string, string, string] {
  const n = LOOKALIKE_BOTH_ENDS_CHARS
  return [`^${address.slice(0, LOOKALIKE_CHARS)}`, `$${address.slice(-LOOKALIKE_CHARS)}`, `${address.slice(0, n)}…${address.slice(-n)}`]
}

/** Known addresses by what a look-alike of each would share with it: three map lookups per check. */
export interface LookalikeIndex {
  readonly size: number
  /** The known address `address` imitates (shares an end with, without being one of them), or undefined. */
  findImitated(address: string): string | undefined
}

/** Indexes `known` for look-alike checks. */
export function createLookalikeIndex(known: Iterable<string>): LookalikeIndex {
  const byKey = new Map<string, string>()
  const members = new Set<string>()
  for (const address of known) {
    members.add(address)
    for (const key of getLookalikeKeys(address)) if (!byKey.has(key)) byKey.set(key, address)
  }
  return {
    size: members.size,
    findImitated(address) {
      if (members.has(address)) return undefined
      for (const key of getLookalikeKeys(address)) {
        const found = byKey.get(key)
        if (found !== undefined && found !== address) return found
      }
      return undefined
    },
  }
}
