/**
 * Counts garbage collections inside measured spans (PerformanceObserver 'gc' entries), so a result
 * can say how much of its tail was GC. A key (one path of one case) may have several spans, one per
 * round. Entries arrive asynchronously: `flush()` before reading.
 */
import { type PerformanceEntry, PerformanceObserver, constants, performance } from 'node:perf_hooks'

export interface GcStats {
  count: number
  /** Total pause (ms) of the collections that started inside the spans. */
  totalMs: number
  maxMs: number
  /** Count by kind: minor (scavenge), major (mark-compact), incremental, weakcb. */
  byKind: Record<string, number>
}

export interface GcTracker {
  begin(key: string): void
  end(key: string): void
  /** Waits until pending gc entries are delivered. */
  flush(): Promise<void>
  getStats(key: string): GcStats
  stop(): void
}

const KIND_NAMES: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
}

function getKind(entry: PerformanceEntry): string {
  const detail = (entry as { detail?: { kind?: number } }).detail
  return KIND_NAMES[detail?.kind ?? -1] ?? 'other'
}

/** Starts observing GC. */
export function createGcTracker(): GcTracker {
  const entries: PerformanceEntry[] = []
  const spans = new Map<string, Array<[number, number]>>()
  const opened = new Map<string, number>()
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push(entry)
  })
  observer.observe({ entryTypes: ['gc'] })

  return {
    begin(key) {
      opened.set(key, performance.now())
    },
    end(key) {
      const from = opened.get(key)
      if (from === undefined) throw new Error(`gc span ${key} was not begun`)
      opened.delete(key)
      const list = spans.get(key) ?? []
      list.push([from, performance.now()])
      spans.set(key, list)
    },
    async flush() {
      await new Promise<void>((resolve) => setTimeout(resolve, 10))
    },
    getStats(key) {
      const list = spans.get(key) ?? []
      const stats: GcStats = { count: 0, totalMs: 0, maxMs: 0, byKind: {} }
      for (const entry of entries) {
        if (!list.some(([from, to]) => entry.startTime >= from && entry.startTime <= to)) continue
        stats.count++
        stats.totalMs += entry.duration
        stats.maxMs = Math.max(stats.maxMs, entry.duration)
        const kind = getKind(entry)
        stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1
      }
      stats.totalMs = Math.round(stats.totalMs * 1000) / 1000
      stats.maxMs = Math.round(stats.maxMs * 1000) / 1000
      return stats
    },
    stop() {
      observer.disconnect()
    },
  }
}
