/**
 * Turns findings into SPEC's risk level and verdict. Without a policy the defaults of SPEC 2.13
 * apply: a failed simulation blocks (require_simulation_pass), risk above `high` blocks
 * (max_risk_level), and any risk from medium upward warns.
 */
import type { Decision, RiskLevel } from './simulate-types.js'

const RISK_ORDER: readonly RiskLevel[] = ['safe', 'low', 'medium', 'high', 'critical']

/** The highest of several risk levels. */
export function getHighestRiskLevel(levels: readonly RiskLevel[]): RiskLevel {
  let highest = 0
  for (const level of levels) highest = Math.max(highest, RISK_ORDER.indexOf(level))
  return RISK_ORDER[highest] as RiskLevel
}

/** The verdict under the default policy. */
export function getDecision(input: { simulationCounts: boolean; success: boolean; riskLevel: RiskLevel }): Decision {
  if (input.simulationCounts && !input.success) return 'block'
  const rank = RISK_ORDER.indexOf(input.riskLevel)
  if (rank > RISK_ORDER.indexOf('high')) return 'block'
  if (rank >= RISK_ORDER.indexOf('medium')) return 'warn'
  return 'approve'
}

/** Compute units plus a 10 % margin, rounded up to a thousand, within the runtime's 1.4M cap. */
export function getSuggestedComputeLimit(computeUnits: number): number {
  return Math.min(1_400_000, Math.max(1_000, Math.ceil((computeUnits * 1.1) / 1_000) * 1_000))
}
