/**
 * Turns what the vectors found into the response's `risk`, its overall `risk_level` (the highest
 * any vector reported: docs/detection.md#risk-levels), `recommendations`, `slippage` and
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
  const { program, priority_fee: priorityFee, simulation, rug, slippage, mev } = detection.results
  const levels: RiskLevel[] = []
  const recommendations: Recommendation[] = []
  if (simulation) {
    levels.push(simulation.riskLevel)
    recommendations.push(...simulation.recommendations)
  }
  if (program) levels.push(program.riskLevel)
  if (rug) levels.push(rug.riskLevel)
  if (slippage) {
    levels.push(slippage.riskLevel)
    // A named missing account says more than the simulation's generic advice.
    if (slippage.recommendations.some((advice) => advice.code === 'create_missing_account')) {
      const generic = recommendations.findIndex((advice) => advice.code === 'create_missing_account' && advice.account === undefined)
      if (generic !== -1) recommendations.splice(generic, 1)
    }
    recommendations.push(...slippage.recommendations)
  }
  if (mev) {
    levels.push(mev.riskLevel)
    recommendations.push(...mev.recommendations)
  }
  if (priorityFee?.recommendation) recommendations.push(priorityFee.recommendation)
  const blacklisted = program?.blacklisted ?? []
  return {
    risk: {
      mev_score: mev?.score ?? 0,
      mev_level: mev?.level ?? 'none',
      mev_type: mev?.type ?? null,
      has_blacklisted_program: blacklisted.length > 0,
      blacklisted_programs: blacklisted.map((entry) => entry.program_id),
      blacklist_entries: blacklisted,
      dex_programs: program?.dexPrograms ?? [],
      token_risk: rug?.tokenRisks[0] ?? null,
      token_risks: rug?.tokenRisks ?? [],
      findings: program?.findings ?? [],
      mev_factors: mev?.factors ?? null,
      known_bots: mev?.knownBots ?? [],
      risk_level: getHighestRiskLevel(levels),
    },
    recommendations,
    slippage: slippage?.slippage ?? null,
    landingEstimate: priorityFee?.landingEstimate ?? null,
  }
}
