import t from 'tap'
import { getSimulationRecommendations, getSimulationRiskLevel, type SimulationFindings } from '../../../engine/vectors/simulation-vector.js'
import { createFailure } from '../../../engine/simulate/failure.js'
import { getDecision, getHighestRiskLevel, getSuggestedComputeLimit } from '../../../engine/simulate/decide.js'

const base: SimulationFindings = {
  success: true,
  failure: null,
  computeUnits: 41_340,
  suggestedComputeLimit: getSuggestedComputeLimit(41_340),
  requestedComputeLimit: undefined,
  effectiveComputeLimit: 200_000,
  computeUnitPriceMicroLamports: 0n,
  priorityFees: { fees: { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }, source: 'rpc' },
}
const codes = (findings: SimulationFindings) => getSimulationRecommendations(findings).map((r) => r.code)

t.test('suggested limit: +10 %, rounded up to a thousand, within the runtime cap', async (t) => {
  t.equal(getSuggestedComputeLimit(150), 1_000)
  t.equal(getSuggestedComputeLimit(41_340), 46_000)
  t.equal(getSuggestedComputeLimit(1_399_000), 1_400_000)
})

t.test('a far-too-high limit is worth tightening; a small transfer is not', async (t) => {
  t.same(codes(base), ['set_compute_unit_limit'])
  t.same(codes({ ...base, computeUnits: 150, suggestedComputeLimit: 1_000, effectiveComputeLimit: 3_000 }), [])
  t.same(codes({ ...base, requestedComputeLimit: 50_000, effectiveComputeLimit: 50_000 }), [])
})

t.test('a limit below the units used, and a price below the median, are flagged', async (t) => {
  t.same(codes({ ...base, requestedComputeLimit: 40_000, effectiveComputeLimit: 40_000 }), ['raise_compute_unit_limit'])
  const fees = { fees: { low: 100, medium: 5_000, high: 20_000, very_high: 100_000, samples: 150 }, source: 'accounts' as const }
  t.same(codes({ ...base, effectiveComputeLimit: 50_000, priorityFees: fees, computeUnitPriceMicroLamports: 10n }), ['set_compute_unit_price'])
  t.same(codes({ ...base, effectiveComputeLimit: 50_000, priorityFees: fees, computeUnitPriceMicroLamports: 5_000n }), [])
})

t.test('failures map to risk levels, advice and verdicts', async (t) => {
  const terminal = createFailure('insufficient_sol', 'x')
  const retryable = createFailure('blockhash_expired', 'x')
  t.equal(getSimulationRiskLevel({ success: true, failure: null }), 'safe')
  t.equal(getSimulationRiskLevel({ success: false, failure: terminal }), 'high')
  t.equal(getSimulationRiskLevel({ success: false, failure: retryable }), 'medium')
  t.same(codes({ ...base, success: false, failure: retryable }), ['refresh_blockhash'])
  t.equal(getDecision({ simulationCounts: true, success: false, riskLevel: 'medium' }), 'block')
  t.equal(getDecision({ simulationCounts: true, success: true, riskLevel: 'medium' }), 'warn')
  t.equal(getDecision({ simulationCounts: true, success: true, riskLevel: 'critical' }), 'block')
  t.equal(getDecision({ simulationCounts: true, success: true, riskLevel: 'low' }), 'approve')
  t.equal(getHighestRiskLevel(['low', 'high', 'medium']), 'high')
})
