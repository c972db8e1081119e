/**
 * The MEV score of a swap (0–1) and its level, from what makes a sandwich possible and profitable:
 * how much slippage the swap accepts (the attacker's margin), how large it is against the pool's
 * reserve (price impact to extract), how often this pool was sandwiched recently, and how often the
 * leaders about to produce blocks sandwich. Protection scales the score down: a `jitodontfront`
 * account (the Jito block engine refuses bundles that front-run it) or a bundle tip (sent as a
 * bundle, not through a public path). docs/detection.md#the-mev-vector states the same weights.
 */
import type { MevLevel } from '../../contract/simulate-response.js'

export interface MevInputs {
  /** Worst-case slippage the swap accepts (bps); null: unknown. */
  slippageBps: number | null
  /** The swap's input as a share of the pool's input-side reserve; null: unknown. */
  tradeShareOfPool: number | null
  /** Sandwiches seen on the same pool in the recent stream. */
  poolSandwiches: number
  /** The highest sandwich rate (0–1) among the next leaders; null: unknown (the network average counts). */
  leaderSandwichRate: number | null
  protection: 'jitodontfront' | 'bundle_tip' | null
}

export const MEV_WEIGHTS = { slippage: 0.45, size: 0.15, poolActivity: 0.2, leader: 0.2 } as const
/** Where each input saturates: 3 % tolerance, 2 % of the reserve, 3 recent sandwiches, a 30 % leader rate. */
export const MEV_SATURATION = { slippageBps: 300, tradeShare: 0.02, poolSandwiches: 3, leaderRate: 0.3 } as const
export const MEV_PROTECTION_FACTOR = { jitodontfront: 0.3, bundle_tip: 0.5 } as const
/** What an unknown slippage or size counts as: half its range (not knowing is not safety). */
const UNKNOWN_INPUT = 0.5
/**
 * The sandwich rate of a leader nobody has measured: the network's slot-weighted average over
 * slots 356,832,000–362,880,000 (FixedLocally/sandwich-finder's filtered report, "Weighted avg Sc_p").
 */
export const NETWORK_LEADER_SANDWICH_RATE = 0.00888

/**
 * A swap accepting this much slippage or more (a minimum output of half the quote, or none at all)
 * lets a sandwich take most of the trade, whatever the pool or the leader: it scores at least
 * UNBOUNDED_TOLERANCE_FLOOR, the start of `high`. The weighted sum alone tops out at 0.45 + the rest.
 */
export const UNBOUNDED_TOLERANCE_BPS = 5_000
export const UNBOUNDED_TOLERANCE_FLOOR = 0.5

const part = (value: number | null, saturation: number) => (value === null ? UNKNOWN_INPUT : Math.min(1, Math.max(0, value / saturation)))

/** The score, rounded to three decimals. */
export function getMevScore(inputs: MevInputs): number {
  const raw =
    MEV_WEIGHTS.slippage * part(inputs.slippageBps, MEV_SATURATION.slippageBps) +
    MEV_WEIGHTS.size * part(inputs.tradeShareOfPool, MEV_SATURATION.tradeShare) +
    MEV_WEIGHTS.poolActivity * part(inputs.poolSandwiches, MEV_SATURATION.poolSandwiches) +
    MEV_WEIGHTS.leader * part(inputs.leaderSandwichRate ?? NETWORK_LEADER_SANDWICH_RATE, MEV_SATURATION.leaderRate)
  const factor = inputs.protection === null ? 1 : MEV_PROTECTION_FACTOR[inputs.protection]
  let score = raw * factor
  // Protection routes around one searcher market, not around a trade that accepts any output.
  if (inputs.slippageBps !== null && inputs.slippageBps >= UNBOUNDED_TOLERANCE_BPS) score = Math.max(score, UNBOUNDED_TOLERANCE_FLOOR)
  return Math.round(score * 1000) / 1000
}

/** The `mev_level` of a score. */
export function getMevLevel(score: number): MevLevel {
  if (score < 0.05) return 'none'
  if (score < 0.25) return 'low'
  if (score < 0.5) return 'medium'
  if (score < 0.75) return 'high'
  return 'critical'
}

/**
 * What an attacker can do: sandwich when the tolerance leaves a margin (over 30 bps); with a tight
 * tolerance only a back-run (arbitrage after the swap), or just-in-time liquidity on a
 * concentrated-liquidity pool when the swap is large against it.
 */
export function getMevType(inputs: MevInputs, concentratedPool: boolean): string | null {
  if (inputs.slippageBps === null || inputs.slippageBps > 30) return 'sandwich'
  if (concentratedPool && inputs.tradeShareOfPool !== null && inputs.tradeShareOfPool >= 0.01) return 'jit'
  return 'backrun_only'
}
