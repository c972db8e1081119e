/**
 * An opt-in report of this process's garbage-collection pauses, for benchmarks that run the
 * service as a separate process (`BENCH_GC_REPORT=<file>`, bench/README.md#floor). Each SIGUSR2
 * writes the pauses observed since the previous one to `file` and starts a new window, so a
 * benchmark brackets a load run with two signals and reads the second report. Off by default:
 * nothing observes GC unless main.ts is given the file.
 */
import { renameSync, writeFileSync } from 'node:fs'
import { PerformanceObserver } from 'node:perf_hooks'

/** What one report holds: the window's pauses, in the order they happened. */
export interface GcPauseReport {
  /** 1 for the first report, then one more per SIGUSR2: a reader waits for the one it asked for. */
  seq: number
  /** Wall time the window covered, ms. */
  windowMs: number
  /** Each pause's duration, ms. */
  pausesMs: number[]
}

/** A window keeps at most this many pauses (a saturating run makes a few hundred a second). */
const MAX_PAUSES = 200_000
/** GC entries reach the observer asynchronously: let the last ones of the window arrive first. */
const SETTLE_MS = 20

/** Starts observing GC and answering SIGUSR2 with a report in `file`; returns a stop function. */
export function startGcPauseReport(file: string): () => void {
  let pauses: number[] = []
  let windowStart = performance.now()
  let seq = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (pauses.length < MAX_PAUSES) pauses.push(entry.duration)
  })
  observer.observe({ entryTypes: ['gc'] })
  const write = () => {
    const now = performance.now()
    const report: GcPauseReport = { seq: ++seq, windowMs: Math.round(now - windowStart), pausesMs: pauses }
    pauses = []
    windowStart = now
    // Written aside and renamed: a reader never sees half a report.
    writeFileSync(`${file}.tmp`, JSON.stringify(report))
    renameSync(`${file}.tmp`, file)
  }
  const onSignal = () => setTimeout(write, SETTLE_MS)
  process.on('SIGUSR2', onSignal)
  return () => {
    process.off('SIGUSR2', onSignal)
    observer.disconnect()
  }
}
