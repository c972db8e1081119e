/** Pairs the runs of two load results and sets their figures side by side, with B over A. */
import type { LatencySummary, LoadBenchResult, LoadPath, LoadRun } from '../load/load-results.js'
import { getRunKey, getRunLabel } from './run-label.js'

/** One figure in A and in B; null where that result does not have it. */
export interface MetricComparison {
  a: number | null
  b: number | null
  /** b / a; null when either is missing or a is 0 (1 when both are 0). */
  ratio: number | null
  /** Which way is an improvement: latency `lower`, throughput `higher`. */
  better: 'lower' | 'higher'
}

export interface ComparisonRow {
  kind: 'run' | 'floor' | 'cold' | 'max-rate'
  /** What pairs the two sides: path|mode|rate|concurrency for a run. */
  key: string
  label: string
  /** Absent where the figure does not apply (the floor has no throughput, a max rate no latency). */
  p50Ms?: MetricComparison
  p99Ms?: MetricComparison
  ratePerS?: MetricComparison
  /** Failed requests in each run, where either had some. */
  errors?: { a: number | null; b: number | null }
}

function toFigure(value: number | undefined | null): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** The two figures, their ratio B/A, and which way is better. */
export function compareMetric(a: number | null | undefined, b: number | null | undefined, better: 'lower' | 'higher'): MetricComparison {
  const figureA = toFigure(a)
  const figureB = toFigure(b)
  let ratio: number | null = null
  if (figureA !== null && figureB !== null) {
    if (figureA !== 0) ratio = figureB / figureA
    else if (figureB === 0) ratio = 1
  }
  return { a: figureA, b: figureB, ratio, better }
}

function compareLatency(a: LatencySummary | undefined, b: LatencySummary | undefined): Pick<ComparisonRow, 'p50Ms' | 'p99Ms'> {
  return { p50Ms: compareMetric(a?.p50Ms, b?.p50Ms, 'lower'), p99Ms: compareMetric(a?.p99Ms, b?.p99Ms, 'lower') }
}

/** Runs by key; a key seen twice in one file (should not happen) gets `#2`, so neither run is lost. */
function getRunsByKey(runs: readonly LoadRun[]): Map<string, LoadRun> {
  const byKey = new Map<string, LoadRun>()
  for (const run of runs) {
    const key = getRunKey(run)
    let unique = key
    for (let n = 2; byKey.has(unique); n++) unique = `${key}#${n}`
    byKey.set(unique, run)
  }
  return byKey
}

function getColdLabel(a: LoadBenchResult, b: LoadBenchResult): string {
  const injectedA = toFigure(a.cold.injectedRpcLatencyMs)
  const injectedB = toFigure(b.cold.injectedRpcLatencyMs)
  if (injectedA === injectedB) return injectedA === null ? 'cold' : `cold (RPC +${injectedA} ms)`
  return `cold (RPC +${injectedA ?? '?'} → +${injectedB ?? '?'} ms)`
}

/**
 * Every run of A or B (in A's order, then B's own), paired by path + mode + rate/concurrency;
 * then the floor, the cold run, and each path's highest rate with p99 under 10 ms.
 */
export function compareResults(a: LoadBenchResult, b: LoadBenchResult): ComparisonRow[] {
  const runsA = getRunsByKey(a.runs)
  const runsB = getRunsByKey(b.runs)
  const keys = [...runsA.keys(), ...[...runsB.keys()].filter((key) => !runsA.has(key))]
  const rows: ComparisonRow[] = keys.map((key) => {
    const runA = runsA.get(key)
    const runB = runsB.get(key)
    const row: ComparisonRow = {
      kind: 'run',
      key,
      label: getRunLabel((runA ?? runB) as LoadRun) + (key.includes('#') ? ` ${key.slice(key.indexOf('#'))}` : ''),
      ...compareLatency(runA?.latency, runB?.latency),
      ratePerS: compareMetric(runA?.achievedRatePerS, runB?.achievedRatePerS, 'higher'),
    }
    const errorsA = toFigure(runA?.latency.errors)
    const errorsB = toFigure(runB?.latency.errors)
    if ((errorsA ?? 0) > 0 || (errorsB ?? 0) > 0) row.errors = { a: errorsA, b: errorsB }
    return row
  })
  rows.push({ kind: 'floor', key: 'floor', label: 'floor (raw LiteSVM)', ...compareLatency(a.floor, b.floor) })
  rows.push({ kind: 'cold', key: 'cold', label: getColdLabel(a, b), ...compareLatency(a.cold.latency, b.cold.latency) })
  const maxA = a.maxRateUnder10MsP99
  const maxB = b.maxRateUnder10MsP99
  const paths = [...new Set([...Object.keys(maxA), ...Object.keys(maxB)])] as LoadPath[]
  for (const path of paths) {
    rows.push({
      kind: 'max-rate',
      key: `max-rate|${path}`,
      label: `${path} max rate, p99 < 10 ms`,
      ratePerS: compareMetric(maxA[path], maxB[path], 'higher'),
    })
  }
  return rows
}
