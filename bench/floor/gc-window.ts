/**
 * Reads the service's GC pauses over one run: a SIGUSR2 opens the window and another closes it
 * (lib/gc-pause-report.ts writes the pauses between two signals to its file), and the second
 * report is summarised.
 */
import { readFileSync } from 'node:fs'
import type { GcPauseReport } from '../../lib/gc-pause-report.js'

export interface GcPauseSummary {
  count: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  totalMs: number
}

export interface GcWindow {
  /** Opens a window (signals the service; returns at once). */
  open(): void
  /** Closes the window and resolves with its pauses' summary. */
  close(): Promise<GcPauseSummary>
}

const READ_TIMEOUT_MS = 5_000

const round = (value: number) => Math.round(value * 100) / 100

/** The nearest-rank `percentile` (0–100) of ascending `sorted`; 0 when it is empty. */
export function getNearestRank(sorted: readonly number[], percentile: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)] as number)
}

/** The pause distribution: nearest-rank percentiles over the window's pauses. */
export function summarizeGcPauses(pausesMs: readonly number[]): GcPauseSummary {
  const sorted = [...pausesMs].sort((a, b) => a - b)
  const at = (percentile: number) => getNearestRank(sorted, percentile)
  return {
    count: sorted.length,
    p50Ms: round(at(50)),
    p99Ms: round(at(99)),
    maxMs: round(sorted.at(-1) ?? 0),
    totalMs: round(sorted.reduce((sum, pause) => sum + pause, 0)),
  }
}

function readReport(file: string): GcPauseReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GcPauseReport
  } catch {
    return undefined
  }
}

/** A window over the process `pid` whose reports go to `file`. */
export function createGcWindow(pid: number, file: string): GcWindow {
  let signals = 0
  const signal = () => {
    signals++
    process.kill(pid, 'SIGUSR2')
  }
  return {
    open: signal,
    async close() {
      signal()
      const deadline = Date.now() + READ_TIMEOUT_MS
      for (;;) {
        const report = readReport(file)
        if (report && report.seq >= signals) return summarizeGcPauses(report.pausesMs)
        if (Date.now() > deadline) throw new Error(`no GC report ${signals} in ${file} (is BENCH_GC_REPORT read by the service?)`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
  }
}
