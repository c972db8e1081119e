/** Graceful shutdown on SIGINT / SIGTERM: run the drain once, then exit — always, within a deadline. */
import type { Logger } from './logger.js'

/**
 * How long a drain may take before the process exits anyway (code 1). Below Kubernetes' default
 * 30 s grace, so the process ends on its own terms and says why, rather than by SIGKILL. Every
 * wait inside the drain has its own deadline (queries, RPCs); this one catches what none foresaw.
 */
export const SHUTDOWN_DEADLINE_MS = 25_000

/** Calls `drain` on the first SIGINT or SIGTERM and exits when it settles (a second signal, or the deadline, exits at once). */
export function onShutdownSignal(logger: Logger, drain: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let draining = false
  const handler = (signal: NodeJS.Signals) => {
    if (draining) process.exit(1)
    draining = true
    logger.info({ signal }, 'shutting down: draining in-flight work')
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown did not finish in time: exiting without the rest of the drain')
      process.exit(1)
    }, deadlineMs).unref()
    drain().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
