/**
 * The history journal's outage: from a write that failed until a probe writes again. While it
 * lasts the journal touches no file on a call (a burst of calls cannot spin through segment
 * numbers) and refuses it with `journal_unavailable`; the probe is retried with back-off, not per
 * call. One line is logged when it starts, at most one per window while it lasts, one when it ends.
 */
import { createRetryableError, type ServiceError } from '../lib/errors.js'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'

/** What `/health` shows of the journal. */
export interface JournalHealth {
  writable: boolean
  /** When the outage began (epoch ms); null while writable. */
  failingSinceMs: number | null
  /** The OS error code of the last failure (ENOSPC, EROFS, EIO, ENOENT, …); null while writable. */
  errorCode: string | null
  /** Calls refused since the outage began. */
  refusedCalls: number
}

export interface JournalOutage {
  readonly active: boolean
  /** Starts or continues the outage with `error`, and schedules the next probe if none is. */
  begin(error: unknown): void
  /** Counts one refused call and returns its error, with Retry-After at the next probe. */
  refuse(): ServiceError
  getHealth(): JournalHealth
  /** Cancels the pending probe. */
  close(): void
}

export interface JournalOutageOptions {
  dir: string
  /** Writes to the journal again; throws while it cannot. A return ends the outage. */
  probe: () => void
  logger?: Logger
  /** The first probe's delay; each failed probe doubles it up to `maxDelayMs`. Default 100. */
  minDelayMs?: number
  /** Default 5,000: a disk that recovers is used again within 5 s. */
  maxDelayMs?: number
  now?: () => number
}

/** The OS error code of `error` (`ENOSPC`, …), or `EIO` for an error without one (a short write). */
export function getErrorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return typeof code === 'string' ? code : 'EIO'
}

/** Creates the outage tracker of one journal; inactive until `begin`. */
export function createJournalOutage(options: JournalOutageOptions): JournalOutage {
  const { dir, probe, logger } = options
  const now = options.now ?? Date.now
  const minDelayMs = options.minDelayMs ?? 100
  const maxDelayMs = options.maxDelayMs ?? 5_000
  let sinceMs: number | null = null
  let errorCode: string | null = null
  let refused = 0
  let unreportedRefused = 0
  let failedProbes = 0
  let nextProbeMs = 0
  let timer: NodeJS.Timeout | null = null
  let closed = false
  let probeFailures = createLogThrottle()

  function schedule(): void {
    if (timer !== null || closed) return
    const delayMs = Math.min(maxDelayMs, minDelayMs * 2 ** failedProbes)
    nextProbeMs = now() + delayMs
    timer = setTimeout(runProbe, delayMs)
    // A journal left failing must not keep the process alive.
    timer.unref()
  }

  function runProbe(): void {
    timer = null
    try {
      probe()
    } catch (error) {
      failedProbes++
      errorCode = getErrorCode(error)
      const failed = probeFailures()
      if (failed > 0) {
        logger?.error(
          { err: error, dir, code: errorCode, failingMs: now() - (sinceMs ?? now()), refused: unreportedRefused },
          'history journal still cannot write: calls that leave a history record are refused',
        )
        unreportedRefused = 0
      }
      schedule()
      return
    }
    logger?.warn({ dir, failingMs: now() - (sinceMs ?? now()), refused }, 'history journal writes again: calls are accepted')
    sinceMs = null
    errorCode = null
    refused = 0
    unreportedRefused = 0
    failedProbes = 0
  }

  return {
    get active() {
      return sinceMs !== null
    },
    begin(error) {
      errorCode = getErrorCode(error)
      if (sinceMs === null) {
        sinceMs = now()
        // This line opens the window: the next failed probe is logged a window later, not at once.
        probeFailures = createLogThrottle(undefined, now)
        probeFailures()
        logger?.error(
          { err: error, dir, code: errorCode },
          'history journal cannot write: calls that leave a history record are refused (503 journal_unavailable) until it writes again',
        )
      }
      schedule()
    },
    refuse() {
      refused++
      unreportedRefused++
      return createRetryableError('journal_unavailable', Math.max(0, nextProbeMs - now()) / 1000)
    },
    getHealth() {
      return { writable: sinceMs === null, failingSinceMs: sinceMs, errorCode, refusedCalls: refused }
    },
    close() {
      closed = true
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}
