/**
 * The `priority_fee` vector: where the transaction's own compute-unit price stands among the
 * prices that recently landed writing the same accounts (the geyser window, or the RPC sampler),
 * whether that is competitive (at or above the median), and, when it is not, the price to set.
 */
import { getPriorityFeeRecommendation } from '../fees/priority-fee-recommendation.js'
import type { LandingEstimate, Recommendation } from '../../contract/simulate-response.js'
import type { VectorContext } from './vector-context.js'
import { defineDetectionVector } from './detection-vector.js'

export interface PriorityFeeFindings {
  landingEstimate: LandingEstimate
  recommendation: Recommendation | null
}

/** The percentile bucket of `price` among the window's percentiles. */
export function getFeePercentileBucket(
  price: number,
  fees: { low: number; medium: number; high: number; very_high: number; samples: number },
): string {
  if (fees.samples === 0) return 'no_samples'
  if (price < fees.low) return 'below_p25'
  if (price < fees.medium) return 'p25_p50'
  if (price < fees.high) return 'p50_p75'
  if (price < fees.very_high) return 'p75_p95'
  return 'above_p95'
}

/** Runs the vector (synchronous: the percentiles are already in memory). */
export function runPriorityFeeVector(context: VectorContext): PriorityFeeFindings {
  const { fees, source } = context.priorityFees
  const price = context.budget.unitPriceMicroLamports
  const priceNumber = Number(price)
  return {
    landingEstimate: {
      fee_percentile_bucket: getFeePercentileBucket(priceNumber, fees),
      compute_unit_price_micro_lamports: priceNumber,
      competitive: fees.samples === 0 || priceNumber >= fees.medium,
    },
    recommendation: getPriorityFeeRecommendation(price, fees, source),
  }
}

/** The `priority_fee` vector (registry entry): its percentiles arrive in the VectorContext (recorded with the simulation). */
export const priorityFeeVector = defineDetectionVector({
  name: 'priority_fee',
  reads: [],
  bind: () => runPriorityFeeVector,
  contribute(findings, draft) {
    if (findings.recommendation) draft.recommendations.push(findings.recommendation)
    draft.landingEstimate = findings.landingEstimate
  },
})
