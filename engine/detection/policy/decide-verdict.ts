/**
 * The verdict: `block` when any rule of the effective policy (docs/detection.md#policy-and-verdict)
 * is broken, `warn` when nothing blocks but the transaction carries risk a caller should see
 * (medium or high risk, an MEV score above the relay threshold, a vector that could not answer in
 * time), `approve` otherwise. Every rule that fired is returned with its reason, so a caller knows
 * what to change.
 */
import type { Decision, DecisionReason } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import { isRiskAbove, type Policy } from './policy.js'

export interface VerdictInputs {
  /** The `simulation` vector ran: its failure counts toward the verdict. */
  simulationCounts: boolean
  success: boolean
  riskLevel: RiskLevel
  mevScore: number
  hasBlacklistedProgram: boolean
  /** Known sandwich bots active on the transaction's pools. */
  knownBots: readonly string[]
  /** Flags of every token the transaction makes the signer receive. */
  tokenFlags: readonly string[]
  slippageBps: number | null
  /** What a sandwich can take from the main swap, in bps of its result (docs/detection.md#extractable-value); null: not priced. */
  extractableBps: number | null
  computeUnits: number | null
  feeSol: number | null
  timedOutVectors: readonly string[]
}

export interface Verdict {
  decision: Decision
  reasons: DecisionReason[]
}

const RISKY_TOKEN_FLAGS = ['rug_pull', 'honeypot']

/** The `max_extractable_bps` reason when a sandwich can take more than the policy allows; it blocks or warns by `block_extractable`. */
function isExtractableAbove(inputs: VerdictInputs, policy: Readonly<Policy>): DecisionReason | null {
  if (policy.max_extractable_bps === null || inputs.extractableBps === null || inputs.extractableBps <= policy.max_extractable_bps)
    return null
  return {
    rule: 'max_extractable_bps',
    message: `a sandwich can take ${inputs.extractableBps} bps of the swap, above ${policy.max_extractable_bps}: raise the minimum output`,
  }
}

/** Applies `policy` to what the vectors found. */
export function getVerdict(inputs: VerdictInputs, policy: Readonly<Policy>): Verdict {
  const blocks: DecisionReason[] = []
  if (policy.require_simulation_pass && inputs.simulationCounts && !inputs.success) {
    blocks.push({ rule: 'require_simulation_pass', message: 'the simulation failed' })
  }
  if (policy.block_blacklisted && inputs.hasBlacklistedProgram) {
    blocks.push({ rule: 'block_blacklisted', message: 'the transaction invokes a blacklisted or blocked program' })
  }
  if (isRiskAbove(inputs.riskLevel, policy.max_risk_level)) {
    blocks.push({ rule: 'max_risk_level', message: `risk level ${inputs.riskLevel} is above ${policy.max_risk_level}` })
  }
  if (inputs.mevScore > policy.max_mev_score) {
    blocks.push({ rule: 'max_mev_score', message: `MEV score ${inputs.mevScore} is above ${policy.max_mev_score}` })
  }
  if (policy.block_if_known_bots && inputs.knownBots.length > 0) {
    blocks.push({ rule: 'block_if_known_bots', message: `known sandwich bots are active on the pool: ${inputs.knownBots.join(', ')}` })
  }
  if (policy.block_risky_tokens) {
    const risky = inputs.tokenFlags.filter((flag) => RISKY_TOKEN_FLAGS.includes(flag))
    if (risky.length > 0) blocks.push({ rule: 'block_risky_tokens', message: `a received token is flagged ${risky.join(', ')}` })
  }
  const listed = inputs.tokenFlags.filter((flag) => policy.block_token_flags.includes(flag))
  if (listed.length > 0) blocks.push({ rule: 'block_token_flags', message: `a received token is flagged ${listed.join(', ')}` })
  if (policy.max_slippage_bps !== null && inputs.slippageBps !== null && inputs.slippageBps > policy.max_slippage_bps) {
    blocks.push({
      rule: 'max_slippage_bps',
      message: `the swap accepts ${inputs.slippageBps} bps of slippage, above ${policy.max_slippage_bps}`,
    })
  }
  const extractable = isExtractableAbove(inputs, policy)
  if (extractable !== null && policy.block_extractable) blocks.push(extractable)
  if (policy.max_compute_units !== null && inputs.computeUnits !== null && inputs.computeUnits > policy.max_compute_units) {
    blocks.push({ rule: 'max_compute_units', message: `${inputs.computeUnits} compute units is above ${policy.max_compute_units}` })
  }
  if (policy.max_fee_sol !== null && inputs.feeSol !== null && inputs.feeSol > policy.max_fee_sol) {
    blocks.push({ rule: 'max_fee_sol', message: `the fee of ${inputs.feeSol} SOL is above ${policy.max_fee_sol}` })
  }
  if (blocks.length > 0) return { decision: 'block', reasons: blocks }

  const warnings: DecisionReason[] = []
  if (isRiskAbove(inputs.riskLevel, 'low')) warnings.push({ rule: 'risk_level', message: `risk level ${inputs.riskLevel}` })
  if (inputs.mevScore > policy.relay_threshold) {
    warnings.push({
      rule: 'relay_threshold',
      message: `MEV score ${inputs.mevScore} is above ${policy.relay_threshold}: send through a bundle relay`,
    })
  }
  if (extractable !== null && !policy.block_extractable) warnings.push(extractable)
  if (inputs.timedOutVectors.length > 0) {
    warnings.push({ rule: 'timed_out_vectors', message: `not checked in time: ${inputs.timedOutVectors.join(', ')}` })
  }
  return { decision: warnings.length > 0 ? 'warn' : 'approve', reasons: warnings }
}
