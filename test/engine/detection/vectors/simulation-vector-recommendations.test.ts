import t from 'tap'
import {
  getSimulationRecommendations,
  getSimulationRiskLevel,
  type SimulationFindings,
} from '../../../../engine/detection/vectors/simulation-vector.js'
import { createFailure } from '../../../../engine/hot-path/svm/failure.js'
import { getSuggestedComputeLimit } from '../../../../engine/hot-path/simulate/suggested-compute-limit.js'

const base: SimulationFindings = {
  success: true,
  failure: null,
  computeUnits: 41_340,
  suggestedComputeLimit: getSuggestedComputeLimit(41_340),
  requestedComputeLimit: undefined,
  effectiveComputeLimit: 200_000,
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

t.test('a limit below the units used is flagged, with the limit to set', async (t) => {
  const advice = getSimulationRecommendations({ ...base, requestedComputeLimit: 40_000, effectiveComputeLimit: 40_000 })
  t.same(
    advice.map((r) => [r.code, r.compute_unit_limit]),
    [['raise_compute_unit_limit', 46_000]],
  )
  t.same(getSimulationRecommendations(base)[0]?.compute_unit_limit, 46_000, 'set_compute_unit_limit names the suggested limit')
})

t.test('failures map to risk levels and advice', async (t) => {
  const terminal = createFailure('insufficient_sol', 'x')
  const retryable = createFailure('blockhash_expired', 'x')
  t.equal(getSimulationRiskLevel({ success: true, failure: null }), 'safe')
  t.equal(getSimulationRiskLevel({ success: false, failure: terminal }), 'high')
  t.equal(getSimulationRiskLevel({ success: false, failure: retryable }), 'medium')
  t.same(codes({ ...base, success: false, failure: retryable }), ['refresh_blockhash'])
})
