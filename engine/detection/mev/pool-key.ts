/**
 * A pool's identity for MEV bookkeeping: its two vaults (the token accounts that pay and receive
 * a swap), raw keys ordered and joined. Two pools that share one authority (Raydium AMM v4 owns
 * every pool's vaults with one PDA) stay apart, and no venue needs to be known.
 */
import type { AccountKey } from '../../hot-path/state/account-key.js'

export type PoolKey = string & { readonly __poolKey: unique symbol }

/**
 * Which vault paid the trader, by the pool key's order: 0 the first vault, 1 the second. Two
 * swaps on one pool with the same side bought the same token.
 */
export type PoolSide = 0 | 1

/** wSOL's mint; native SOL a trader pays or receives is reported under it too. */
export const SOL_MINT = 'So11111111111111111111111111111111111111112'

/** The key of the pool whose vaults are `a` and `b` (in either order). */
export function toPoolKey(a: AccountKey, b: AccountKey): PoolKey {
  return (a < b ? a + b : b + a) as PoolKey
}

/** The side of a swap paid from `outVault` on the pool of `outVault` and `inVault`. */
export function getPoolSide(outVault: AccountKey, inVault: AccountKey): PoolSide {
  return outVault < inVault ? 0 : 1
}

/** The two vault keys of a pool key, in key order. */
export function getPoolVaults(pool: PoolKey): [AccountKey, AccountKey] {
  return [pool.slice(0, 32) as AccountKey, pool.slice(32, 64) as AccountKey]
}
