/**
 * The engine's simulate contract: request options and the response
 * (docs/api.md#simulate-response). Field names are the API's JSON names.
 */
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import type { DecisionReason } from '../policy/decide-verdict.js'
import type { PolicyInput } from '../policy/policy.js'
import type { CallNode, ProgramUsage } from './call-tree.js'
import type { FailureCode } from './failure.js'

export const VECTORS = ['mev', 'slippage', 'rug', 'program', 'priority_fee', 'simulation'] as const
export type Vector = (typeof VECTORS)[number]
export type RiskLevel = 'safe' | 'low' | 'medium' | 'high' | 'critical'
export type MevLevel = 'none' | 'low' | 'medium' | 'high' | 'critical'
export type Decision = 'approve' | 'warn' | 'block'

export interface SimulateOptions {
  /** Vectors whose findings count toward risk and decision; default all. */
  vectors?: readonly Vector[]
  /** Server-side deadline, 50–800 ms. */
  timeoutMs?: number
  /** Simulate with the latest blockhash instead of the transaction's (as Solana's RPC option). */
  replaceRecentBlockhash?: boolean
  /** A preset name or the policy fields to change; the defaults otherwise. */
  policy?: PolicyInput
  /** Whose per-tenant program blocks apply (the authenticated user's id). */
  tenantId?: string
}

export interface PriorityFees {
  low: number
  medium: number
  high: number
  very_high: number
  samples: number
}

/** A finding of the program vector: something the transaction does to a signer's assets or control. */
export interface RiskFinding {
  /** e.g. `owner_reassigned`, `token_authority_transferred`, `token_delegate_approved`, `token_account_closed_to_other`, `durable_nonce`, `unexplained_outflow`. */
  code: string
  severity: RiskLevel
  message: string
  /** The top-level instruction that does it; null when it happens inside a CPI the logs do not place. */
  instruction_index: number | null
  /** The accounts involved (base58), the affected one first. */
  accounts: string[]
}

/** A program the transaction invokes that is on the curated blacklist or the tenant's own block list. */
export interface BlacklistedProgram {
  program_id: string
  reason: string
  /** Where the entry comes from (the blacklist's source, or `tenant` for the caller's own list). */
  source: string
}

/** A received token's risk (docs/detection.md#the-rug-vector), with the evidence behind the flags. */
export interface TokenRisk {
  mint: string
  symbol: string | null
  risk_score: number
  risk_level: RiskLevel
  flags: string[]
  /** Share of the supply held by the ten largest holders, pools and burn addresses excluded; null: unknown. */
  top_holder_concentration: number | null
  has_mint_authority: boolean
  has_freeze_authority: boolean
  /** Liquidity in a known pool; null: not known in time. */
  has_liquidity: boolean | null
  /** Share of the pool's LP supply burned or locked (constant-product pools); null: not applicable or unknown. */
  lp_burned_or_locked: number | null
  /** Token-2022 extensions of the mint. */
  extensions: string[]
  reasons: string[]
}

/** The inputs of the MEV score, so a caller can see why (docs/detection.md#the-mev-vector). */
export interface MevFactors {
  /** The worst-case slippage the swap accepts, in bps. */
  slippage_bps: number | null
  /** The swap's input as a share of the pool's input-side reserve. */
  trade_share_of_pool: number | null
  /** `jitodontfront` (no Jito bundle may front-run it), `bundle_tip` (sent as a bundle), or null. */
  protection: 'jitodontfront' | 'bundle_tip' | null
  /** Sandwiches seen on the same pool in the recent stream. */
  pool_sandwiches: number
  /** The highest sandwich rate among the next leaders (0–1). */
  leader_sandwich_rate: number | null
  /** The pool (its two vaults, base58, ordered) the score is about. */
  pool: string[] | null
}

export interface Risk {
  mev_score: number
  mev_level: MevLevel
  mev_type: string | null
  has_blacklisted_program: boolean
  blacklisted_programs: string[]
  /** Why each blacklisted program is listed. */
  blacklist_entries: BlacklistedProgram[]
  dex_programs: Array<{ program_id: string; name: string }>
  /** The riskiest received token; null when the transaction receives none. */
  token_risk: TokenRisk | null
  /** Every received token. */
  token_risks: TokenRisk[]
  /** What the transaction does to the signers' control and assets (program vector). */
  findings: RiskFinding[]
  mev_factors: MevFactors | null
  /** Known sandwich bots active on the transaction's pool (stream-detected or listed). */
  known_bots: string[]
  risk_level: RiskLevel
}

/** `{code, message}` plus the value the advice names, when it names one. */
export interface Recommendation {
  code: string
  message: string
  compute_unit_limit?: number
  compute_unit_price_micro_lamports?: number
  /** The named priority-fee level: low, medium, high, very_high. */
  priority_level?: string
  slippage_bps?: number
  account?: string
  mint?: string
}

/** The response's `slippage`: the worst case the swap accepts, and the route it takes. */
export interface Slippage {
  /** Worst-case slippage in bps against the expected amount; null when no expected amount is known. */
  bps: number | null
  /** The venues in order, e.g. `Jupiter v6: Orca Whirlpool → Raydium CPMM`. */
  route: string
  venue: string
  mode: 'exact_in' | 'exact_out'
  input_mint: string | null
  output_mint: string | null
  /** exact_in: the input; exact_out: the most the transaction pays. Base units, decimal string. */
  input_amount: string | null
  /** exact_in: the least it accepts; exact_out: the exact output. */
  output_amount: string | null
  /** What the swap is expected to return (exact_in) or cost (exact_out). */
  expected_amount: string | null
  /** Where the expected amount comes from: the simulation, a quote from pool state, or the instruction's own quote. */
  expected_source: 'simulation' | 'pool_quote' | 'instruction_quote' | null
  hops: number
}

/** Where the transaction's compute-unit price stands among recent landed prices. */
export interface LandingEstimate {
  /** `below_p25`, `p25_p50`, `p50_p75`, `p75_p95`, `above_p95`; `no_samples` when nothing landed recently. */
  fee_percentile_bucket: string
  compute_unit_price_micro_lamports: number
  /** At or above the median of what landed writing the same accounts. */
  competitive: boolean
}

export interface BalanceChange {
  account: string
  /** null for SOL; the mint for a token account. */
  mint: string | null
  /** Token account owner (wallet); null for SOL. */
  owner: string | null
  /** 9 for SOL; the mint's decimals for tokens (null when the mint is unknown). */
  decimals: number | null
  /** Base units (lamports or token base units) as decimal strings: u64 does not fit a JSON number. */
  pre: string
  post: string
  delta: string
}

export interface FeeDetails {
  signatures: number
  base_fee_lamports: number
  priority_fee_lamports: number
  total_fee_lamports: number
  compute_unit_limit: number
  compute_unit_price_micro_lamports: number
}

export interface SimulateResponse {
  success: boolean
  compute_units: number | null
  suggested_compute_limit: number | null
  fee_estimate_sol: number | null
  fee_details: FeeDetails | null
  priority_fees: PriorityFees
  slippage: Slippage | null
  risk: Risk
  recommendations: Recommendation[]
  program_breakdown: ProgramUsage[]
  call_tree: CallNode[]
  balance_changes: BalanceChange[]
  failure_reason: string | null
  failure_code: FailureCode | null
  is_terminal: boolean | null
  /** Solana's JSON shape of the transaction error, as simulateTransaction would return it. */
  transaction_error: TransactionErrorJson | null
  logs: string[]
  latency_ms: number
  context_slot: number
  /**
   * The oldest slot among the account states the simulation used (the slot of the RPC read or
   * stream update that brought each); null when no account was loaded.
   */
  min_account_slot: number | null
  /** The blockhash simulated with, when replace_recent_blockhash was set. */
  replacement_blockhash: string | null
  /** The priority_fee vector's view of the transaction's own price; null when it did not run. */
  landing_estimate: LandingEstimate | null
  /** Vectors that did not answer within timeout_ms; the others still did. */
  timed_out_vectors: Vector[]
  decision: Decision
  /** The policy rules that blocked, or the findings that warn; empty on approve. */
  decision_reasons: DecisionReason[]
  /**
   * Answered from the engine's result cache: the same request at the same slot, nothing it read
   * changed since (its `latency_ms` is then this lookup's). False on a fresh simulation.
   */
  cached: boolean
}
