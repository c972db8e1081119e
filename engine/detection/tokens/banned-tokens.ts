/**
 * Jupiter's banned and fake token mints with the reason each is listed (jup-ag/token-list,
 * banned-tokens.csv; BSD-3-Clause, © 2024 Jupiter: see data/LICENSE-banned-tokens). A received
 * mint on this list is a rug-pull indicator whatever its authorities say.
 */
import { readFileSync } from 'node:fs'
import { fromBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'

const FILE = new URL('./data/banned-tokens.csv', import.meta.url)

/** Parses the CSV (`Mint,Reasons`, one mint a line); rows that are not a 32-byte address are refused. */
export function parseBannedTokens(text: string): Map<AccountKey, string> {
  const banned = new Map<AccountKey, string>()
  const lines = text.trim().split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    if (index === 0 && /^mint\s*,/i.test(line)) continue
    const comma = line.indexOf(',')
    const mint = (comma === -1 ? line : line.slice(0, comma)).trim()
    const reason =
      comma === -1
        ? 'listed as banned'
        : line
            .slice(comma + 1)
            .trim()
            .replace(/^"|"$/g, '')
    if (mint === '') continue
    banned.set(fromBase58Address(mint), reason || 'listed as banned')
  }
  return banned
}

let shipped: ReadonlyMap<AccountKey, string> | undefined

/** The shipped list, read once. */
export function getBannedTokens(): ReadonlyMap<AccountKey, string> {
  shipped ??= parseBannedTokens(readFileSync(FILE, 'utf8'))
  return shipped
}
