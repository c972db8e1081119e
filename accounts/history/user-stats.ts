/**
 * One user's statistics (docs/api.md#history-and-statistics), from one statement: the user's rows
 * are read once (a CTE used several times is materialized) and every figure comes from FILTER
 * aggregates or a small GROUP BY over them, all from the same snapshot, so the figures agree with
 * each other under concurrent writes.
 */
import type { UserStats } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { COUNTED_KINDS_SQL } from './history-kinds.js'
import { assertUserId } from './history-user-id.js'
import { RISK_LEVELS } from '../contract/history.js'
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
}

// Failure reasons count failed rows only, so they never add up to more than fail_count. Codes tie-break
// in byte order (COLLATE "C"), the same on every server whatever its locale. An execute ran a
// simulation and counts; a send ran none and does not.
const USER_STATS_SQL = `WITH mine AS (
  SELECT success, latency_ms, mev_score, mev_level, risk_level, failure_code, created_at
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
    GROUP BY failure_code ORDER BY n DESC, failure_code COLLATE "C" LIMIT ${TOP_FAILURE_REASONS}) g) AS failures
FROM mine`

/** The usage statistics of `userId` as of `nowMs` ("today" starts at 00:00 UTC, as the free quota does). */
export async function getUserStats(db: Queryable, userId: string, nowMs: number): Promise<UserStats> {
  assertUserId(userId)
  const todayStartMs = Math.floor(nowMs / DAY_MS) * DAY_MS
  const [row] = await db.query<UserStatsRow>(USER_STATS_SQL, [
    userId,
    new Date(todayStartMs).toISOString(),
    new Date(nowMs - 7 * DAY_MS).toISOString(),
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
  }
}

/** The risk levels least to most severe; a level outside it (older rows) follows, by name. */
function toRiskOrder(counts: [string, number][]): [string, number][] {
  const rank = (level: string) => {
    const index = (RISK_LEVELS as readonly string[]).indexOf(level)
    return index === -1 ? RISK_LEVELS.length : index
  }
  return [...counts].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
}
