/**
 * Polls a tracked transaction until it is final (finalized, failed, expired, dropped) or, by
 * default, confirmed with its outcome compared: what execute, send and submit callers wait for.
 */
import type { TrackedTransaction } from './api-types.js'
import { PreflightError, isPreflightError } from './errors.js'
import { sleep } from './http/abort.js'

export interface WaitForOutcomeOptions {
  /** Give up after this long (`outcome_timeout`); default 60 s. */
  timeoutMs?: number
  /** Between reads; default 500 ms (a slot is about 400 ms). */
  intervalMs?: number
  /** `final`: only finalized, failed, expired or dropped. `landed` (default): also confirmed with an outcome. */
  until?: 'landed' | 'final'
  signal?: AbortSignal
}

const FINAL_STATUSES = new Set(['finalized', 'failed', 'expired', 'dropped'])

/** Whether `record` is as far as `until` asks. */
export function isOutcomeReached(record: TrackedTransaction, until: 'landed' | 'final'): boolean {
  if (FINAL_STATUSES.has(record.status)) return true
  return until === 'landed' && record.status === 'confirmed' && record.outcome !== null
}

export async function waitForOutcome(
  getTransaction: (signature: string, options: { signal?: AbortSignal }) => Promise<TrackedTransaction>,
  signature: string,
  options: WaitForOutcomeOptions = {},
): Promise<TrackedTransaction> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const startedMs = Date.now()
  const until = options.until ?? 'landed'
  for (;;) {
    try {
      const record = await getTransaction(signature, options.signal ? { signal: options.signal } : {})
      // A send has no prediction, so no outcome ever comes: confirmed is as far as it goes.
      if (isOutcomeReached(record, until) || (until === 'landed' && record.status === 'confirmed' && record.prediction === null))
        return record
    } catch (error) {
      // Tracking is written as the send happens; a read that races it may see nothing yet.
      if (!isPreflightError(error, 'not_found') || Date.now() - startedMs > 5_000) throw error
    }
    if (Date.now() - startedMs >= timeoutMs) {
      throw new PreflightError({ code: 'outcome_timeout', message: `${signature} has no outcome after ${timeoutMs} ms` })
    }
    await sleep(options.intervalMs ?? 500, options.signal)
  }
}
