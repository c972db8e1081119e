/**
 * What users' calls come to per UTC hour, read from history (the one record every edge writes, so
 * usage counted in one process is the same usage across all of them). Both the usage route and the
 * meter reporter read it here, so the bill and the figures a user sees cannot disagree.
 *
 * Simulations (simulate and execute rows, as the daily quota counts them) are free up to 1,000 a
 * UTC day; the ones past it are billable, attributed to the hour they ran in. So the count always
 * starts at the day's beginning, whatever window is asked for.
 */
import type { Queryable } from '../db/database.js'
import { toEpochMs, type DbTimestamp } from '../db/timestamp.js'
import { COUNTED_KINDS_SQL } from '../history/history-kinds.js'
import { fromSqlNumber } from '../history/sql-number.js'
import { DAY_MS, FREE_DAILY_SIMULATIONS } from '../../lib/limits/limit-plans.js'

export const HOUR_MS = 3_600_000

/** One user's calls in one UTC hour. */
export interface HourlyUsage {
  userId: string
  /** Epoch ms of the hour's start. */
  hourStartMs: number
  /** Simulations run (simulate and execute calls). */
  simulations: number
  /** Of those, the ones past the day's free quota. */
  billableSimulations: number
  executes: number
  sends: number
  submits: number
  billableSubmits: number
  /** Managed tips of submits whose transaction landed (tracking final at finalized or failed). */
  tipLamports: bigint
  /** Submits with a managed tip not resolved yet: their tip may still be paid. */
  unsettledTips: number
}

// Through simulations_user_recent (user_id, created_at). A submit's tracking record says whether its
// managed tip was paid; the join is for submits only (executes and sends are tracked too).
const HOURLY_SQL = `SELECT s.user_id,
  date_trunc('hour', s.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour_start,
  count(*) FILTER (WHERE s.${COUNTED_KINDS_SQL}) AS simulations,
  count(*) FILTER (WHERE s.kind = 'execute') AS executes,
  count(*) FILTER (WHERE s.kind = 'send') AS sends,
  count(*) FILTER (WHERE s.kind = 'submit') AS submits,
  count(*) FILTER (WHERE s.kind = 'submit' AND s.billable) AS billable_submits,
  COALESCE(sum(t.tip_lamports) FILTER (WHERE t.status IN ('finalized', 'failed')), 0)::text AS tip_lamports,
  count(*) FILTER (WHERE s.kind = 'submit' AND s.tip_lamports IS NOT NULL AND (t.status IS NULL OR t.status IN ('pending', 'processed', 'confirmed')))
    AS unsettled_tips
FROM simulations s
LEFT JOIN tracked_transactions t ON s.kind = 'submit' AND t.user_id = s.user_id AND t.signature = s.signature
WHERE s.user_id = ANY ($1::uuid[]) AND s.created_at >= $2::timestamptz AND s.created_at < $3::timestamptz
GROUP BY s.user_id, hour_start
ORDER BY s.user_id, hour_start`

interface HourlyRow {
  user_id: string
  hour_start: DbTimestamp
  simulations: string
  executes: string
  sends: string
  submits: string
  billable_submits: string
  tip_lamports: string
  unsettled_tips: string
}

/** The UTC day's start of `ms`. */
export function getDayStartMs(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS
}

/** The UTC hour's start of `ms`. */
export function getHourStartMs(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS
}

/**
 * Per user and hour with any call, the usage of the hours from `fromMs`'s hour up to (excluding)
 * `untilMs`; hours before `fromMs`'s day are read only to count the day's free quota.
 */
export async function getHourlyUsage(db: Queryable, userIds: readonly string[], fromMs: number, untilMs: number): Promise<HourlyUsage[]> {
  if (userIds.length === 0 || untilMs <= fromMs) return []
  const readFromMs = getDayStartMs(fromMs)
  const rows = await db.query<HourlyRow>(HOURLY_SQL, [userIds, new Date(readFromMs).toISOString(), new Date(untilMs).toISOString()])
  const firstHourMs = getHourStartMs(fromMs)
  const usage: HourlyUsage[] = []
  let dayKey = ''
  let simulationsBeforeHour = 0
  for (const row of rows) {
    const hourStartMs = toEpochMs(row.hour_start)
    const key = `${row.user_id}/${getDayStartMs(hourStartMs)}`
    if (key !== dayKey) {
      dayKey = key
      simulationsBeforeHour = 0
    }
    const simulations = fromSqlNumber(row.simulations)
    const billableBefore = Math.max(0, simulationsBeforeHour - FREE_DAILY_SIMULATIONS)
    simulationsBeforeHour += simulations
    const billableAfter = Math.max(0, simulationsBeforeHour - FREE_DAILY_SIMULATIONS)
    if (hourStartMs < firstHourMs) continue
    usage.push({
      userId: row.user_id,
      hourStartMs,
      simulations,
      billableSimulations: billableAfter - billableBefore,
      executes: fromSqlNumber(row.executes),
      sends: fromSqlNumber(row.sends),
      submits: fromSqlNumber(row.submits),
      billableSubmits: fromSqlNumber(row.billable_submits),
      tipLamports: BigInt(row.tip_lamports),
      unsettledTips: fromSqlNumber(row.unsettled_tips),
    })
  }
  return usage
}
