/** Graceful shutdown on SIGINT / SIGTERM: run the drain once, then exit — always, within a deadline. */
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
      process.exit(1)
    }, deadlineMs).unref()
    drain().then(
      () => {
        // The last line: a person at the terminal, or a supervisor's log, sees the drain end.
        logger.info({ signal, drainMs: Math.round(performance.now() - (drainStartedAt as number)) }, 'stopped')
        process.exit(0)
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
