/**
 * The risk levels history filters on (the engine's verdict levels; the user service keeps its
 * own list, as it runs without the engine — test/accounts/history-risk-levels.test.ts keeps the
 * two identical).
 */

/** Least to most severe: the order `risk_distribution` lists them in. */
export const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const

export type HistoryRiskLevel = (typeof RISK_LEVELS)[number]

/** Whether `value` is one of the risk levels. */
export function isRiskLevel(value: unknown): value is HistoryRiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value)
}
