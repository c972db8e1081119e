/**
 * The risk levels (docs/detection.md#risk-levels) and their order: safe < low < medium < high <
 * critical. Each vector reports the level of what it found; the response's `risk_level` is the
 * highest of them.
 */
import type { MevLevel } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'

const RISK_ORDER: readonly RiskLevel[] = ['safe', 'low', 'medium', 'high', 'critical']

/** The highest of several risk levels (`safe` for none). */
export function getHighestRiskLevel(levels: readonly RiskLevel[]): RiskLevel {
  let highest = 0
  for (const level of levels) highest = Math.max(highest, RISK_ORDER.indexOf(level))
  return RISK_ORDER[highest] as RiskLevel
}

/** High MEV risk is high; moderate MEV exposure medium; minor exposure low. */
export function getMevRiskLevel(level: MevLevel): RiskLevel {
  switch (level) {
    case 'critical':
    case 'high':
      return 'high'
    case 'medium':
      return 'medium'
    case 'low':
      return 'low'
    case 'none':
      return 'safe'
  }
}
