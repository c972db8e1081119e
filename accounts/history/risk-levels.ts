/** The risk levels (docs/detection.md#risk-levels), the only values history filters on. */
import type { RiskLevel } from '../../engine/simulate/simulate-types.js'

/** Least to most severe: the order `risk_distribution` lists them in. */
export const RISK_LEVELS: readonly RiskLevel[] = ['safe', 'low', 'medium', 'high', 'critical']

/** Whether `value` is one of the risk levels. */
export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value)
}
