/**
 * Turns what the vectors found into the response's `risk` (SPEC 2.8), its overall `risk_level`
 * (the highest any vector reported, SPEC 2.10), `recommendations`, `slippage` and
 * `landing_estimate`. A vector that did not run contributes its neutral value.
 */
import type { LandingEstimate, Recommendation, Risk, RiskLevel, Slippage } from '../simulate/simulate-types.js'
import { getHighestRiskLevel } from './risk-level.js'
import type { Detection } from './run-detection.js'

export interface AssembledFindings {
  risk: Risk
  recommendations: Recommendation[]
  slippage: Slippage | null
  landingEstimate: LandingEstimate | null
}

/** Assembles the response fields of a detection. */
export function assembleFindings(detection: Detection): AssembledFindings {
  const { program, priority_fee: priorityFee, simulation, rug } = detection.results
  const levels: RiskLevel[] = []
  const recommendations: Recommendation[] = []
  if (simulation) {
    levels.push(simulation.riskLevel)
    recommendations.push(...simulation.recommendations)
  }
  if (program) levels.push(program.riskLevel)
  if (rug) levels.push(rug.riskLevel)
  if (priorityFee?.recommendation) recommendations.push(priorityFee.recommendation)
  const blacklisted = program?.blacklisted ?? []
  return {
    risk: {
      mev_score: 0,
      mev_level: 'none',
      mev_type: null,
      has_blacklisted_program: blacklisted.length > 0,
      blacklisted_programs: blacklisted.map((entry) => entry.program_id),
      blacklist_entries: blacklisted,
      dex_programs: program?.dexPrograms ?? [],
      token_risk: rug?.tokenRisks[0] ?? null,
      token_risks: rug?.tokenRisks ?? [],
      findings: program?.findings ?? [],
      mev_factors: null,
      known_bots: [],
      risk_level: getHighestRiskLevel(levels),
    },
    recommendations,
    slippage: null,
    landingEstimate: priorityFee?.landingEstimate ?? null,
  }
}
