/**
 * The simulate response (docs/api.md#simulate-response) as the engine answers it over every
 * transport: the schema `/openapi.json` publishes, and every part's type as its `Static`. The
 * schema documents; nothing checks the engine's answers against it at run time (the edge
 * serializes with JSON.stringify). proto/engine.proto carries the same fields over gRPC,
 * test/engine/messages/proto-contract-fields.test.ts holds the two together, field by field.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import { Nullable, Reference, StringEnum } from '../../lib/json-schema.js'
import { riskLevelSchema } from './risk-levels.js'
import { tipFloorSchema } from './tips-response.js'
import { vectorSchema } from './vectors.js'

/** docs/api.md#failure-codes; engine/hot-path/svm/failure.ts maps a failed simulation to one. */
export const FAILURE_CODES = [
  'insufficient_sol',
  'insufficient_token_balance',
  'account_not_found',
  'blockhash_expired',
  'program_error',
] as const
export type FailureCode = (typeof FAILURE_CODES)[number]

export const MEV_LEVELS = ['none', 'low', 'medium', 'high', 'critical'] as const
export type MevLevel = (typeof MEV_LEVELS)[number]

export const DECISIONS = ['approve', 'warn', 'block'] as const
export type Decision = (typeof DECISIONS)[number]

const count = () => Type.Integer({ minimum: 0 })
const amountSchema = Type.String({ pattern: '^-?[0-9]+$', description: 'Base units as a decimal string (u64 does not fit a JSON number).' })
const closed = { additionalProperties: false } as const
/**
 * An enum the schema documents but the type leaves a string: the vectors that set these fields
 * (engine/detection/vectors/) build them as strings. To be narrowed with them.
 */
const documentedEnum = (values: readonly string[]) => Type.Unsafe<string>(StringEnum(values))

/** Priority-fee percentiles (docs/detection.md#the-priority_fee-vector). */
export const priorityFeesSchema = Type.Object(
  { low: count(), medium: count(), high: count(), very_high: count(), samples: count() },
  { ...closed, description: '25th/50th/75th/95th percentile of recently landed compute-unit prices (micro-lamports per CU).' },
)
export type PriorityFees = Static<typeof priorityFeesSchema>

export const feeDetailsSchema = Type.Object(
  {
    signatures: count(),
    base_fee_lamports: count(),
    priority_fee_lamports: count(),
    total_fee_lamports: count(),
    compute_unit_limit: count(),
    compute_unit_price_micro_lamports: count(),
  },
  closed,
)
export type FeeDetails = Static<typeof feeDetailsSchema>

/** The response's `slippage`: the worst case the swap accepts, and the route it takes. */
export const slippageSchema = Type.Object(
  {
    bps: Nullable(Type.Integer(), { description: 'Worst-case slippage against the expected amount; null when none is known.' }),
    /** The venues in order, e.g. `Jupiter v6: Orca Whirlpool → Raydium CPMM`. */
    route: Type.String(),
    venue: Type.String(),
    mode: StringEnum(['exact_in', 'exact_out']),
    input_mint: Nullable(Type.String()),
    output_mint: Nullable(Type.String()),
    /** exact_in: the input; exact_out: the most the transaction pays. */
    input_amount: Nullable(amountSchema),
    /** exact_in: the least it accepts; exact_out: the exact output. */
    output_amount: Nullable(amountSchema),
    /** What the swap is expected to return (exact_in) or cost (exact_out). */
    expected_amount: Nullable(amountSchema),
    /** Where the expected amount comes from: the simulation, a quote from pool state, or the instruction's own quote. */
    expected_source: Nullable(StringEnum(['simulation', 'pool_quote', 'instruction_quote'])),
    hops: count(),
  },
  closed,
)
export type Slippage = Static<typeof slippageSchema>

/**
 * What a sandwich can take from the main swap, priced on a scratch fork of the warm state
 * (docs/detection.md#extractable-value): front-run, the transaction, back-run.
 */
export const extractableSchema = Type.Object(
  {
    /** The top-level instruction of the swap priced: with several swaps, the one that loses the user the most. */
    instruction_index: count(),
    /** The user's loss against its unsandwiched result: in `mint` (the output token; the input token for exact out). */
    amount: amountSchema,
    mint: Type.String(),
    /** `amount` in lamports when one side of the swap is SOL (at the swap's own price), else null. */
    lamports: Nullable(count()),
    /** `amount` against the unsandwiched result, in bps. */
    bps: count(),
    /** The largest front-run (input token) after which the transaction still passes; 0 when none does. */
    front_run_amount: amountSchema,
    /** What stopped the front-run growing: the attacker's budget (the pool's input reserve), the swap's own bound, or the pool (its liquidity or the accounts the swap passes). */
    limited_by: StringEnum(['budget', 'minimum_output', 'pool_accounts']),
    /** The attacker's gain in the input token: back-run output less front-run input (pool fees included). */
    attacker_profit: amountSchema,
    /** The attacker's two transaction fees. */
    attacker_fee_lamports: count(),
    /** Profit less fees in lamports when one side of the swap is SOL, else null. */
    attacker_profit_lamports: Nullable(Type.Integer()),
    /** The transaction's result (output for exact in, input for exact out) with nobody around it, and sandwiched. */
    quote: amountSchema,
    sandwiched: amountSchema,
  },
  closed,
)
export type Extractable = Static<typeof extractableSchema>

/** The response's `mev`: the priced sandwich of the main swap and the bound that caps it. */
export const mevSchema = Type.Object(
  {
    extractable: Nullable(extractableSchema, { description: 'null when the swap could not be priced (see `unpriced_reason`).' }),
    /** exact in: the minimum output that caps a sandwich's take at the policy's `max_extractable_bps` of the quote. */
    recommended_min_output: Nullable(amountSchema),
    /** exact out: the maximum input that caps it likewise. */
    recommended_max_input: Nullable(amountSchema),
    /** Why `extractable` is null (a venue not priced, a swap that fails, …). */
    unpriced_reason: Nullable(Type.String()),
  },
  closed,
)
export type Mev = Static<typeof mevSchema>

/** A received token's risk (docs/detection.md#the-rug-vector), with the evidence behind the flags. */
export const tokenRiskSchema = Type.Object(
  {
    mint: Type.String(),
    symbol: Nullable(Type.String()),
    risk_score: Type.Number({ minimum: 0, maximum: 1 }),
    risk_level: riskLevelSchema,
    flags: Type.Array(Type.String(), { description: 'e.g. rug_pull, honeypot, freeze_authority.' }),
    /** Share of the supply held by the ten largest holders, pools and burn addresses excluded; null: unknown. */
    top_holder_concentration: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    has_mint_authority: Type.Boolean(),
    has_freeze_authority: Type.Boolean(),
    /** Liquidity in a known pool; null: not known in time. */
    has_liquidity: Nullable(Type.Boolean()),
    /** Share of the pool's LP supply burned or locked (constant-product pools); null: not applicable or unknown. */
    lp_burned_or_locked: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    extensions: Type.Array(Type.String(), { description: 'Token-2022 extensions of the mint.' }),
    /** The accountable issuer of an issuer-managed mint (a stablecoin, an LST): its authorities are no rug-pull risk. */
    issuer: Nullable(Type.String()),
    reasons: Type.Array(Type.String()),
  },
  { $id: 'TokenRisk', ...closed },
)
export type TokenRisk = Static<typeof tokenRiskSchema>

/** A program the transaction invokes that is on the curated blacklist or the tenant's own block list. */
export const blacklistedProgramSchema = Type.Object(
  {
    program_id: Type.String(),
    reason: Type.String(),
    source: Type.String({ description: "The blacklist's source, or `tenant` for the caller's own program blocks." }),
  },
  closed,
)
export type BlacklistedProgram = Static<typeof blacklistedProgramSchema>

/** A finding of the program vector: something the transaction does to a signer's assets or control. */
export const riskFindingSchema = Type.Object(
  {
    /** A stable code from docs/detection.md#drains, e.g. `token_authority_transferred`, `whole_balance_transfer`, `address_poisoning`. */
    code: Type.String(),
    severity: riskLevelSchema,
    message: Type.String(),
    /** The top-level instruction that does it; null when it happens inside a CPI the logs do not place. */
    instruction_index: Nullable(Type.Integer({ minimum: 0 })),
    /** The accounts involved (base58), the affected one first. */
    accounts: Type.Array(Type.String()),
  },
  closed,
)
export type RiskFinding = Static<typeof riskFindingSchema>

/** The inputs of the MEV score, so a caller can see why (docs/detection.md#the-mev-vector). */
export const mevFactorsSchema = Type.Object(
  {
    /** The worst-case slippage the swap accepts, in bps. */
    slippage_bps: Nullable(Type.Number()),
    /** The swap's input as a share of the pool's input-side reserve. */
    trade_share_of_pool: Nullable(Type.Number()),
    /** `jitodontfront` (no Jito bundle may front-run it), `bundle_tip` (sent as a bundle), or null. */
    protection: Nullable(StringEnum(['jitodontfront', 'bundle_tip'])),
    /** Sandwiches seen on the same pool in the recent stream. */
    pool_sandwiches: count(),
    /** The highest sandwich rate among the next leaders (0–1). */
    leader_sandwich_rate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    /** The pool (its two vaults, base58, ordered) the score is about. */
    pool: Nullable(Type.Array(Type.String())),
  },
  closed,
)
export type MevFactors = Static<typeof mevFactorsSchema>

export const riskSchema = Type.Object(
  {
    mev_score: Type.Number({ minimum: 0, maximum: 1 }),
    mev_level: StringEnum(MEV_LEVELS),
    mev_type: Nullable(documentedEnum(['sandwich', 'jit', 'backrun_only', 'swap_frontrun'])),
    has_blacklisted_program: Type.Boolean(),
    blacklisted_programs: Type.Array(Type.String()),
    /** Why each blacklisted program is listed. */
    blacklist_entries: Type.Array(blacklistedProgramSchema),
    dex_programs: Type.Array(Type.Object({ program_id: Type.String(), name: Type.String() }, closed)),
    token_risk: Type.Union([Reference(tokenRiskSchema), Type.Null()], {
      description: 'The riskiest received token; null when none is received.',
    }),
    /** Every received token. */
    token_risks: Type.Array(tokenRiskSchema),
    /** What the transaction does to the signers' control and assets (program vector). */
    findings: Type.Array(riskFindingSchema),
    mev_factors: Nullable(mevFactorsSchema),
    /** Known sandwich bots active on the transaction's pool (stream-detected or listed). */
    known_bots: Type.Array(Type.String()),
    risk_level: riskLevelSchema,
  },
  {
    ...closed,
    description:
      'What the vectors found (MEV, programs, received tokens), with why each program is listed, every received token, findings, the MEV inputs and known bots.',
  },
)
export type Risk = Static<typeof riskSchema>

/** `{code, message}` plus the value the advice names, when it names one. */
export const recommendationSchema = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    compute_unit_limit: Type.Optional(count()),
    compute_unit_price_micro_lamports: Type.Optional(count()),
    /** The named priority-fee level. */
    priority_level: Type.Optional(documentedEnum(['low', 'medium', 'high', 'very_high'])),
    slippage_bps: Type.Optional(count()),
    account: Type.Optional(Type.String()),
    mint: Type.Optional(Type.String()),
  },
  { ...closed, description: '`{code, message}` plus the value the advice names, when it names one.' },
)
export type Recommendation = Static<typeof recommendationSchema>

/** One instruction or CPI (engine/hot-path/svm/call-tree.ts); recursive through `children`. */
export const callNodeSchema = Type.Recursive(
  (callNode) =>
    Type.Object(
      {
        program_id: Type.String(),
        depth: count(),
        compute_units: Nullable(count(), { description: 'Including its CPIs; null when the logs do not tell.' }),
        success: Type.Boolean(),
        error: Nullable(Type.String()),
        children: Type.Array(callNode),
      },
      closed,
    ),
  { $id: 'CallNode' },
)
export type CallNode = Static<typeof callNodeSchema>

export const programUsageSchema = Type.Object(
  {
    program_id: Type.String(),
    compute_units: Type.Integer({ minimum: 0, description: 'Spent in the program itself; CPIs count under their own programs.' }),
    invocations: count(),
  },
  closed,
)
export type ProgramUsage = Static<typeof programUsageSchema>

export const balanceChangeSchema = Type.Object(
  {
    account: Type.String(),
    mint: Nullable(Type.String(), { description: 'null for SOL.' }),
    owner: Nullable(Type.String(), { description: "The token account's owner; null for SOL." }),
    /** 9 for SOL; the mint's decimals for tokens (null when the mint is unknown). */
    decimals: Nullable(count()),
    pre: amountSchema,
    post: amountSchema,
    delta: amountSchema,
  },
  closed,
)
export type BalanceChange = Static<typeof balanceChangeSchema>

/** Where the transaction's compute-unit price stands among recent landed prices. */
export const landingEstimateSchema = Type.Object(
  {
    fee_percentile_bucket: documentedEnum(['below_p25', 'p25_p50', 'p50_p75', 'p75_p95', 'above_p95', 'no_samples']),
    compute_unit_price_micro_lamports: count(),
    /** At or above the median of what landed writing the same accounts. */
    competitive: Type.Boolean(),
  },
  closed,
)
export type LandingEstimate = Static<typeof landingEstimateSchema>

export const decisionReasonSchema = Type.Object(
  {
    /** The policy field (or, for a warning, the finding) behind the verdict. */
    rule: Type.String(),
    message: Type.String(),
  },
  closed,
)
export type DecisionReason = Static<typeof decisionReasonSchema>

/** What the transaction does to one signer, in the sentences a wallet shows before asking for a signature. */
export const signerSummarySchema = Type.Object(
  {
    signer: Type.String(),
    /** e.g. "You send 1,000 USDC to 7xKX…sAsU", "The fee is 0.000005 SOL". */
    lines: Type.Array(Type.String()),
  },
  closed,
)
export type SignerSummary = Static<typeof signerSummarySchema>

/** The simulate response as the engine answers it, over every transport. */
export const simulateResponseSchema = Type.Object(
  {
    success: Type.Boolean({ description: 'The simulation succeeded (and the blockhash is still valid).' }),
    compute_units: Nullable(count()),
    suggested_compute_limit: Nullable(count()),
    fee_estimate_sol: Nullable(Type.Number({ minimum: 0 })),
    fee_details: Nullable(feeDetailsSchema),
    priority_fees: priorityFeesSchema,
    tip_lamports: Nullable(count(), {
      description:
        "Lamports the transaction pays the relay's tip accounts by System Transfer (its bundle tip); null when it pays none (not bundle-bound).",
    }),
    /** The floor as of the slot simulated at: a cached answer (same slot) carries the floor of its simulation. */
    tips: Type.Union([tipFloorSchema, Type.Null()], {
      description:
        "The relay's tip floor when the transaction pays one of the relay's tip accounts (bundle-bound), else null; as of context_slot. docs/relay.md#tips",
    }),
    slippage: Nullable(slippageSchema, {
      description: 'The main swap: the worst case it accepts and the route it takes; null when nothing is swapped.',
    }),
    risk: riskSchema,
    /** The main swap's sandwich, priced on a fork of the warm state; null without a decoded swap, a successful simulation or the mev vector. */
    mev: Nullable(mevSchema, {
      description:
        'What a sandwich can take from the main swap, priced on a scratch fork (front-run, the transaction, back-run); null when nothing is swapped, the simulation failed or the mev vector did not run.',
    }),
    /** Per signer (the fee payer first), what leaves and arrives, hand-overs of control and the fee; empty when the program vector did not run. */
    summary: Type.Array(signerSummarySchema),
    recommendations: Type.Array(recommendationSchema),
    program_breakdown: Type.Array(programUsageSchema),
    call_tree: Type.Array(callNodeSchema),
    balance_changes: Type.Array(balanceChangeSchema),
    failure_reason: Nullable(Type.String()),
    failure_code: Nullable(StringEnum(FAILURE_CODES)),
    is_terminal: Nullable(Type.Boolean()),
    /** Solana's JSON shape of the transaction error, as simulateTransaction would return it. */
    transaction_error: Type.Unsafe<TransactionErrorJson | null>({
      description: 'Solana\'s JSON shape of the transaction error (e.g. `{"InstructionError":[0,{"Custom":1}]}`), or null.',
    }),
    logs: Type.Array(Type.String()),
    latency_ms: Type.Number({ minimum: 0 }),
    context_slot: count(),
    /**
     * The oldest slot among the account states the simulation used (the slot of the RPC read or
     * stream update that brought each); null when no account was loaded.
     */
    min_account_slot: Nullable(count()),
    /** The blockhash simulated with, when replace_recent_blockhash was set. */
    replacement_blockhash: Nullable(Type.String()),
    landing_estimate: Nullable(landingEstimateSchema, {
      description: "The priority_fee vector's view of the transaction's own price; null when it did not run.",
    }),
    /** Vectors that did not answer within timeout_ms; the others still did. */
    timed_out_vectors: Type.Array(vectorSchema),
    decision: StringEnum(DECISIONS),
    /** The policy rules that blocked, or the findings that warn; empty on approve. */
    decision_reasons: Type.Array(decisionReasonSchema),
    /**
     * Answered from the engine's result cache: the same request at the same slot, nothing it read
     * changed since (its `latency_ms` is then this lookup's). False on a fresh simulation.
     */
    cached: Type.Boolean({ description: "Answered from the engine's result cache (same request, same slot, nothing it read changed)." }),
  },
  { $id: 'SimulateResponse', ...closed },
)
export type SimulateResponse = Static<typeof simulateResponseSchema>
