/**
 * Runs the selected detection vectors over one simulated transaction. Each vector answers
 * synchronously when what it needs is in memory (the warm path) and with a promise only when it
 * must load something; those are awaited together until the request's deadline
 * (settle-vectors.ts), so a slow vector is reported in `timed_out_vectors` and never holds the
 * others back.
 */
import type { Logger } from '../../lib/logger.js'
import type { Recommendation, RiskLevel, Vector } from '../simulate/simulate-types.js'
import { toAccountKey } from '../state/account-key.js'
import { runMevVector, type MevFindings, type MevVectorDependencies } from './mev-vector.js'
import { runPriorityFeeVector, type PriorityFeeFindings } from './priority-fee-vector.js'
import { runProgramVector, type ProgramFindings, type ProgramVectorDependencies } from './program-vector.js'
import { getReceivedMints } from './received-mints.js'
import { runRugVector, type RugFindings, type RugVectorDependencies } from './rug-vector.js'
import { runSlippageVector, type SlippageFindings } from './slippage-vector.js'
import { getSwapAnalysis } from './swap-analysis.js'
import { settleVectors, type Pending } from './settle-vectors.js'
import { getSimulationRecommendations, getSimulationRiskLevel } from './simulation-vector.js'
import type { VectorContext } from './vector-context.js'

export interface VectorDependencies {
  program: ProgramVectorDependencies
  rug: RugVectorDependencies
  mev: MevVectorDependencies
  logger?: Logger
}

export interface SimulationVectorFindings {
  riskLevel: RiskLevel
  recommendations: Recommendation[]
}

/** What each vector that ran found. */
export interface VectorResults {
  program: ProgramFindings
  priority_fee: PriorityFeeFindings
  simulation: SimulationVectorFindings
  rug: RugFindings
  slippage: SlippageFindings
  mev: MevFindings
}

export interface Detection {
  results: Partial<VectorResults>
  timedOut: Vector[]
}

function runSimulationVector(context: VectorContext): SimulationVectorFindings {
  return {
    riskLevel: getSimulationRiskLevel(context),
    recommendations: getSimulationRecommendations({
      success: context.success,
      failure: context.failure,
      computeUnits: context.computeUnits,
      suggestedComputeLimit: context.suggestedComputeLimit,
      requestedComputeLimit: context.budget.unitLimit,
      effectiveComputeLimit: context.fee.computeUnitLimit,
    }),
  }
}

/** Runs `vectors` over `context`; a promise only when some vector had to wait for data. */
export function runDetection(context: VectorContext, vectors: readonly Vector[], deps: VectorDependencies): Detection | Promise<Detection> {
  const pending: Pending<VectorResults> = {}
  if (vectors.includes('simulation')) pending.simulation = runSimulationVector(context)
  if (vectors.includes('program')) pending.program = runProgramVector(context, deps.program)
  if (vectors.includes('priority_fee')) pending.priority_fee = runPriorityFeeVector(context)
  if (vectors.includes('slippage')) pending.slippage = runSlippageVector(context)
  if (vectors.includes('mev')) pending.mev = runMevVector(context, deps.mev)
  if (vectors.includes('rug')) {
    // A swap the simulation could not run still names the mint it would pay out.
    const analysis = getSwapAnalysis(context)
    const outputMints = [analysis.outputMint, ...analysis.swaps.map((swap) => (swap.outputMint ? toAccountKey(swap.outputMint) : null))]
    pending.rug = runRugVector(context, deps.rug, getReceivedMints(context, outputMints))
  }
  const settled = settleVectors(pending, context.deadline, deps.logger)
  if (settled instanceof Promise) return settled.then(({ values, timedOut }) => ({ results: values, timedOut }))
  return { results: settled.values, timedOut: settled.timedOut }
}
