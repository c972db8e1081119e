/** How a load run is named in the chart's legend and in `bench:compare`, and the key that pairs runs of two results. */
import type { LoadRun } from '../load/load-results.js'

/** `rest open 1000/s`, `grpc saturation c=64`, `rest cold`: path, mode, then the rate or the callers. */
export function getRunLabel(run: Pick<LoadRun, 'path' | 'mode' | 'targetRatePerS' | 'concurrency'>): string {
  const parts: string[] = [run.path, run.mode]
  if (run.targetRatePerS !== null) parts.push(`${run.targetRatePerS}/s`)
  if (run.concurrency !== null) parts.push(`c=${run.concurrency}`)
  return parts.join(' ')
}

/** Path + mode + rate + concurrency: two runs with the same key measured the same thing. */
export function getRunKey(run: Pick<LoadRun, 'path' | 'mode' | 'targetRatePerS' | 'concurrency'>): string {
  return `${run.path}|${run.mode}|${run.targetRatePerS ?? '-'}|${run.concurrency ?? '-'}`
}
