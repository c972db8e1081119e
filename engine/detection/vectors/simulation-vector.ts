/**
 * The `simulation` vector: what the simulation outcome says about risk (a terminal failure is high
 * risk, any other failure a medium "simulation warning": docs/detection.md), and what to do about
 * it (fix the failure, or set a compute-unit limit that fits). The price advice is the priority_fee
 * vector's.
 */
import type { Failure, FailureCode } from '../../hot-path/svm/failure.js'
import type { Recommendation } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import { defineDetectionVector } from './detection-vector.js'

export interface SimulationFindings {
  success: boolean
  failure: Failure | null
  computeUnits: number | null
  suggestedComputeLimit: number | null
  /** The limit the transaction asked for with SetComputeUnitLimit, if it did. */
  requestedComputeLimit: number | undefined
  /** The limit the runtime applies: the requested one, or its default for these instructions. */
  effectiveComputeLimit: number
}

/** Compute units of headroom below which a tighter limit is not worth recommending. */
const MIN_LIMIT_SAVING = 10_000

const FAILURE_ADVICE: Record<FailureCode, Recommendation> = {
  insufficient_sol: { code: 'fund_fee_payer', message: 'Add SOL to the paying account, or lower the amount sent.' },
  insufficient_token_balance: {
    code: 'reduce_token_amount',
    message: 'The sender holds fewer tokens than the transfer or swap needs; lower the amount.',
  },
  account_not_found: {
    code: 'create_missing_account',
    message: 'Create the missing account first (for tokens, the associated token account), then retry.',
  },
  blockhash_expired: {
    code: 'refresh_blockhash',
    message: 'Fetch a fresh blockhash (getLatestBlockhash), rebuild and re-sign the transaction.',
  },
  program_error: {
    code: 'review_program_error',
    message: 'A program rejected the transaction; see failure_reason and logs before sending.',
  },
}

/** Risk level of the simulation outcome alone. */
export function getSimulationRiskLevel(findings: Pick<SimulationFindings, 'success' | 'failure'>): RiskLevel {
  if (findings.success) return 'safe'
  return findings.failure?.isTerminal ? 'high' : 'medium'
}

/** Recommendations drawn from the simulation: fix the failure, or tune the compute-unit limit. */
export function getSimulationRecommendations(findings: SimulationFindings): Recommendation[] {
  if (!findings.success) return findings.failure ? [FAILURE_ADVICE[findings.failure.code]] : []
  const out: Recommendation[] = []
  const suggested = findings.suggestedComputeLimit
  const requested = findings.requestedComputeLimit
  // Worth saying only when the limit is far above the need: the priority fee is paid on the limit.
  if (
    suggested !== null &&
    findings.effectiveComputeLimit > 2 * suggested &&
    findings.effectiveComputeLimit - suggested >= MIN_LIMIT_SAVING
  ) {
    out.push({
      code: 'set_compute_unit_limit',
      compute_unit_limit: suggested,
      message: `Set the compute unit limit to ${suggested} (the transaction uses ${findings.computeUnits}); a tighter limit lowers the priority fee and improves scheduling.`,
    })
  }
  if (requested !== undefined && suggested !== null && findings.computeUnits !== null && requested < findings.computeUnits) {
    out.push({
      code: 'raise_compute_unit_limit',
      compute_unit_limit: suggested,
      message: `The limit ${requested} is below the ${findings.computeUnits} units used; set it to ${suggested}.`,
    })
  }
  return out
}

/** What the `simulation` vector reports: its risk level and its advice. */
export interface SimulationVectorFindings {
  riskLevel: RiskLevel
  recommendations: Recommendation[]
}

/** The `simulation` vector (registry entry): reads nothing beyond the simulation itself. */
export const simulationVector = defineDetectionVector({
  name: 'simulation',
  reads: [],
  bind:
    () =>
    (context): SimulationVectorFindings => ({
      riskLevel: getSimulationRiskLevel(context),
      recommendations: getSimulationRecommendations({
        success: context.success,
        failure: context.failure,
        computeUnits: context.computeUnits,
        suggestedComputeLimit: context.suggestedComputeLimit,
        requestedComputeLimit: context.budget.unitLimit,
        effectiveComputeLimit: context.fee.computeUnitLimit,
      }),
    }),
  contribute(findings, draft) {
    draft.levels.push(findings.riskLevel)
    draft.recommendations.push(...findings.recommendations)
  },
})
