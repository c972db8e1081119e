/**
 * Authorities of well-known DEX and protocol programs that legitimately receive token delegations
 * (a trade approves the venue's authority for its input). Kept short: an entry silences a warning.
 */
import { type AccountKey, fromBase58Address } from '../state/account-key.js'

const KNOWN_AUTHORITIES: ReadonlyMap<AccountKey, string> = new Map(
  [
    // Raydium AMM v4's authority PDA (raydium-io/raydium-amm, program/src/processor.rs AUTHORITY_AMM).
    ['5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', 'Raydium AMM v4 authority'],
  ].map(([address, label]) => [fromBase58Address(address as string), label as string] as const),
)

/** The name of a known authority, or null. */
export function getKnownAuthority(key: AccountKey): string | null {
  return KNOWN_AUTHORITIES.get(key) ?? null
}

/** Every known authority (for the look-alike check). */
export function getKnownAuthorityKeys(): Iterable<AccountKey> {
  return KNOWN_AUTHORITIES.keys()
}
