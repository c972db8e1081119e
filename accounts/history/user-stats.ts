/**
 * One user's statistics (docs/api.md#history-and-statistics), from one statement: the user's rows
 * are read once (a CTE used several times is materialized) and every figure comes from FILTER
 * aggregates or a small GROUP BY over them, all from the same snapshot, so the figures agree with
 * each other under concurrent writes. The daily series groups the window's rows by UTC day;
 * its latency percentiles are nearest-rank (percentile_disc), a latency some simulation had.
 */
import type { DailyStats, UserStats } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { COUNTED_KINDS_SQL } from './history-kinds.js'
import { assertUserId } from './history-user-id.js'
import { RISK_LEVELS, STATS_DAYS_DEFAULT, STATS_DAYS_MAX } from '../contract/history.js'
import { createServiceError } from '../../lib/errors.js'
import { fromSqlNumber, toRounded } from './sql-number.js'

const DAY_MS = 86_400_000
const TOP_FAILURE_REASONS = 5

type Counts = [key: string, count: number][] | null

interface UserStatsRow {
  total: string
  success_count: string
  avg_latency_ms: number | null
  avg_mev_score: number | null
  today: string
  last_7d: string
  mev: Counts
  risk: Counts
  failures: Counts
  daily: DailyRow[] | null
}

/** day, simulations, successes, approve, warn, block, p50, p95, p99. */
type DailyRow = [string, number, number, number, number, number, number, number, number]

// Failure reasons count failed rows only, so they never add up to more than fail_count. Codes tie-break
// in byte order (COLLATE "C"), the same on every server whatever its locale. An execute ran a
// simulation and counts; a send ran none and does not.
const USER_STATS_SQL = `WITH mine AS (
  SELECT success, latency_ms, mev_score, mev_level, risk_level, failure_code, decision, created_at
  FROM simulations WHERE user_id = $1 AND ${COUNTED_KINDS_SQL}
)
SELECT
  count(*) AS total,
  count(*) FILTER (WHERE success) AS success_count,
  avg(latency_ms) AS avg_latency_ms,
  avg(mev_score) AS avg_mev_score,
  count(*) FILTER (WHERE created_at >= $2::timestamptz) AS today,
  count(*) FILTER (WHERE created_at >= $3::timestamptz) AS last_7d,
  (SELECT json_agg(json_build_array(mev_level, n)) FROM (
    SELECT mev_level, count(*) AS n FROM mine WHERE mev_level IS NOT NULL GROUP BY mev_level) g) AS mev,
  (SELECT json_agg(json_build_array(risk_level, n)) FROM (
    SELECT risk_level, count(*) AS n FROM mine WHERE risk_level IS NOT NULL GROUP BY risk_level) g) AS risk,
  (SELECT json_agg(json_build_array(failure_code, n) ORDER BY n DESC, failure_code COLLATE "C") FROM (
    SELECT failure_code, count(*) AS n FROM mine WHERE NOT success AND failure_code IS NOT NULL
    GROUP BY failure_code ORDER BY n DESC, failure_code COLLATE "C" LIMIT ${TOP_FAILURE_REASONS}) g) AS failures,
  (SELECT json_agg(json_build_array(day, n, successes, approve, warn, block, p50, p95, p99) ORDER BY day) FROM (
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n,
      count(*) FILTER (WHERE success) AS successes,
      count(*) FILTER (WHERE decision = 'approve') AS approve,
      count(*) FILTER (WHERE decision = 'warn') AS warn,
      count(*) FILTER (WHERE decision = 'block') AS block,
      percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
      percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95,
      percentile_disc(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99
    FROM mine WHERE created_at >= $4::timestamptz GROUP BY 1) d) AS daily
FROM mine`

/**
 * The usage statistics of `userId` as of `nowMs` ("today" starts at 00:00 UTC, as the free quota
 * does), with `days` UTC days of daily figures, today the last.
 */
export async function getUserStats(db: Queryable, userId: string, nowMs: number, days = STATS_DAYS_DEFAULT): Promise<UserStats> {
  assertUserId(userId)
  if (!Number.isInteger(days) || days < 1 || days > STATS_DAYS_MAX) {
    throw createServiceError('validation_error', `days: must be an integer from 1 to ${STATS_DAYS_MAX}`)
  }
  const todayStartMs = Math.floor(nowMs / DAY_MS) * DAY_MS
  const firstDayMs = todayStartMs - (days - 1) * DAY_MS
  const [row] = await db.query<UserStatsRow>(USER_STATS_SQL, [
    userId,
    new Date(todayStartMs).toISOString(),
    new Date(nowMs - 7 * DAY_MS).toISOString(),
    new Date(firstDayMs).toISOString(),
  ])
  if (!row) throw new Error('an aggregate query returned no row')
  const total = fromSqlNumber(row.total)
  const successCount = fromSqlNumber(row.success_count)
  return {
    total_simulations: total,
    success_count: successCount,
    fail_count: total - successCount,
    success_rate: total === 0 ? 0 : toRounded(successCount / total, 4),
    avg_latency_ms: fromSqlNumber(row.avg_latency_ms, 3),
    avg_mev_score: fromSqlNumber(row.avg_mev_score, 4),
    mev_distribution: Object.fromEntries(row.mev ?? []),
    top_failure_reasons: (row.failures ?? []).map(([code, count]) => ({ code, count })),
    risk_distribution: toRiskOrder(row.risk ?? []).map(([level, count]) => ({ level, count })),
    simulations_today: fromSqlNumber(row.today),
    simulations_7d: fromSqlNumber(row.last_7d),
    daily: toDailySeries(row.daily ?? [], firstDayMs, days),
  }
}

/** Every day of the window, oldest first: the rows of the days with simulations, zeros elsewhere. */
function toDailySeries(rows: readonly DailyRow[], firstDayMs: number, days: number): DailyStats[] {
  const byDay = new Map(rows.map((row) => [row[0], row]))
  return Array.from({ length: days }, (_unused, index) => {
    const date = new Date(firstDayMs + index * DAY_MS).toISOString().slice(0, 10)
    const row = byDay.get(date)
    return {
      date,
      simulations: row ? fromSqlNumber(row[1]) : 0,
      success_count: row ? fromSqlNumber(row[2]) : 0,
      approve: row ? fromSqlNumber(row[3]) : 0,
      warn: row ? fromSqlNumber(row[4]) : 0,
      block: row ? fromSqlNumber(row[5]) : 0,
      latency_p50_ms: row ? fromSqlNumber(row[6], 3) : null,
      latency_p95_ms: row ? fromSqlNumber(row[7], 3) : null,
      latency_p99_ms: row ? fromSqlNumber(row[8], 3) : null,
    }
  })
}

/** The risk levels least to most severe; a level outside it (older rows) follows, by name. */
function toRiskOrder(counts: [string, number][]): [string, number][] {
  const rank = (level: string) => {
    const index = (RISK_LEVELS as readonly string[]).indexOf(level)
    return index === -1 ? RISK_LEVELS.length : index
  }
  return [...counts].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
}
