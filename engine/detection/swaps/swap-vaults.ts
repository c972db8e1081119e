/**
 * The pool vaults on each side of a decoded swap. Most venues name them in input/output order;
 * Raydium AMM v4 and Meteora DLMM name them in the pool's order only, so the side is found by
 * matching the user's token account mint with the vaults' mints (a token account starts with its
 * mint: SPL Token and Token-2022 share that layout).
 */
import { isSameKey } from './instruction-bytes.js'
import type { DecodedSwap } from './swap-types.js'

/** Reads an account's data from wherever the caller keeps it (the engine's cache); undefined when not held. */
export type AccountDataReader = (key: Uint8Array) => Uint8Array | undefined

export interface SwapVaults {
  vaultIn: Uint8Array
  vaultOut: Uint8Array
}

/** Bytes of a token account that must be present to read its mint (0..32) and amount (64..72). */
export const TOKEN_ACCOUNT_MIN_BYTES = 72

function getTokenMint(key: Uint8Array | null, getAccountData: AccountDataReader): Uint8Array | null {
  if (key === null) return null
  const data = getAccountData(key)
  return data !== undefined && data.length >= TOKEN_ACCOUNT_MIN_BYTES ? data.subarray(0, 32) : null
}

/** The vault receiving the input and the one paying the output; null when the accounts needed are not available. */
export function getSwapVaults(swap: DecodedSwap, getAccountData: AccountDataReader): SwapVaults | null {
  if (swap.vaultIn !== null && swap.vaultOut !== null) return { vaultIn: swap.vaultIn, vaultOut: swap.vaultOut }
  if (swap.poolVaults === null) return null
  const [first, second] = swap.poolVaults
  if (first === null || second === null) return null
  const firstMint = getTokenMint(first, getAccountData)
  if (firstMint === null) return null
  const sourceMint = getTokenMint(swap.userSource, getAccountData)
  if (sourceMint !== null) {
    if (isSameKey(sourceMint, firstMint)) return { vaultIn: first, vaultOut: second }
    const secondMint = getTokenMint(second, getAccountData)
    return secondMint !== null && isSameKey(sourceMint, secondMint) ? { vaultIn: second, vaultOut: first } : null
  }
  const destinationMint = getTokenMint(swap.userDestination, getAccountData)
  if (destinationMint === null) return null
  if (isSameKey(destinationMint, firstMint)) return { vaultIn: second, vaultOut: first }
  const secondMint = getTokenMint(second, getAccountData)
  return secondMint !== null && isSameKey(destinationMint, secondMint) ? { vaultIn: first, vaultOut: second } : null
}
