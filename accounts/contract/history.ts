/**
 * Simulation history and statistics (docs/api.md#history-and-statistics): what is recorded of each
 * call, and the pages and figures clients read back.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '../../lib/json-schema.js'
import { SUBMIT_ROUTES, SUBMIT_STRATEGY_NAMES, TRACKING_STATUSES, type SubmitStrategyName } from './tracking.js'

/**
 * The calls history lists: a simulate, an execute (simulated, then sent when approved), a send
 * (sent as it is) or a submit (landed with a strategy).
 */
export const HISTORY_KINDS = ['simulate', 'execute', 'send', 'submit'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

/** The risk levels history filters and counts by: the engine's (engine/contract/risk-levels.ts), kept identical by test/accounts/history-risk-levels.test.ts. */
export const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const
export type HistoryRiskLevel = (typeof RISK_LEVELS)[number]

/** The verdicts history records. */
const DECISIONS = ['approve', 'warn', 'block'] as const

/**
 * The instants history keeps and a query may name: years 1 to 9999. PostgreSQL's timestamptz
 * reaches further, but the ISO text JavaScript writes for a year 0 or a negative year ("0000-…",
 * "-000001-…") is not one PostgreSQL reads (22008 datetime field overflow), so a bound outside this
 * range would be a 500 instead of the client's validation error.
 */
export const MIN_STORABLE_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z')
export const MAX_STORABLE_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z')

/** Whether `ms` is an instant history can keep (see MIN_STORABLE_TIME_MS). */
export function isStorableTimeMs(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= MIN_STORABLE_TIME_MS && ms <= MAX_STORABLE_TIME_MS
}

const count = () => Type.Integer({ minimum: 0 })

/** The tracking of a history item's transaction, as far as history shows it, with what a submit answered. */
export const historyTransactionSchema = Nullable(
  Type.Object(
    {
      status: StringEnum(TRACKING_STATUSES),
      route: StringEnum(SUBMIT_ROUTES),
      landed_slot: Nullable(Type.Integer({ minimum: 0 }), { description: 'The slot it landed in; null until it landed.' }),
      matched: Nullable(Type.Boolean(), {
        description: 'Whether what landed matched the prediction it was sent on; null until it landed, and for a send.',
      }),
      strategy: Nullable(StringEnum(SUBMIT_STRATEGY_NAMES), { description: 'The strategy a submit named; null for an execute or a send.' }),
      billable: Nullable(Type.Boolean(), { description: 'Whether the submit is billed per call; null for an execute or a send.' }),
      bundle_id: Nullable(Type.String(), { description: 'The relay’s bundle id the submit answered; null otherwise.' }),
      tip_lamports: Nullable(Type.String({ pattern: '^[0-9]+$' }), {
        description: 'The managed tip the submit answered, lamports as a decimal string; null when none.',
      }),
    },
    {
      additionalProperties: false,
      description:
        'Where an execute’s, a send’s or a submit’s transaction stands (its tracking: GET /api/v1/solana/transactions/{signature}), with what a submit answered; null for a simulate, and for an execute that sent nothing.',
    },
  ),
)
export type HistoryTransaction = NonNullable<Static<typeof historyTransactionSchema>>

/** An item of `GET /api/v1/solana/simulations`. */
export const simulationHistoryItemSchema = Type.Object(
  {
    id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    success: Type.Boolean(),
    decision: Nullable(StringEnum(DECISIONS)),
    risk_level: Nullable(StringEnum(RISK_LEVELS)),
    mev_score: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    mev_level: Nullable(Type.String()),
    failure_code: Nullable(Type.String()),
    failure_reason: Nullable(Type.String()),
    compute_units: Nullable(Type.Integer({ minimum: 0 })),
    fee_estimate_sol: Nullable(Type.Number({ minimum: 0 })),
    latency_ms: Type.Number({ minimum: 0 }),
    signature: Nullable(Type.String(), { description: "The transaction's first signature (base58); null when it carries none." }),
    api_key_id: Nullable(Type.String(), { description: 'The API key the call was made with; null for a bearer token.' }),
    cached: Type.Boolean(),
    kind: StringEnum(HISTORY_KINDS, {
      description:
        'The call: a simulate, an execute (simulated, then sent when approved), a send (sent as it is, not simulated) or a submit (landed with a strategy, not judged: simulated only for its prediction).',
    }),
    transaction: historyTransactionSchema,
  },
  { additionalProperties: false },
)
/** Decision and risk level are text as stored (history keeps what the engine answered). */
export type SimulationHistoryItem = Omit<Static<typeof simulationHistoryItemSchema>, 'decision' | 'risk_level'> & {
  decision: string | null
  risk_level: string | null
}

/** A page of history, newest first. */
export const simulationPageSchema = Type.Object(
  {
    simulations: Type.Array(simulationHistoryItemSchema, { description: 'Newest first.' }),
    next_cursor: Nullable(Type.String(), { description: 'Pass as `cursor` for the next page; null on the last.' }),
  },
  { $id: 'SimulationListResponse', additionalProperties: false },
)
export interface SimulationPage {
  simulations: SimulationHistoryItem[]
  next_cursor: string | null
}

/** Days `daily` covers by default (the dashboard's charts), and at most (`GET /simulations/stats?days=`). */
export const STATS_DAYS_DEFAULT = 14
export const STATS_DAYS_MAX = 90

/** One UTC day of the caller's simulations. */
export const dailyStatsSchema = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The UTC day, YYYY-MM-DD.' }),
    simulations: count(),
    success_count: count(),
    approve: count(),
    warn: count(),
    block: count(),
    latency_p50_ms: Nullable(Type.Number({ minimum: 0 }), {
      description: 'Nearest-rank percentile of the day; null on a day without simulations.',
    }),
    latency_p95_ms: Nullable(Type.Number({ minimum: 0 })),
    latency_p99_ms: Nullable(Type.Number({ minimum: 0 })),
  },
  { $id: 'DailyStats', additionalProperties: false },
)
export type DailyStats = Static<typeof dailyStatsSchema>

/** The caller's own figures. */
export const userStatsSchema = Type.Object(
  {
    total_simulations: count(),
    success_count: count(),
    fail_count: count(),
    success_rate: Type.Number({ minimum: 0, maximum: 1 }),
    avg_latency_ms: Type.Number({ minimum: 0 }),
    avg_mev_score: Type.Number({ minimum: 0, maximum: 1 }),
    mev_distribution: Type.Unsafe<Record<string, number>>({
      type: 'object',
      additionalProperties: count(),
      description: 'MEV level → simulations.',
    }),
    top_failure_reasons: Type.Array(Type.Object({ code: Type.String(), count: count() }, { additionalProperties: false })),
    risk_distribution: Type.Array(Type.Object({ level: StringEnum(RISK_LEVELS), count: count() }, { additionalProperties: false })),
    simulations_today: count(),
    simulations_7d: count(),
    daily: Type.Array(dailyStatsSchema, {
      description: 'Every UTC day of the window (`days`, 14 by default), oldest first, today last; zeros on a day without simulations.',
    }),
  },
  { $id: 'UserStats', additionalProperties: false },
)
/** Risk levels are text as stored. */
export type UserStats = Omit<Static<typeof userStatsSchema>, 'risk_distribution'> & {
  risk_distribution: { level: string; count: number }[]
}

/** The figures of `GET /api/v1/status` that history answers (the edge adds `status` and `uptime_pct`). */
export interface ServiceTotals {
  total_simulations: number
  simulations_24h: number
  success_rate_24h: number
  latency_p50_ms: number
  latency_p95_ms: number
  latency_p99_ms: number
}

/** One simulate call as history keeps it (written off the hot path, in batches). */
export interface SimulationRecord {
  userId: string
  apiKeyId: string | null
  createdAtMs: number
  success: boolean
  decision: string | null
  riskLevel: string | null
  mevScore: number | null
  mevLevel: string | null
  failureCode: string | null
  failureReason: string | null
  computeUnits: number | null
  feeEstimateSol: number | null
  latencyMs: number
  signature: string | null
  cached: boolean
  /** Absent: `simulate`. An execute, a send or a submit is listed with its tracking (`signature` is the key). */
  kind?: HistoryKind
  /** A submit's strategy, as its answer named it (required for a submit, absent otherwise). */
  strategy?: SubmitStrategyName
  /** Whether the submit is billed per call, as its answer said (required for a submit, absent otherwise). */
  billable?: boolean
  /** The relay's bundle id a submit answered (at most 200 characters); absent: null. */
  bundleId?: string | null
  /** The managed tip a submit answered, lamports as decimal text (a JSON line carries no bigint; 0 to 2^63 − 1); absent: null. */
  tipLamports?: string | null
  /**
   * The record's identity, a uuid given when the caller was answered: a record delivered twice (a
   * journal replayed after a crash, when the first delivery committed but was not marked done) is
   * stored once. Absent: stored every time it is delivered.
   */
  recordId?: string
}

export interface SimulationQuery {
  userId: string
  /** 1 to 200. */
  limit: number
  /** A `next_cursor` this service issued. */
  cursor?: string
  offset?: number
  success?: boolean
  sinceMs?: number
  untilMs?: number
  riskLevel?: string
  /** Only the records of this transaction (its first signature, base58); a record without a signature never matches. */
  signature?: string
}

/** Simulations one user ran in a window. */
export interface UserSimulationCount {
  userId: string
  simulations: number
}

/** What one user's submits in a window come to, for billing (accounts/history/submit-usage.ts). */
export interface SubmitUsage {
  /** Submits whose answer said billable: one per user and signature, however often it was posted. */
  billableSubmits: number
  /** Managed tips of submits whose transaction landed (tracking final at finalized or failed), in lamports. */
  managedTipLamports: bigint
  /** Submits with a managed tip not resolved yet (or not tracked): their tip may still be paid. */
  unsettledTips: number
}
