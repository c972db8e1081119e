/**
 * Turns what the vectors found into the response's `risk`, its overall `risk_level` (the highest
 * any vector reported: docs/detection.md#risk-levels), `recommendations`, `slippage` and
 * `landing_estimate`: each registered vector contributes its part (vector-registry.ts), in the
 * registry's order. A vector that did not run leaves its fields at their neutral values.
 */
import type { LandingEstimate, Recommendation, Risk, SignerSummary, Slippage } from '../../contract/simulate-response.js'
import type { FindingsDraft } from './detection-vector.js'
import { getHighestRiskLevel } from './risk-level.js'
import type { Detection } from './run-detection.js'
import { DETECTION_VECTORS } from './vector-registry.js'

export interface AssembledFindings {
  risk: Risk
  recommendations: Recommendation[]
  slippage: Slippage | null
  landingEstimate: LandingEstimate | null
  summary: SignerSummary[]
}

/** Assembles the response fields of a detection. */
export function assembleFindings(detection: Detection): AssembledFindings {
  const draft: FindingsDraft = {
    levels: [],
    recommendations: [],
    risk: {
      mev_score: 0,
      mev_level: 'none',
      mev_type: null,
      blacklist_entries: [],
      dex_programs: [],
      token_risk: null,
      token_risks: [],
      findings: [],
      mev_factors: null,
      known_bots: [],
    },
    slippage: null,
    landingEstimate: null,
    summary: [],
  }
  const results = detection.results as Record<string, unknown>
  for (const vector of DETECTION_VECTORS) {
    const findings = results[vector.name]
    // Each vector's findings are its own type; the registry pairs them by name.
    if (findings !== undefined) vector.contribute(findings as never, draft)
  }
  const { risk } = draft
  return {
    risk: {
      mev_score: risk.mev_score,
      mev_level: risk.mev_level,
      mev_type: risk.mev_type,
      has_blacklisted_program: risk.blacklist_entries.length > 0,
      blacklisted_programs: risk.blacklist_entries.map((entry) => entry.program_id),
      blacklist_entries: risk.blacklist_entries,
      dex_programs: risk.dex_programs,
      token_risk: risk.token_risk,
      token_risks: risk.token_risks,
      findings: risk.findings,
      mev_factors: risk.mev_factors,
      known_bots: risk.known_bots,
      risk_level: getHighestRiskLevel(draft.levels),
    },
    recommendations: draft.recommendations,
    slippage: draft.slippage,
    landingEstimate: draft.landingEstimate,
    summary: draft.summary,
  }
}
