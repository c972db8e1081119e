/** Graceful shutdown on SIGINT / SIGTERM: run the drain once, then exit. */
import type { Logger } from './logger.js'

/** Calls `drain` on the first SIGINT or SIGTERM and exits when it settles (a second signal exits at once). */
export function onShutdownSignal(logger: Logger, drain: () => Promise<void>): void {
  let draining = false
  const handler = (signal: NodeJS.Signals) => {
    if (draining) process.exit(1)
    draining = true
    logger.info({ signal }, 'shutting down: draining in-flight work')
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
