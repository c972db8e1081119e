/**
 * The meter reporter: runs in the process that owns the user service when billing is configured.
 * Every interval it writes the outbox rows of ended hours (meter-outbox.ts), then claims unreported
 * rows under a lease and sends each to Stripe as a billing meter event carrying the row's
 * identifier, marking it reported once Stripe answered. A reporter killed between Stripe's answer
 * and the mark leaves a lease that runs out; the row is sent again with the same identifier and
 * Stripe counts it once. Nothing is lost (the row was written before any report) and nothing is
 * doubled.
 */
import Stripe from 'stripe'
import type { Logger } from '../../lib/logger.js'
import type { Database } from '../db/database.js'
import { toEpochMs, type DbTimestamp } from '../db/timestamp.js'
import { toMeterTimestampSeconds, writeMeterReports } from './meter-outbox.js'

/** Stripe takes meter events up to 35 days old; an older row can never be reported. */
const STRIPE_METER_WINDOW_MS = 35 * 86_400_000
const RETRY_BASE_MS = 30_000
const RETRY_CAP_MS = 3_600_000

export interface MeterReporterOptions {
  db: Database
  stripe: Stripe
  /** The meter's event name (STRIPE_METER_EVENT_NAME). */
  eventName: string
  /** EUR a SOL: relay tips at cost. */
  solEur: number
  logger: Logger
  /** How often the outbox is written and sent (BILLING_REPORT_INTERVAL_MS). */
  intervalMs: number
  /** How long a claimed row is held; longer than a Stripe call with its retries may take. */
  leaseMs?: number
  batchSize?: number
  /** Epoch ms (tests). */
  now?: () => number
}

export interface MeterReporterPass {
  /** Writes the outbox, then reports one batch; answers the rows written and reported. */
  runOnce(): Promise<{ written: number; reported: number }>
}

export interface MeterReporter extends MeterReporterPass {
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>
}

interface ClaimedReport {
  user_id: string
  hour_start: DbTimestamp
  revision: number
  customer_id: string
  value: string
  identifier: string
  attempts: number
}

/** One pass of the reporter at a time, run by the caller (tests, and the timer below). */
export function createMeterReporter(options: Omit<MeterReporterOptions, 'intervalMs'>): MeterReporterPass {
  const { db, stripe, eventName, solEur, logger } = options
  const leaseMs = options.leaseMs ?? 120_000
  const batchSize = options.batchSize ?? 50
  const now = options.now ?? Date.now

  function claim(nowMs: number): Promise<ClaimedReport[]> {
    return db.query<ClaimedReport>(
      `WITH due AS (
         SELECT user_id, hour_start, revision FROM billing_meter_reports
         WHERE reported_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
         ORDER BY next_attempt_at LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE billing_meter_reports r SET lease_until = $2 FROM due
       WHERE r.user_id = due.user_id AND r.hour_start = due.hour_start AND r.revision = due.revision
       RETURNING r.user_id, r.hour_start, r.revision, r.customer_id, r.value::text AS value, r.identifier, r.attempts`,
      [new Date(nowMs), new Date(nowMs + leaseMs), batchSize],
    )
  }

  async function record(row: ClaimedReport, outcome: { reportedAtMs: number } | { error: string; failed: boolean }, nowMs: number) {
    const key = [row.user_id, row.hour_start instanceof Date ? row.hour_start : new Date(row.hour_start), row.revision] as const
    if ('reportedAtMs' in outcome) {
      await db.query(
        `UPDATE billing_meter_reports SET reported_at = $4, attempts = attempts + 1, lease_until = NULL, last_error = NULL
         WHERE user_id = $1 AND hour_start = $2 AND revision = $3`,
        [...key, new Date(outcome.reportedAtMs)],
      )
      return
    }
    const delayMs = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(row.attempts, 16))
    await db.query(
      `UPDATE billing_meter_reports SET attempts = attempts + 1, lease_until = NULL, last_error = $4, next_attempt_at = $5,
         failed_at = CASE WHEN $6::boolean THEN $7::timestamptz ELSE NULL END
       WHERE user_id = $1 AND hour_start = $2 AND revision = $3`,
      [...key, outcome.error.slice(0, 2000), new Date(nowMs + delayMs), outcome.failed, new Date(nowMs)],
    )
  }

  async function report(row: ClaimedReport): Promise<boolean> {
    const hourStartMs = toEpochMs(row.hour_start)
    try {
      await stripe.billing.meterEvents.create(
        {
          event_name: eventName,
          identifier: row.identifier,
          timestamp: toMeterTimestampSeconds(hourStartMs),
          payload: { stripe_customer_id: row.customer_id, value: row.value },
        },
        { idempotencyKey: row.identifier },
      )
    } catch (error) {
      // Stripe saw this identifier already: the usage is counted, which is all a report is for.
      if (error instanceof Stripe.errors.StripeError && error.code === 'duplicate_meter_event') {
        await record(row, { reportedAtMs: now() }, now())
        return true
      }
      const nowMs = now()
      const failed = nowMs - hourStartMs >= STRIPE_METER_WINDOW_MS
      const message = error instanceof Error ? error.message : String(error)
      logger.warn({ err: error, identifier: row.identifier, failed }, 'meter event not reported to Stripe')
      await record(row, { error: message, failed }, nowMs)
      return false
    }
    await record(row, { reportedAtMs: now() }, now())
    return true
  }

  async function runOnce(): Promise<{ written: number; reported: number }> {
    const written = await writeMeterReports(db, now(), solEur)
    const claimed = await claim(now())
    let reported = 0
    for (const row of claimed) {
      // One at a time: Stripe's meter endpoint allows many calls a second, but a burst gains nothing here.
      if (
        await report(row).catch((error: unknown) => logger.error({ err: error, identifier: row.identifier }, 'meter report not recorded'))
      )
        reported += 1
    }
    return { written, reported }
  }

  return { runOnce }
}

/** Starts reporting from `options.db`'s outbox every `intervalMs`, the first pass at once. */
export function startMeterReporter(options: MeterReporterOptions): MeterReporter {
  const { logger, intervalMs } = options
  const { runOnce } = createMeterReporter(options)
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const loop = () => {
    running = runOnce()
      .catch((error: unknown) => logger.error({ err: error }, 'meter outbox pass failed'))
      .then(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs)
      })
  }
  timer = setTimeout(loop, 0)

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
