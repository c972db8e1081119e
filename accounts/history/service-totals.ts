/** The figures of `GET /api/v1/status` that history answers, over every user's simulations (executes included, sends not). */
import type { ServiceTotals } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { COUNTED_KINDS_SQL } from './history-kinds.js'
import { fromSqlNumber, toRounded } from './sql-number.js'

const DAY_MS = 86_400_000

interface ServiceTotalsRow {
  total: string
  last_24h: string
  success_24h: string
  p50: number | null
  p95: number | null
  p99: number | null
}

// The 24 h window is read through the created_at index; the lifetime total is a plain count. A send
// simulates nothing: only simulate and execute rows are simulations.
const SERVICE_TOTALS_SQL = `SELECT
  (SELECT count(*) FROM simulations WHERE ${COUNTED_KINDS_SQL}) AS total,
  count(*) AS last_24h,
  count(*) FILTER (WHERE success) AS success_24h,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95,
  percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99
FROM simulations WHERE created_at >= $1::timestamptz AND ${COUNTED_KINDS_SQL}`

/** Lifetime total, and volume, success rate and latency percentiles of the 24 h before `nowMs`. */
export async function getServiceTotals(db: Queryable, nowMs: number): Promise<ServiceTotals> {
  const [row] = await db.query<ServiceTotalsRow>(SERVICE_TOTALS_SQL, [new Date(nowMs - DAY_MS).toISOString()])
  if (!row) throw new Error('an aggregate query returned no row')
  const last24h = fromSqlNumber(row.last_24h)
  return {
    total_simulations: fromSqlNumber(row.total),
    simulations_24h: last24h,
    success_rate_24h: last24h === 0 ? 0 : toRounded(fromSqlNumber(row.success_24h) / last24h, 4),
    latency_p50_ms: fromSqlNumber(row.p50, 3),
    latency_p95_ms: fromSqlNumber(row.p95, 3),
    latency_p99_ms: fromSqlNumber(row.p99, 3),
  }
}
