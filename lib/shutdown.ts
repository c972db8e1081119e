/** Graceful shutdown on SIGINT / SIGTERM: run the drain once, then exit — always, within a deadline. */
import { pino } from 'pino'
import type { Logger } from './logger.js'

/**
 * How long a drain may take before the process exits anyway (code 1). Below Kubernetes' default
 * 30 s grace, so the process ends on its own terms and says why, rather than by SIGKILL. Every
 * wait inside the drain has its own deadline (queries, RPCs); this one catches what none foresaw.
 */
export const SHUTDOWN_DEADLINE_MS = 25_000

/**
 * A second signal this soon after the first is the same request delivered twice, not impatience:
 * Ctrl-C under `npm start` reaches the process from the terminal (the whole process group) and
 * again from npm, which forwards SIGINT and SIGTERM to its script.
 */
export const REPEATED_SIGNAL_WINDOW_MS = 1_000

/** How long the last log lines may take to reach their destination before the process exits anyway. */
const LOG_FLUSH_LIMIT_MS = 1_000

/** What pino writes to: its default destination (sonic-boom) ends once every queued line is written, in order. */
interface LogDestination {
  end?: () => void
  once?: (event: 'close', listener: () => void) => void
}

/**
 * Exits with `code` once the logger's lines are written. pino writes stdout asynchronously, and at
 * process.exit its exit handler writes what is still queued at once: a line logged just before
 * would overtake one still being written, and `stopped` would not be the last line. Ending the
 * destination writes the rest in order first; a destination that cannot end (or never says it has
 * closed within the limit) exits as before.
 */
function exitOnceLogged(logger: Logger, code: number): void {
  const exit = () => process.exit(code)
  setTimeout(exit, LOG_FLUSH_LIMIT_MS)
  const destination = (logger as unknown as Record<symbol, LogDestination | undefined>)[pino.symbols.streamSym]
  if (!destination?.end || !destination.once) return exit()
  destination.once('close', exit)
  try {
    destination.end()
  } catch {
    exit()
  }
}

/**
 * Calls `drain` on the first SIGINT or SIGTERM and exits when it settles (0, or 1 if it failed).
 * A second signal later than `repeatWindowMs`, or the deadline, exits 1 at once.
 */
export function onShutdownSignal(
  logger: Logger,
  drain: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
  repeatWindowMs = REPEATED_SIGNAL_WINDOW_MS,
): void {
  let drainStartedAt: number | undefined
  const handler = (signal: NodeJS.Signals) => {
    if (drainStartedAt !== undefined) {
      if (performance.now() - drainStartedAt > repeatWindowMs) process.exit(1)
      return
    }
    drainStartedAt = performance.now()
    logger.info({ signal }, 'shutting down: draining in-flight work')
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown did not finish in time: exiting without the rest of the drain')
      exitOnceLogged(logger, 1)
    }, deadlineMs).unref()
    drain().then(
      () => {
        // The last line: a person at the terminal, or a supervisor's log, sees the drain end.
        logger.info({ signal, drainMs: Math.round(performance.now() - (drainStartedAt as number)) }, 'stopped')
        exitOnceLogged(logger, 0)
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        exitOnceLogged(logger, 1)
      },
    )
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
