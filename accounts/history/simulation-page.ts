/** One page of a user's simulation history, newest first, with keyset paging (docs/api.md#history-and-statistics). */
import type { SimulationHistoryItem, SimulationPage, SimulationQuery } from '../user-service.js'
import type { Queryable } from '../db/database.js'
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
}

// to_char on the UTC wall time: independent of the session's TimeZone, and exact (no float epoch).
const COLUMNS = `id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_us,
  success, decision, risk_level, mev_score, mev_level, failure_code, failure_reason, compute_units,
  fee_estimate_sol, latency_ms, signature, api_key_id, cached`

/** The page `query` asks for; `next_cursor` is set only when more rows follow it. */
export async function getSimulationPage(db: Queryable, query: SimulationQuery): Promise<SimulationPage> {
  const { conditions, values, limit, offset } = toSimulationFilter(query)
  const limitParam = values.push(limit + 1)
  const offsetParam = values.push(offset)
  // One row more than asked tells whether another page exists without a count(*).
  const rows = await db.query<SimulationRow>(
    `SELECT ${COLUMNS} FROM simulations WHERE ${conditions.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT $${limitParam} OFFSET $${offsetParam}`,
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
  }
}
