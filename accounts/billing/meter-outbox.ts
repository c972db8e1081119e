/**
 * The meter outbox, `billing_meter_reports`: what each customer's billable usage came to per UTC
 * hour, in micro-euros, written before anything is sent to Stripe. An hour is written once it has
 * ended; usage recorded late for it (a history record flushed after a restart, a tip whose
 * transaction landed later) adds a revision holding the difference, for as long as the hour is
 * inside the look-back. Each row has its own identifier, which Stripe deduplicates on, so a row
 * reported twice (a crash after Stripe accepted it and before it was marked) counts once.
 *
 * Two writers racing (two accounts processes) cannot both add the same revision: the primary key
 * (user, hour, revision) keeps one, and the other's difference is found again on its next pass.
 */
import type { Queryable } from '../db/database.js'
import { toEpochMs, type DbTimestamp } from '../db/timestamp.js'
import { toAmountMicroEur, toTipMicroEur } from './billing-prices.js'
import { getHourlyUsage, getHourStartMs, HOUR_MS } from './hourly-usage.js'

/** How far back usage is re-read for late records: two days. */
export const METER_LOOKBACK_MS = 48 * HOUR_MS

/** The identifier a row is reported with (at most 100 characters, as Stripe allows). */
export function toMeterIdentifier(userId: string, hourStartMs: number, revision: number): string {
  const hour = new Date(hourStartMs).toISOString().slice(0, 13).replace(/[-T]/g, '')
  return `pf-${userId}-${hour}-r${revision}`
}

interface ReportedRow {
  user_id: string
  hour_start: DbTimestamp
  value: string
  revision: number
}

/**
 * Writes the outbox rows that ended hours in the look-back still lack for every user with a
 * customer; answers how many were written.
 */
export async function writeMeterReports(db: Queryable, nowMs: number, solEur: number): Promise<number> {
  const untilMs = getHourStartMs(nowMs)
  const fromMs = untilMs - METER_LOOKBACK_MS
  const customers = await db.query<{ user_id: string; customer_id: string }>('SELECT user_id, customer_id FROM billing_customers')
  if (customers.length === 0) return 0
  const customerOf = new Map(customers.map((row) => [row.user_id, row.customer_id]))
  const usage = await getHourlyUsage(db, [...customerOf.keys()], fromMs, untilMs)
  const reported = await db.query<ReportedRow>(
    `SELECT user_id, hour_start, sum(value)::text AS value, max(revision) AS revision FROM billing_meter_reports
     WHERE hour_start >= $1 GROUP BY user_id, hour_start`,
    [new Date(fromMs)],
  )
  const reportedOf = new Map(reported.map((row) => [`${row.user_id}/${toEpochMs(row.hour_start)}`, row]))
  let written = 0
  for (const hour of usage) {
    const value = toAmountMicroEur({
      billableSimulations: hour.billableSimulations,
      billableSubmits: hour.billableSubmits,
      tipMicroEur: toTipMicroEur(hour.tipLamports, solEur),
    })
    const previous = reportedOf.get(`${hour.userId}/${hour.hourStartMs}`)
    const difference = value - (previous ? Number(previous.value) : 0)
    // Usage only grows; a smaller figure (a rate changed since) is never taken back.
    if (difference <= 0) continue
    const revision = previous ? previous.revision + 1 : 0
    const rows = await db.query(
      `INSERT INTO billing_meter_reports (user_id, hour_start, revision, customer_id, value, identifier, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT DO NOTHING RETURNING revision`,
      [
        hour.userId,
        new Date(hour.hourStartMs),
        revision,
        customerOf.get(hour.userId) ?? '',
        difference,
        toMeterIdentifier(hour.userId, hour.hourStartMs, revision),
        new Date(nowMs),
      ],
    )
    written += rows.length
  }
  return written
}

/** The instant a row's usage is reported at: its hour's last second, inside a period that began during the hour. */
export function toMeterTimestampSeconds(hourStartMs: number): number {
  return Math.floor((hourStartMs + HOUR_MS) / 1000) - 1
}
