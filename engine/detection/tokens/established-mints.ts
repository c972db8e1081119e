/**
 * Mints whose authorities are held by their issuers on purpose: stablecoins whose issuers must be
 * able to mint, burn and freeze (Circle's USDC, Tether's USDT, PayPal's PYUSD) and liquid-staking
 * tokens minted by their stake-pool programs. Their authority flags are still reported, but they
 * are not rug-pull indicators and do not raise the token's risk above low. Kept short on purpose:
 * an entry here silences warnings, so it needs an issuer a user can hold accountable.
 */
import { fromBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'

export const ESTABLISHED_MINTS: ReadonlyMap<AccountKey, string> = new Map(
  [
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC (Circle)'],
    ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT (Tether)'],
    ['2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', 'PYUSD (Paxos for PayPal)'],
    ['So11111111111111111111111111111111111111112', 'wrapped SOL'],
    ['mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', 'mSOL (Marinade stake pool)'],
    ['J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', 'JitoSOL (Jito stake pool)'],
    ['bSo13r4TkiE4KumL71LsHTPpL2euBYLFx6h9HP3piy1', 'bSOL (BlazeStake pool)'],
  ].map(([mint, issuer]) => [fromBase58Address(mint as string), issuer as string] as const),
)
