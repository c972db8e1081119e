/**
 * How many simulations each user ran since a moment: what an edge keeping its daily quota in
 * memory reads at start, so a restart (or a crash) does not hand everyone a fresh day.
 */
import type { UserSimulationCount } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { isStorableTimeMs } from '../contract/history.js'
import { createServiceError } from '../../lib/errors.js'
import { COUNTED_KINDS_SQL } from './history-kinds.js'
import { fromSqlNumber } from './sql-number.js'

// Read through the created_at index: one range of today's rows. Sends are no simulations: the quota counts none.
const COUNTS_SQL = `SELECT user_id, count(*) AS simulations FROM simulations WHERE created_at >= $1::timestamptz AND ${COUNTED_KINDS_SQL} GROUP BY user_id ORDER BY user_id`

/** Per user with any, the simulations recorded at or after `sinceMs`. */
export async function getSimulationCountsSince(db: Queryable, sinceMs: number): Promise<UserSimulationCount[]> {
  if (!isStorableTimeMs(sinceMs)) throw createServiceError('validation_error', 'sinceMs: must be epoch milliseconds from year 1 to 9999')
  const rows = await db.query<{ user_id: string; simulations: string }>(COUNTS_SQL, [new Date(sinceMs).toISOString()])
  return rows.map((row) => ({ userId: row.user_id, simulations: fromSqlNumber(row.simulations) }))
}
