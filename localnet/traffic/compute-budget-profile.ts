/**
 * The compute-budget instructions a traffic transaction carries, drawn from a skewed distribution
 * shaped like mainnet non-vote traffic (a rough shape, not a measurement):
 *
 * | share | ComputeBudget instructions | price (micro-lamports per CU) |
 * |---|---|---|
 * | 20 % | none at all (price 0, default limit) | — |
 * | 30 % | limit + price | 0 |
 * | 28 % | limit + price, "low" | 1 – 10,000, log-uniform |
 * | 15 % | limit + price, "medium" | 10,000 – 200,000, log-uniform |
 * | 7 % | limit + price, "high" tail | 200,000 – 5,000,000, log-uniform |
 *
 * So half the transactions pay no priority fee, and the percentiles p50 < p75 < p95 are distinct.
 * The limit is the kind's measured need times 1.1–3, rounded up to 50 CU, as clients that
 * simulate then pad do. Priority fee = price × limit / 1e6 lamports, so with limits this tight
 * even the high tail stays cheap (5,000,000 µL × 1,350 CU ≈ 6,750 lamports) and a long run does
 * not drain the wallets.
 */
import type { SeededRandom } from './seeded-random.js'

export type PriceTier = 'none' | 'zero' | 'low' | 'medium' | 'high'

export type ComputeBudgetChoice = {
  readonly tier: PriceTier
  /** null: the transaction carries no ComputeBudget instruction. */
  readonly computeUnitLimit: number | null
  /** 0 when absent (that is what the runtime charges). */
  readonly priceMicroLamports: bigint
}

/** Cumulative shares of the tiers, in the order of the table above. */
const TIERS: ReadonlyArray<{ tier: PriceTier; upTo: number; min: bigint; max: bigint }> = [
  { tier: 'none', upTo: 0.2, min: 0n, max: 0n },
  { tier: 'zero', upTo: 0.5, min: 0n, max: 0n },
  { tier: 'low', upTo: 0.78, min: 1n, max: 10_000n },
  { tier: 'medium', upTo: 0.93, min: 10_000n, max: 200_000n },
  { tier: 'high', upTo: 1, min: 200_000n, max: 5_000_000n },
]

/** Draws the compute-budget instructions for a transaction that needs about `unitsNeeded` CU. */
export function pickComputeBudget(random: SeededRandom, unitsNeeded: number): ComputeBudgetChoice {
  const roll = random.next()
  const entry = TIERS.find((candidate) => roll < candidate.upTo) ?? TIERS[TIERS.length - 1]!
  const padding = 1.1 + random.next() * 1.9
  if (entry.tier === 'none') return { tier: 'none', computeUnitLimit: null, priceMicroLamports: 0n }
  const computeUnitLimit = Math.ceil((unitsNeeded * padding) / 50) * 50
  const priceMicroLamports = entry.max === 0n ? 0n : random.logUniform(entry.min, entry.max)
  return { tier: entry.tier, computeUnitLimit, priceMicroLamports }
}
