/** Schedule 1 bills each calendar month (UTC): the period a user without a running subscription sees. */

/** The UTC calendar month `nowMs` falls in, as [startMs, endMs). */
export function getCalendarMonth(nowMs: number): { startMs: number; endMs: number } {
  const now = new Date(nowMs)
  return {
    startMs: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    endMs: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1),
  }
}
