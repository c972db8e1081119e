/**
 * SimulateResponse (docs/api.md#simulate-response: every field engine/simulate/simulate-types.ts
 * defines), and the simulate route's responses.
 */
import { RISK_LEVELS } from '../../engine/policy/policy.js'
import type { FailureCode } from '../../engine/simulate/failure.js'
import { VECTORS } from '../../engine/simulate/simulate-types.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const FAILURE_CODES = ['insufficient_sol', 'insufficient_token_balance', 'account_not_found', 'blockhash_expired', 'program_error'] as const
// Fails to compile when engine/simulate/failure.ts gains a code this list lacks.
const everyFailureCode: [Exclude<FailureCode, (typeof FAILURE_CODES)[number]>] extends [never] ? true : never = true
void everyFailureCode

const riskLevelSchema = { type: 'string', enum: [...RISK_LEVELS] } as const
const amountSchema = { type: 'string', pattern: '^-?[0-9]+$', description: 'Base units as a decimal string (u64 does not fit a JSON number).' } as const

/** Priority-fee percentiles (docs/detection.md#the-priority_fee-vector). */
const priorityFeesSchema = {
  type: 'object',
  required: ['low', 'medium', 'high', 'very_high', 'samples'],
  additionalProperties: false,
  description: '25th/50th/75th/95th percentile of recently landed compute-unit prices (micro-lamports per CU).',
  properties: {
    low: { type: 'integer', minimum: 0 },
    medium: { type: 'integer', minimum: 0 },
    high: { type: 'integer', minimum: 0 },
    very_high: { type: 'integer', minimum: 0 },
    samples: { type: 'integer', minimum: 0 },
  },
} as const

const feeDetailsSchema = {
  type: ['object', 'null'],
  required: ['signatures', 'base_fee_lamports', 'priority_fee_lamports', 'total_fee_lamports', 'compute_unit_limit', 'compute_unit_price_micro_lamports'],
  additionalProperties: false,
  properties: {
    signatures: { type: 'integer', minimum: 0 },
    base_fee_lamports: { type: 'integer', minimum: 0 },
    priority_fee_lamports: { type: 'integer', minimum: 0 },
    total_fee_lamports: { type: 'integer', minimum: 0 },
    compute_unit_limit: { type: 'integer', minimum: 0 },
    compute_unit_price_micro_lamports: { type: 'integer', minimum: 0 },
  },
} as const

const slippageSchema = {
  type: ['object', 'null'],
  required: ['bps', 'route', 'venue', 'mode', 'input_mint', 'output_mint', 'input_amount', 'output_amount', 'expected_amount', 'expected_source', 'hops'],
  additionalProperties: false,
  description: 'The main swap: the worst case it accepts and the route it takes; null when nothing is swapped.',
  properties: {
    bps: { type: ['integer', 'null'], description: 'Worst-case slippage against the expected amount; null when none is known.' },
    route: { type: 'string' },
    venue: { type: 'string' },
    mode: { type: 'string', enum: ['exact_in', 'exact_out'] },
    input_mint: { type: ['string', 'null'] },
    output_mint: { type: ['string', 'null'] },
    input_amount: { ...amountSchema, type: ['string', 'null'] },
    output_amount: { ...amountSchema, type: ['string', 'null'] },
    expected_amount: { ...amountSchema, type: ['string', 'null'] },
    expected_source: { type: ['string', 'null'], enum: ['simulation', 'pool_quote', 'instruction_quote', null] },
    hops: { type: 'integer', minimum: 0 },
  },
} as const

/** A received token's risk (docs/detection.md#the-rug-vector), with the evidence behind the flags. */
const tokenRiskSchema = {
  $id: 'TokenRisk',
  type: 'object',
  required: [
    'mint', 'symbol', 'risk_score', 'risk_level', 'flags', 'top_holder_concentration', 'has_mint_authority',
    'has_freeze_authority', 'has_liquidity', 'lp_burned_or_locked', 'extensions', 'reasons',
  ],
  additionalProperties: false,
  properties: {
    mint: { type: 'string' },
    symbol: { type: ['string', 'null'] },
    risk_score: { type: 'number', minimum: 0, maximum: 1 },
    risk_level: riskLevelSchema,
    flags: { type: 'array', items: { type: 'string' }, description: 'e.g. rug_pull, honeypot, freeze_authority.' },
    top_holder_concentration: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    has_mint_authority: { type: 'boolean' },
    has_freeze_authority: { type: 'boolean' },
    has_liquidity: { type: ['boolean', 'null'] },
    lp_burned_or_locked: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    extensions: { type: 'array', items: { type: 'string' }, description: 'Token-2022 extensions of the mint.' },
    reasons: { type: 'array', items: { type: 'string' } },
  },
} as const

const riskSchema = {
  type: 'object',
  required: [
    'mev_score', 'mev_level', 'mev_type', 'has_blacklisted_program', 'blacklisted_programs', 'blacklist_entries', 'dex_programs',
    'token_risk', 'token_risks', 'findings', 'mev_factors', 'known_bots', 'risk_level',
  ],
  additionalProperties: false,
  description: 'What the vectors found (MEV, programs, received tokens), with why each program is listed, every received token, findings, the MEV inputs and known bots.',
  properties: {
    mev_score: { type: 'number', minimum: 0, maximum: 1 },
    mev_level: { type: 'string', enum: ['none', 'low', 'medium', 'high', 'critical'] },
    mev_type: { type: ['string', 'null'], enum: ['sandwich', 'jit', 'backrun_only', 'swap_frontrun', null] },
    has_blacklisted_program: { type: 'boolean' },
    blacklisted_programs: { type: 'array', items: { type: 'string' } },
    blacklist_entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['program_id', 'reason', 'source'],
        additionalProperties: false,
        properties: {
          program_id: { type: 'string' },
          reason: { type: 'string' },
          source: { type: 'string', description: "The blacklist's source, or `tenant` for the caller's own program blocks." },
        },
      },
    },
    dex_programs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['program_id', 'name'],
        additionalProperties: false,
        properties: { program_id: { type: 'string' }, name: { type: 'string' } },
      },
    },
    token_risk: { anyOf: [{ $ref: 'TokenRisk#' }, { type: 'null' }], description: 'The riskiest received token; null when none is received.' },
    token_risks: { type: 'array', items: tokenRiskSchema },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'severity', 'message', 'instruction_index', 'accounts'],
        additionalProperties: false,
        properties: {
          code: { type: 'string' },
          severity: riskLevelSchema,
          message: { type: 'string' },
          instruction_index: { type: ['integer', 'null'], minimum: 0 },
          accounts: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    mev_factors: {
      type: ['object', 'null'],
      required: ['slippage_bps', 'trade_share_of_pool', 'protection', 'pool_sandwiches', 'leader_sandwich_rate', 'pool'],
      additionalProperties: false,
      properties: {
        slippage_bps: { type: ['number', 'null'] },
        trade_share_of_pool: { type: ['number', 'null'] },
        protection: { type: ['string', 'null'], enum: ['jitodontfront', 'bundle_tip', null] },
        pool_sandwiches: { type: 'integer', minimum: 0 },
        leader_sandwich_rate: { type: ['number', 'null'], minimum: 0, maximum: 1 },
        pool: { type: ['array', 'null'], items: { type: 'string' } },
      },
    },
    known_bots: { type: 'array', items: { type: 'string' } },
    risk_level: riskLevelSchema,
  },
} as const

const recommendationSchema = {
  type: 'object',
  required: ['code', 'message'],
  additionalProperties: false,
  description: '`{code, message}` plus the value the advice names, when it names one.',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    compute_unit_limit: { type: 'integer', minimum: 0 },
    compute_unit_price_micro_lamports: { type: 'integer', minimum: 0 },
    priority_level: { type: 'string', enum: ['low', 'medium', 'high', 'very_high'] },
    slippage_bps: { type: 'integer', minimum: 0 },
    account: { type: 'string' },
    mint: { type: 'string' },
  },
} as const

/** One instruction or CPI; recursive through `children`. */
const callNodeSchema = {
  $id: 'CallNode',
  type: 'object',
  required: ['program_id', 'depth', 'compute_units', 'success', 'error', 'children'],
  additionalProperties: false,
  properties: {
    program_id: { type: 'string' },
    depth: { type: 'integer', minimum: 0 },
    compute_units: { type: ['integer', 'null'], minimum: 0, description: 'Including its CPIs; null when the logs do not tell.' },
    success: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    children: { type: 'array', items: { $ref: 'CallNode#' } },
  },
} as const

const programUsageSchema = {
  type: 'object',
  required: ['program_id', 'compute_units', 'invocations'],
  additionalProperties: false,
  properties: {
    program_id: { type: 'string' },
    compute_units: { type: 'integer', minimum: 0, description: 'Spent in the program itself; CPIs count under their own programs.' },
    invocations: { type: 'integer', minimum: 0 },
  },
} as const

const balanceChangeSchema = {
  type: 'object',
  required: ['account', 'mint', 'owner', 'decimals', 'pre', 'post', 'delta'],
  additionalProperties: false,
  properties: {
    account: { type: 'string' },
    mint: { type: ['string', 'null'], description: 'null for SOL.' },
    owner: { type: ['string', 'null'], description: "The token account's owner; null for SOL." },
    decimals: { type: ['integer', 'null'], minimum: 0 },
    pre: amountSchema,
    post: amountSchema,
    delta: amountSchema,
  },
} as const

const landingEstimateSchema = {
  type: ['object', 'null'],
  required: ['fee_percentile_bucket', 'compute_unit_price_micro_lamports', 'competitive'],
  additionalProperties: false,
  description: "The priority_fee vector's view of the transaction's own price; null when it did not run.",
  properties: {
    fee_percentile_bucket: { type: 'string', enum: ['below_p25', 'p25_p50', 'p50_p75', 'p75_p95', 'above_p95', 'no_samples'] },
    compute_unit_price_micro_lamports: { type: 'integer', minimum: 0 },
    competitive: { type: 'boolean' },
  },
} as const

/** The simulate response as the engine answers it, over every transport. */
export const simulateResponseSchema = {
  $id: 'SimulateResponse',
  type: 'object',
  required: [
    'success', 'compute_units', 'suggested_compute_limit', 'fee_estimate_sol', 'fee_details', 'priority_fees', 'slippage', 'risk',
    'recommendations', 'program_breakdown', 'call_tree', 'balance_changes', 'failure_reason', 'failure_code', 'is_terminal',
    'transaction_error', 'logs', 'latency_ms', 'context_slot', 'min_account_slot', 'replacement_blockhash', 'landing_estimate',
    'timed_out_vectors', 'decision', 'decision_reasons', 'cached',
  ],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', description: 'The simulation succeeded (and the blockhash is still valid).' },
    compute_units: { type: ['integer', 'null'], minimum: 0 },
    suggested_compute_limit: { type: ['integer', 'null'], minimum: 0 },
    fee_estimate_sol: { type: ['number', 'null'], minimum: 0 },
    fee_details: feeDetailsSchema,
    priority_fees: priorityFeesSchema,
    slippage: slippageSchema,
    risk: riskSchema,
    recommendations: { type: 'array', items: recommendationSchema },
    program_breakdown: { type: 'array', items: programUsageSchema },
    call_tree: { type: 'array', items: callNodeSchema },
    balance_changes: { type: 'array', items: balanceChangeSchema },
    failure_reason: { type: ['string', 'null'] },
    failure_code: { type: ['string', 'null'], enum: [...FAILURE_CODES, null] },
    is_terminal: { type: ['boolean', 'null'] },
    transaction_error: { description: "Solana's JSON shape of the transaction error (e.g. `{\"InstructionError\":[0,{\"Custom\":1}]}`), or null." },
    logs: { type: 'array', items: { type: 'string' } },
    latency_ms: { type: 'number', minimum: 0 },
    context_slot: { type: 'integer', minimum: 0 },
    min_account_slot: { type: ['integer', 'null'], minimum: 0 },
    replacement_blockhash: { type: ['string', 'null'] },
    landing_estimate: landingEstimateSchema,
    timed_out_vectors: { type: 'array', items: { type: 'string', enum: [...VECTORS] } },
    decision: { type: 'string', enum: ['approve', 'warn', 'block'] },
    decision_reasons: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rule', 'message'],
        additionalProperties: false,
        properties: { rule: { type: 'string' }, message: { type: 'string' } },
      },
    },
    cached: { type: 'boolean', description: "Answered from the engine's result cache (same request, same slot, nothing it read changed)." },
  },
} as const

/** 422 for invalid fields or undecodable bytes, 429 with Retry-After, 504 when accounts cannot be loaded in time. */
export const simulateResponses = {
  200: simulateResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 504]),
}
