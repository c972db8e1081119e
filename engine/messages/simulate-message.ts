/**
 * Conversions between the engine's SimulateResponse (engine/contract/simulate-response.ts) and its
 * gRPC message. The message mirrors the API's JSON names (docs/api.md); what JSON says with null,
 * proto3 says with an unset optional field. test/engine/messages/proto-contract-fields.test.ts checks
 * that the message and the contract have the same fields.
 */
import type { SimulateResponse as SimulateResponseMessage } from '../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { SimulateResponse__Output as SimulateResponseOutput } from '../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { CallNode__Output } from '../../proto/gen/preflight/engine/v1/CallNode.js'
import type { TokenRisk__Output } from '../../proto/gen/preflight/engine/v1/TokenRisk.js'
import type { Recommendation__Output } from '../../proto/gen/preflight/engine/v1/Recommendation.js'
import type { Mev__Output } from '../../proto/gen/preflight/engine/v1/Mev.js'
import type { RiskLevel } from '../contract/risk-levels.js'
import type {
  CallNode,
  Decision,
  Extractable,
  FailureCode,
  Mev,
  MevFactors,
  MevLevel,
  Recommendation,
  SimulateResponse,
  Slippage,
  TokenRisk,
} from '../contract/simulate-response.js'
import type { Vector } from '../contract/vectors.js'
import { fromTipFloorMessage, toTipFloorMessage } from './tips-message.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

function toMevMessage(mev: Mev): object {
  const extractable = mev.extractable
  return {
    extractable:
      extractable === null
        ? null
        : {
            ...extractable,
            lamports: toOptionalField(extractable.lamports),
            attacker_profit_lamports: toOptionalField(extractable.attacker_profit_lamports),
          },
    recommended_min_output: toOptionalField(mev.recommended_min_output),
    recommended_max_input: toOptionalField(mev.recommended_max_input),
    unpriced_reason: toOptionalField(mev.unpriced_reason),
  }
}

function fromMevMessage(mev: Mev__Output): Mev {
  const extractable = mev.extractable
  return {
    extractable: extractable
      ? {
          instruction_index: extractable.instruction_index,
          amount: extractable.amount,
          mint: extractable.mint,
          lamports: fromOptionalField(extractable.lamports),
          bps: extractable.bps,
          front_run_amount: extractable.front_run_amount,
          limited_by: extractable.limited_by as Extractable['limited_by'],
          attacker_profit: extractable.attacker_profit,
          attacker_fee_lamports: extractable.attacker_fee_lamports,
          attacker_profit_lamports: fromOptionalField(extractable.attacker_profit_lamports),
          quote: extractable.quote,
          sandwiched: extractable.sandwiched,
        }
      : null,
    recommended_min_output: fromOptionalField(mev.recommended_min_output),
    recommended_max_input: fromOptionalField(mev.recommended_max_input),
    unpriced_reason: fromOptionalField(mev.unpriced_reason),
  }
}

function toCallNodeMessage(node: CallNode): object {
  return {
    program_id: node.program_id,
    depth: node.depth,
    compute_units: toOptionalField(node.compute_units),
    success: node.success,
    error: toOptionalField(node.error),
    children: node.children.map(toCallNodeMessage),
  }
}

function fromCallNodeMessage(node: CallNode__Output): CallNode {
  return {
    program_id: node.program_id,
    depth: node.depth,
    compute_units: fromOptionalField(node.compute_units),
    success: node.success,
    error: fromOptionalField(node.error),
    children: node.children.map(fromCallNodeMessage),
  }
}

function toTokenRiskMessage(token: TokenRisk): object {
  return {
    ...token,
    symbol: toOptionalField(token.symbol),
    issuer: toOptionalField(token.issuer),
    top_holder_concentration: toOptionalField(token.top_holder_concentration),
    has_liquidity: toOptionalField(token.has_liquidity),
    lp_burned_or_locked: toOptionalField(token.lp_burned_or_locked),
  }
}

function fromTokenRiskMessage(token: TokenRisk__Output): TokenRisk {
  return {
    mint: token.mint,
    symbol: fromOptionalField(token.symbol),
    risk_score: token.risk_score,
    risk_level: token.risk_level as RiskLevel,
    flags: token.flags,
    top_holder_concentration: fromOptionalField(token.top_holder_concentration),
    has_mint_authority: token.has_mint_authority,
    has_freeze_authority: token.has_freeze_authority,
    has_liquidity: fromOptionalField(token.has_liquidity),
    lp_burned_or_locked: fromOptionalField(token.lp_burned_or_locked),
    extensions: token.extensions,
    issuer: fromOptionalField(token.issuer),
    reasons: token.reasons,
  }
}

/** Recommendation fields proto3 leaves unset are absent in JSON too (not null): they exist only when named. */
function fromRecommendationMessage(message: Recommendation__Output): Recommendation {
  const out: Recommendation = { code: message.code, message: message.message }
  if (message.compute_unit_limit !== undefined) out.compute_unit_limit = message.compute_unit_limit
  if (message.compute_unit_price_micro_lamports !== undefined)
    out.compute_unit_price_micro_lamports = message.compute_unit_price_micro_lamports
  if (message.priority_level !== undefined) out.priority_level = message.priority_level
  if (message.slippage_bps !== undefined) out.slippage_bps = message.slippage_bps
  if (message.account !== undefined) out.account = message.account
  if (message.mint !== undefined) out.mint = message.mint
  return out
}

function toSlippageMessage(slippage: Slippage): object {
  return {
    ...slippage,
    bps: toOptionalField(slippage.bps),
    input_mint: toOptionalField(slippage.input_mint),
    output_mint: toOptionalField(slippage.output_mint),
    input_amount: toOptionalField(slippage.input_amount),
    output_amount: toOptionalField(slippage.output_amount),
    expected_amount: toOptionalField(slippage.expected_amount),
    expected_source: toOptionalField(slippage.expected_source),
  }
}

function fromSlippageMessage(message: NonNullable<SimulateResponseOutput['slippage']>): Slippage {
  return {
    bps: fromOptionalField(message.bps),
    route: message.route,
    venue: message.venue,
    mode: message.mode as Slippage['mode'],
    input_mint: fromOptionalField(message.input_mint),
    output_mint: fromOptionalField(message.output_mint),
    input_amount: fromOptionalField(message.input_amount),
    output_amount: fromOptionalField(message.output_amount),
    expected_amount: fromOptionalField(message.expected_amount),
    expected_source: fromOptionalField(message.expected_source) as Slippage['expected_source'],
    hops: message.hops,
  }
}

function toMevFactorsMessage(factors: MevFactors): object {
  return {
    ...factors,
    slippage_bps: toOptionalField(factors.slippage_bps),
    trade_share_of_pool: toOptionalField(factors.trade_share_of_pool),
    protection: toOptionalField(factors.protection),
    leader_sandwich_rate: toOptionalField(factors.leader_sandwich_rate),
    pool: factors.pool ?? [],
  }
}

function fromMevFactorsMessage(message: NonNullable<NonNullable<SimulateResponseOutput['risk']>['mev_factors']>): MevFactors {
  return {
    slippage_bps: fromOptionalField(message.slippage_bps),
    trade_share_of_pool: fromOptionalField(message.trade_share_of_pool),
    protection: fromOptionalField(message.protection) as MevFactors['protection'],
    pool_sandwiches: message.pool_sandwiches,
    leader_sandwich_rate: fromOptionalField(message.leader_sandwich_rate),
    pool: message.pool.length === 0 ? null : message.pool,
  }
}

/** The gRPC message of a simulate response. */
export function toSimulateResponseMessage(response: SimulateResponse): SimulateResponseMessage {
  const risk = response.risk
  return {
    ...response,
    compute_units: toOptionalField(response.compute_units),
    suggested_compute_limit: toOptionalField(response.suggested_compute_limit),
    fee_estimate_sol: toOptionalField(response.fee_estimate_sol),
    fee_details: toOptionalField(response.fee_details),
    tip_lamports: toOptionalField(response.tip_lamports),
    tips: response.tips === null ? null : toTipFloorMessage(response.tips),
    slippage: response.slippage === null ? null : toSlippageMessage(response.slippage),
    risk: {
      ...risk,
      mev_type: toOptionalField(risk.mev_type),
      token_risk: risk.token_risk === null ? null : toTokenRiskMessage(risk.token_risk),
      token_risks: risk.token_risks.map(toTokenRiskMessage),
      findings: risk.findings.map((finding) => ({ ...finding, instruction_index: toOptionalField(finding.instruction_index) })),
      mev_factors: risk.mev_factors === null ? null : toMevFactorsMessage(risk.mev_factors),
    },
    mev: response.mev === null ? null : toMevMessage(response.mev),
    call_tree: response.call_tree.map(toCallNodeMessage),
    balance_changes: response.balance_changes.map((change) => ({
      ...change,
      mint: toOptionalField(change.mint),
      owner: toOptionalField(change.owner),
      decimals: toOptionalField(change.decimals),
    })),
    failure_reason: toOptionalField(response.failure_reason),
    failure_code: toOptionalField(response.failure_code),
    is_terminal: toOptionalField(response.is_terminal),
    transaction_error_json: response.transaction_error === null ? undefined : JSON.stringify(response.transaction_error),
    min_account_slot: toOptionalField(response.min_account_slot),
    replacement_blockhash: toOptionalField(response.replacement_blockhash),
    landing_estimate: response.landing_estimate,
    cached: response.cached,
  }
}

/** The simulate response a gRPC message carries. */
export function fromSimulateResponseMessage(message: SimulateResponseOutput): SimulateResponse {
  const risk = message.risk
  return {
    success: message.success,
    compute_units: fromOptionalField(message.compute_units),
    suggested_compute_limit: fromOptionalField(message.suggested_compute_limit),
    fee_estimate_sol: fromOptionalField(message.fee_estimate_sol),
    fee_details: fromOptionalField(message.fee_details),
    priority_fees: message.priority_fees ?? { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 },
    tip_lamports: fromOptionalField(message.tip_lamports),
    tips: message.tips ? fromTipFloorMessage(message.tips) : null,
    slippage: message.slippage ? fromSlippageMessage(message.slippage) : null,
    risk: {
      mev_score: risk?.mev_score ?? 0,
      mev_level: (risk?.mev_level ?? 'none') as MevLevel,
      mev_type: fromOptionalField(risk?.mev_type),
      has_blacklisted_program: risk?.has_blacklisted_program ?? false,
      blacklisted_programs: risk?.blacklisted_programs ?? [],
      blacklist_entries: risk?.blacklist_entries ?? [],
      dex_programs: risk?.dex_programs ?? [],
      token_risk: risk?.token_risk ? fromTokenRiskMessage(risk.token_risk) : null,
      token_risks: (risk?.token_risks ?? []).map(fromTokenRiskMessage),
      findings: (risk?.findings ?? []).map((finding) => ({
        code: finding.code,
        severity: finding.severity as RiskLevel,
        message: finding.message,
        instruction_index: fromOptionalField(finding.instruction_index),
        accounts: finding.accounts,
      })),
      mev_factors: risk?.mev_factors ? fromMevFactorsMessage(risk.mev_factors) : null,
      known_bots: risk?.known_bots ?? [],
      risk_level: (risk?.risk_level ?? 'safe') as RiskLevel,
    },
    mev: message.mev ? fromMevMessage(message.mev) : null,
    summary: message.summary.map((entry) => ({ signer: entry.signer, lines: entry.lines })),
    recommendations: message.recommendations.map(fromRecommendationMessage),
    program_breakdown: message.program_breakdown,
    call_tree: message.call_tree.map(fromCallNodeMessage),
    balance_changes: message.balance_changes.map((change) => ({
      account: change.account,
      mint: fromOptionalField(change.mint),
      owner: fromOptionalField(change.owner),
      decimals: fromOptionalField(change.decimals),
      pre: change.pre,
      post: change.post,
      delta: change.delta,
    })),
    failure_reason: fromOptionalField(message.failure_reason),
    failure_code: fromOptionalField(message.failure_code) as FailureCode | null,
    is_terminal: fromOptionalField(message.is_terminal),
    transaction_error:
      message.transaction_error_json === undefined
        ? null
        : (JSON.parse(message.transaction_error_json) as SimulateResponse['transaction_error']),
    logs: message.logs,
    latency_ms: message.latency_ms,
    context_slot: message.context_slot,
    min_account_slot: fromOptionalField(message.min_account_slot),
    replacement_blockhash: fromOptionalField(message.replacement_blockhash),
    landing_estimate: message.landing_estimate,
    timed_out_vectors: message.timed_out_vectors as Vector[],
    decision: message.decision as Decision,
    decision_reasons: message.decision_reasons,
    cached: message.cached,
  }
}
