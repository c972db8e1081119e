/**
 * The log of one outage of something the service depends on (its database, a write that keeps
 * failing): the first failure at error with its cause, then at most one line per interval counting
 * the failures since the last line, and one line when it works again. However many requests meet
 * the outage, it costs a few lines a minute, not one a request.
 */
import { createLogThrottle, LOG_THROTTLE_INTERVAL_MS } from './log-throttle.js'
import type { Logger } from './logger.js'

export interface OutageLog {
  /** Counts one failure: the outage's first line, or a summary once the interval has passed, or nothing. */
  failed(error: unknown, fields?: Record<string, unknown>): void
  /** It worked: ends the outage, when there is one, with one line. A single branch otherwise (hot paths call it). */
  succeeded(): void
  /** Between a failure and the next success. */
  readonly failing: boolean
}

export interface OutageLogOptions {
  logger: Logger | undefined
  /** What is failing, e.g. "accounts database unavailable": the first line and every summary. */
  message: string
  /** The line that ends the outage, e.g. "accounts database available again". */
  recoveredMessage: string
  /** At most one summary per this window (default LOG_THROTTLE_INTERVAL_MS, 10 s). */
  intervalMs?: number
  now?: () => number
}

/** Creates the log of one dependency's outages. */
export function createOutageLog(options: OutageLogOptions): OutageLog {
  const { logger, message, recoveredMessage } = options
  const now = options.now ?? Date.now
  const intervalMs = options.intervalMs ?? LOG_THROTTLE_INTERVAL_MS
  let throttle: (() => number) | undefined
  let startedAtMs = 0
  let total = 0
  return {
    failed(error, fields) {
      total++
      // A fresh throttle per outage: the first failure of the next one is always written.
      if (!throttle) {
        throttle = createLogThrottle(intervalMs, now)
        startedAtMs = now()
      }
      const failed = throttle()
      if (failed === 0) return
      logger?.error({ ...fields, err: error, failed, failedTotal: total, outageMs: now() - startedAtMs }, message)
    },
    succeeded() {
      if (!throttle) return
      logger?.info({ failedTotal: total, outageMs: now() - startedAtMs }, recoveredMessage)
      throttle = undefined
      total = 0
    },
    get failing() {
      return throttle !== undefined
    },
  }
}
