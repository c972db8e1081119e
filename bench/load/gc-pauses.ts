/**
 * Garbage-collection pauses of this process (PerformanceObserver 'gc' entries), summed over a
 * window of performance.now() time: a tail of a few milliseconds is often one collection, on
 * either side of the wire. Entries arrive asynchronously: read a window once it has closed.
 */
import { PerformanceObserver } from 'node:perf_hooks'

export interface GcPauseStats {
  count: number
  totalMs: number
  maxMs: number
}

export interface GcPauseLog {
  /** Pauses that started within [fromMs, toMs]. */
  getStats(fromMs: number, toMs: number): GcPauseStats
  stop(): void
}

/** Keeps this many pauses at most (a long run keeps the latest). */
const MAX_ENTRIES = 100_000

/** Starts recording this process's GC pauses. */
export function createGcPauseLog(): GcPauseLog {
  const pauses: Array<[startMs: number, durationMs: number]> = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.duration])
    if (pauses.length > MAX_ENTRIES) pauses.splice(0, pauses.length - MAX_ENTRIES)
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    getStats(fromMs, toMs) {
      const stats: GcPauseStats = { count: 0, totalMs: 0, maxMs: 0 }
      for (const [start, duration] of pauses) {
        if (start < fromMs || start > toMs) continue
        stats.count++
        stats.totalMs += duration
        stats.maxMs = Math.max(stats.maxMs, duration)
      }
      stats.totalMs = Math.round(stats.totalMs * 10) / 10
      stats.maxMs = Math.round(stats.maxMs * 10) / 10
      return stats
    },
    stop: () => observer.disconnect(),
  }
}
