/**
 * Lets a repeated log line through at most once per interval and counts what it held back, so a
 * flood (refused calls, dropped connections, a failing disk or store) cannot flood the log too.
 */

/** One line per this window at most. */
export const LOG_THROTTLE_INTERVAL_MS = 10_000

/**
 * Counts one occurrence. Answers how many occurred since the last line let through (this one
 * included) when a line may be written now, else 0.
 */
export function createLogThrottle(intervalMs = LOG_THROTTLE_INTERVAL_MS, now: () => number = Date.now): () => number {
  let lastLineMs = -Infinity
  let occurred = 0
  return () => {
    occurred++
    const nowMs = now()
    if (nowMs - lastLineMs < intervalMs) return 0
    lastLineMs = nowMs
    const count = occurred
    occurred = 0
    return count
  }
}
