/**
 * One page of a user's simulation history, newest first, with keyset paging
 * (docs/api.md#history-and-statistics). An execute's, a send's or a submit's row shows where its
 * transaction stands, from its tracking record (same user, same signature); a submit's adds what
 * its answer said, from its own row.
 */
import type { HistoryTransaction, SimulationHistoryItem, SimulationPage, SimulationQuery } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import type { SubmitRoute, SubmitStrategyName, TrackingStatus } from '../contract/tracking.js'
import type { HistoryKind } from '../contract/history.js'
import { toHistoryCursor } from './history-cursor.js'
import { toSimulationFilter } from './simulation-filter.js'

interface SimulationRow {
  id: string
  /** UTC, six fraction digits: the cursor needs every microsecond PostgreSQL keeps. */
  created_at_us: string
  success: boolean
  decision: string | null
  risk_level: string | null
  mev_score: number | null
  mev_level: string | null
  failure_code: string | null
  failure_reason: string | null
  compute_units: number | null
  fee_estimate_sol: number | null
  latency_ms: number
  signature: string | null
  api_key_id: string | null
  cached: boolean
  kind: HistoryKind
  strategy: SubmitStrategyName | null
  billable: boolean | null
  bundle_id: string | null
  /** bigint, as text. */
  tip_lamports: string | null
  tx_status: TrackingStatus | null
  tx_route: SubmitRoute | null
  /** bigint, as text. */
  tx_landed_slot: string | null
  tx_matched: boolean | null
}

// to_char on the UTC wall time: independent of the session's TimeZone, and exact (no float epoch).
const COLUMNS = `id, user_id, created_at, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_us,
  success, decision, risk_level, mev_score, mev_level, failure_code, failure_reason, compute_units,
  fee_estimate_sol, latency_ms, signature, api_key_id, cached, kind, strategy, billable, bundle_id, tip_lamports`

// The page is cut first (the filter's conditions name simulations' columns unqualified), then joined
// to tracking by primary key: at most limit + 1 lookups, none for a simulate. `matched` is read only
// when the outcome holds a boolean there.
const TRACKING_JOIN = `LEFT JOIN tracked_transactions t
  ON p.kind <> 'simulate' AND t.user_id = p.user_id AND t.signature = p.signature`
const TRACKING_COLUMNS = `t.status AS tx_status, t.route AS tx_route, t.landed_slot AS tx_landed_slot,
  CASE WHEN jsonb_typeof(t.outcome -> 'matched') = 'boolean' THEN (t.outcome ->> 'matched')::boolean END AS tx_matched`

/** The page `query` asks for; `next_cursor` is set only when more rows follow it. */
export async function getSimulationPage(db: Queryable, query: SimulationQuery): Promise<SimulationPage> {
  const { conditions, values, limit, offset } = toSimulationFilter(query)
  const limitParam = values.push(limit + 1)
  const offsetParam = values.push(offset)
  // One row more than asked tells whether another page exists without a count(*).
  const rows = await db.query<SimulationRow>(
    `SELECT p.*, ${TRACKING_COLUMNS} FROM (
       SELECT ${COLUMNS} FROM simulations WHERE ${conditions.join(' AND ')}
       ORDER BY created_at DESC, id DESC LIMIT $${limitParam} OFFSET $${offsetParam}
     ) p ${TRACKING_JOIN}
     ORDER BY p.created_at DESC, p.id DESC`,
    values,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    simulations: page.map(toSimulationHistoryItem),
    next_cursor: rows.length > limit && last ? toHistoryCursor({ createdAt: last.created_at_us, id: last.id }) : null,
  }
}

function toSimulationHistoryItem(row: SimulationRow): SimulationHistoryItem {
  return {
    id: row.id,
    // Clients get JavaScript's millisecond ISO form; writes carry millisecond times anyway.
    created_at: `${row.created_at_us.slice(0, 23)}Z`,
    success: row.success,
    decision: row.decision,
    risk_level: row.risk_level,
    mev_score: row.mev_score,
    mev_level: row.mev_level,
    failure_code: row.failure_code,
    failure_reason: row.failure_reason,
    compute_units: row.compute_units,
    fee_estimate_sol: row.fee_estimate_sol,
    latency_ms: row.latency_ms,
    signature: row.signature,
    api_key_id: row.api_key_id,
    cached: row.cached,
    kind: row.kind,
    transaction: toHistoryTransaction(row),
  }
}

function toHistoryTransaction(row: SimulationRow): HistoryTransaction | null {
  if (row.tx_status === null || row.tx_route === null) return null
  return {
    status: row.tx_status,
    route: row.tx_route,
    landed_slot: row.tx_landed_slot === null ? null : Number(row.tx_landed_slot),
    matched: row.tx_matched,
    strategy: row.strategy,
    billable: row.billable,
    bundle_id: row.bundle_id,
    tip_lamports: row.tip_lamports,
  }
}
