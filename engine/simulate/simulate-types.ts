/**
 * The engine's simulate contract: request options and the response (SPEC 2.11 plus
 * ARCHITECTURE §3: `decision`, `context_slot`). Field names are the JSON names SPEC.md uses.
 */
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
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
  /** Server-side deadline, 50–800 ms (SPEC 2.6). */
  timeoutMs?: number
  /** Simulate with the latest blockhash instead of the transaction's (as Solana's RPC option). */
  replaceRecentBlockhash?: boolean
}

export interface PriorityFees {
  low: number
  medium: number
  high: number
  very_high: number
  samples: number
}

export interface Risk {
  mev_score: number
  mev_level: MevLevel
  mev_type: string | null
  has_blacklisted_program: boolean
  blacklisted_programs: string[]
  dex_programs: Array<{ program_id: string; name: string }>
  token_risk: null
  risk_level: RiskLevel
}

export interface Recommendation {
  code: string
  message: string
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
  slippage: null
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
  decision: Decision
}
