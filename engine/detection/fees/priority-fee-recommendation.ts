/**
 * The fee advice of issue 5: a transaction paying less per compute unit than the median of the
 * transactions that recently landed writing its accounts is told the price that beat three in
 * four of them.
 */
import type { PriorityFees, Recommendation } from '../../contract/simulate-response.js'

/**
 * `set_compute_unit_price` naming the `high` (75th percentile) price when `ownPriceMicroLamports`
 * is below the `medium`; null otherwise, or when there were no samples.
 */
export function getPriorityFeeRecommendation(
  ownPriceMicroLamports: bigint | number,
  fees: Readonly<PriorityFees>,
  source?: 'accounts' | 'global' | 'rpc',
): Recommendation | null {
  if (fees.samples === 0 || ownPriceMicroLamports >= fees.medium) return null
  // The RPC fallback's samples are slots (each slot's lowest landed price), not transactions.
  const peers =
    source === 'accounts'
      ? 'recently landed transactions writing the same accounts'
      : source === 'rpc'
        ? 'recent slots (getRecentPrioritizationFees)'
        : 'recently landed transactions'
  return {
    code: 'set_compute_unit_price',
    compute_unit_price_micro_lamports: fees.high,
    priority_level: 'high',
    message:
      `The compute unit price of ${ownPriceMicroLamports} micro-lamports is below the median of ${fees.medium} ` +
      `paid by ${fees.samples} ${peers}; set it to ${fees.high} (the 75th percentile) to land sooner.`,
  }
}
