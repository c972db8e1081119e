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

/**
 * How much a look-alike must share. `either_end` (4 characters at one end, or 3 at both) suits the
 * wallet's own counterparties: few addresses, and the ones a poisoner targets. `both_ends` (3 at
 * each end) suits a fixed list of well-known addresses checked on every fresh recipient: at one
 * end, ~100 of them would flag about 1 fresh address in 60,000 (a wallet's first payment to
 * someone, blocked as critical); at both, 1 in 400 million, while an address ground to imitate one
 * of them (58^6 tries, under a minute on a GPU) is still caught.
 */
export type LookalikeMatch = 'either_end' | 'both_ends'

/** Known addresses by what a look-alike of each would share with it: up to three map lookups per check. */
export interface LookalikeIndex {
  readonly size: number
  /** The known address `address` imitates (shares an end with, without being one of them), or undefined. */
  findImitated(address: string): string | undefined
}

/** The keys `match` compares. */
function getMatchedKeys(address: string, match: LookalikeMatch): readonly string[] {
  const keys = getLookalikeKeys(address)
  return match === 'both_ends' ? [keys[2]] : keys
}

/** Indexes `known` for look-alike checks. */
export function createLookalikeIndex(known: Iterable<string>, match: LookalikeMatch = 'either_end'): LookalikeIndex {
  const byKey = new Map<string, string>()
  const members = new Set<string>()
  for (const address of known) {
    members.add(address)
    for (const key of getMatchedKeys(address, match)) if (!byKey.has(key)) byKey.set(key, address)
  }
  return {
    size: members.size,
    findImitated(address) {
      if (members.has(address)) return undefined
      for (const key of getMatchedKeys(address, match)) {
        const found = byKey.get(key)
        if (found !== undefined && found !== address) return found
      }
      return undefined
    },
  }
}
