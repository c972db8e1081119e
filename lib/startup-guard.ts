/**
 * A main's boot, until it serves: what it has started so far is closed again, in reverse order,
 * if a later step fails or a signal arrives, and the process exits. A port that cannot be bound, a
 * wrong value, or a store a setting names that cannot be reached or written (ListenError,
 * ConfigError, SettingError) is one line on stderr naming the variable to change, not a stack trace.
 *
 * Signals matter here because in a container the process is PID 1, for which the kernel ignores a
 * signal nobody handles: without this, a `docker stop` during boot would wait for SIGKILL.
 */
import { constants } from 'node:os'
import { ConfigError } from './config.js'
import { isListenError } from './listen-error.js'
import { isSettingError } from './setting-error.js'

/** How long closing what started may take before the process exits anyway. */
export const STARTUP_CLOSE_DEADLINE_MS = 10_000

export interface StartupGuard {
  /** Registers how to close something that has started, should a later step fail. */
  closeOnFailure(close: () => unknown): void
  /** Boot is over: failures and signals are the running service's business (onShutdownSignal) from here. */
  serving(): void
}

/** Guards a main's boot: install it before the first thing that opens a port, file or connection. */
export function createStartupGuard(closeDeadlineMs = STARTUP_CLOSE_DEADLINE_MS): StartupGuard {
  const closers: Array<() => unknown> = []
  let stopping = false

  const closeStartedAndExit = (exitCode: number) => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(exitCode), closeDeadlineMs).unref()
    void (async () => {
      for (const close of closers.reverse()) {
        try {
          await close()
        } catch {
          // Exiting anyway: the failure that stopped the boot is the one worth reading.
        }
      }
      process.exit(exitCode)
    })()
  }
  const onFailure = (error: unknown) => {
    // Before the logger may exist, and read by a person at a terminal: plain stderr. A port in use
    // or a wrong setting is one line naming the variable; anything else keeps its stack.
    if (isListenError(error) || isSettingError(error) || error instanceof ConfigError) process.stderr.write(`${error.message}\n`)
    else console.error(error)
    closeStartedAndExit(1)
  }
  // 128 + the signal's number: the status the process would have had without a handler.
  const onSignal = (signal: NodeJS.Signals) => closeStartedAndExit(128 + constants.signals[signal])

  process.on('uncaughtException', onFailure)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    closeOnFailure(close) {
      closers.push(close)
    },
    serving() {
      process.off('uncaughtException', onFailure)
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}
