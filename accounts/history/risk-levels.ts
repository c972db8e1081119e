/** Whether a value is one of the risk levels history filters on (accounts/contract/history.ts). */
import { RISK_LEVELS, type HistoryRiskLevel } from '../contract/history.js'

/** Whether `value` is one of the risk levels. */
export function isRiskLevel(value: unknown): value is HistoryRiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value)
}
