/**
 * Top-holder concentration (`top_holder_concentration` of docs/detection.md#the-rug-vector): the
 * share of a mint's supply held by its ten largest holders that could sell. Excluded first:
 * - pools: vaults of pools the index found, token accounts owned by a pool program's authority
 *   or by a pool account (holder-owner-kinds.ts). A pool's vault is the liquidity a seller sells
 *   into, not a holder who can dump;
 * - burn addresses (incinerator, all-zero key): nobody can move those tokens.
 * Locked tokens (a known locker) still count: vesting unlocks them later.
 * The supply is the mint's own (burned-by-instruction tokens are already out of it). Only the 20
 * largest accounts are known (getTokenLargestAccounts), so when more than ten of them are excluded
 * the share counts fewer than ten holders: a lower bound in that rare case.
 */
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { getLargestHolders, type LargestHolders } from './holder-largest.js'
import { getHolderKind, type HolderKind } from './holder-owner-kinds.js'

const TOP_HOLDERS = 10

export interface CountedHolder {
  account: string
  owner: string
  amount: bigint
}

export interface ExcludedHolder extends CountedHolder {
  kind: Exclude<HolderKind, 'holder' | 'locker'>
  /** The venue, when known (e.g. `raydium_amm_v4`). */
  name: string | null
}

export interface HolderConcentration {
  mint: string
  supply: bigint
  decimals: number
  /** Share of the supply (0..1) held by `topHolders`; 0 for a zero supply. */
  topHolderConcentration: number
  /** The (at most ten) largest holders counted, largest first. */
  topHolders: CountedHolder[]
  /** Accounts among the 20 largest left out, and why. */
  excluded: ExcludedHolder[]
  slot: number
}

/** Concentration from already-read holders; `poolVaults` (token-account addresses) are excluded as pools. */
export function toHolderConcentration(largest: LargestHolders, poolVaults: ReadonlySet<string> = new Set()): HolderConcentration {
  const topHolders: CountedHolder[] = []
  const excluded: ExcludedHolder[] = []
  for (const holder of largest.holders) {
    const { kind, name } = getHolderKind(holder, poolVaults)
    const counted = { account: holder.account, owner: holder.owner, amount: holder.amount }
    if (kind === 'pool' || kind === 'burn') excluded.push({ ...counted, kind, name })
    else if (topHolders.length < TOP_HOLDERS) topHolders.push(counted)
  }
  const held = topHolders.reduce((sum, holder) => sum + holder.amount, 0n)
  return {
    mint: largest.mint,
    supply: largest.supply,
    decimals: largest.decimals,
    topHolderConcentration: toShare(held, largest.supply),
    topHolders,
    excluded,
    slot: largest.slot,
  }
}

/** Reads the largest holders of `mint` and computes its concentration. */
export async function getHolderConcentration(
  rpc: JsonRpcClient,
  mint: string,
  options: { signal?: AbortSignal; poolVaults?: ReadonlySet<string> } = {},
): Promise<HolderConcentration> {
  return toHolderConcentration(await getLargestHolders(rpc, mint, options.signal), options.poolVaults)
}

/** part / whole as a number in 0..1 (0 when whole is 0), exact for the small ratios tests use. */
export function toShare(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0
  if (part >= whole) return 1
  return Number(part) / Number(whole)
}
