/**
 * The tip floor as the API answers it (TipFloor): the window's percentiles of the tips landed, the
 * floor the lint holds a tip to — p25 of what landed, and never under the relay's minimum, since a
 * tip below what most bundles pay loses the auction — and the tip accounts they were counted on.
 */
import { MIN_TIP_LAMPORTS, type TipFloor } from '../../contract/tips-response.js'

export interface TipPercentiles {
  slots: number
  sample_count: number
  p25: number | null
  p50: number | null
  p75: number | null
  p95: number | null
  p99: number | null
}

export function toTipFloor(percentiles: TipPercentiles, tipAccounts: readonly string[]): TipFloor {
  return {
    ...percentiles,
    floor_lamports: Math.max(MIN_TIP_LAMPORTS, percentiles.p25 ?? 0),
    tip_accounts: [...tipAccounts],
  }
}
