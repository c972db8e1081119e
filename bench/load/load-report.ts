/** The load run's printed report (a table, the max-rate and cold lines) and its JSON file. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import type { LatencySummary, LoadBenchResult, LoadRun } from './load-results.js'
import type { RateStep } from './max-rate-search.js'
import { P99_LIMIT_MS } from './max-rate-search.js'
import type { ColdRunOutcome } from './cold-run.js'
import type { GcPauseStats } from './gc-pauses.js'
import type { UserServiceCallCounts } from '../support/counted-user-service.js'

/** Per run, what explains its figures but is not part of the result format. */
export interface RunDiagnostics {
  /** Load-worker CPU, % of one core: near 100 means the generator, not the server, is the limit. */
  generatorCpuPct: number
  generatorGc: GcPauseStats
  /** null when the server runs elsewhere. */
  serverGc: GcPauseStats | null
}

/** What the report shows beyond the result file. */
export interface ReportExtras {
  diagnostics: ReadonlyMap<LoadRun, RunDiagnostics>
  searches: ReadonlyMap<string, RateStep[]>
  cold: ColdRunOutcome
  /** Account-cache RPC calls of the serving engine during the load runs (a warm run makes none). */
  warmCacheRpcCalls: number | null
  /** What the serving edge asked of accounts during the load runs (a warm run looks up no credential); null when external. */
  userServiceCalls: UserServiceCallCounts | null
  serverMeasured: boolean
}

const COLUMNS = [
  'path',
  'mode',
  'rate/conc',
  'achieved/s',
  'p50',
  'p90',
  'p99',
  'p99.9',
  'max',
  'errors',
  'srv CPU%',
  'RSS MB',
  'srv GC',
  'gen CPU%',
  'gen GC',
  '×JSON-RPC',
  '×floor',
] as const

function ms(value: number): string {
  if (value === 0) return '0'
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(value >= 1 ? 2 : 3)
}

function ratio(value: number | null): string {
  return value === null ? '' : value >= 100 ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 2)
}

/** The issue's latency aims for the new doors, checked against the open-loop runs at fixed rates. */
const P50_AIMS: ReadonlyArray<{ path: LoadRun['path']; label: string; p50Ms: number }> = [
  { path: 'websocket', label: 'WebSocket', p50Ms: 0.2 },
  { path: 'grpc', label: 'gRPC direct', p50Ms: 0.5 },
]

function getLoadLabel(run: LoadRun): string {
  if (run.mode === 'open') return `${run.targetRatePerS}/s`
  if (run.mode === 'stream') return `${run.stream?.messages ?? '?'} msg`
  return `×${run.concurrency}`
}

function toRow(run: LoadRun, extras: ReportExtras): string[] {
  const { latency } = run
  const diagnostics = extras.diagnostics.get(run)
  return [
    run.path,
    run.mode,
    getLoadLabel(run),
    run.achievedRatePerS.toFixed(0),
    ms(latency.p50Ms),
    ms(latency.p90Ms),
    ms(latency.p99Ms),
    ms(latency.p999Ms),
    ms(latency.maxMs),
    String(latency.errors),
    extras.serverMeasured ? run.server.cpuPct.toFixed(0) : 'n/a',
    extras.serverMeasured ? run.server.rssMaxMb.toFixed(0) : 'n/a',
    diagnostics?.serverGc ? ms(diagnostics.serverGc.maxMs) : 'n/a',
    diagnostics ? diagnostics.generatorCpuPct.toFixed(0) : '',
    diagnostics ? ms(diagnostics.generatorGc.maxMs) : '',
    ratio(run.ratios.toJsonRpc),
    ratio(run.ratios.toFloor),
  ]
}

function formatTable(rows: string[][]): string {
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...rows.map((row) => (row[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

function formatSummary(latency: LatencySummary): string {
  return `p50 ${ms(latency.p50Ms)} / p90 ${ms(latency.p90Ms)} / p99 ${ms(latency.p99Ms)} / max ${ms(latency.maxMs)} ms, ${latency.count} calls, ${latency.errors} errors`
}

/** Batch runs in simulations/s, the WebSocket stream's totals, and the p50 aims: lines under the table. */
function formatPathNotes(result: LoadBenchResult): string[] {
  const out: string[] = []
  for (const run of result.runs.filter((run) => run.simulationsPerRequest !== undefined)) {
    const size = run.simulationsPerRequest as number
    out.push(
      `batch of ${size}, ${getLoadLabel(run)}: ${run.achievedRatePerS.toFixed(1)} batches/s = ${Math.round(run.achievedRatePerS * size)} simulations/s; ` +
        `per batch p50 ${ms(run.latency.p50Ms)} / p99 ${ms(run.latency.p99Ms)} ms (${ms(run.latency.p50Ms / size)} ms a simulation at p50)`,
    )
  }
  for (const run of result.runs.filter((run) => run.mode === 'stream')) {
    out.push(
      `${run.path} stream: ${run.stream?.messages ?? run.latency.count} messages on one socket in ${run.durationS} s = ${run.achievedRatePerS.toFixed(0)}/s, ` +
        `at most ${run.stream?.peakUnanswered ?? '?'} unanswered; per message ${formatSummary(run.latency)} (from its send, socket buffers included)`,
    )
  }
  for (const aim of P50_AIMS) {
    const open = result.runs.filter((run) => run.path === aim.path && run.mode === 'open' && run.latency.count > 0)
    if (open.length === 0) continue
    const figures = open
      .sort((a, b) => (a.targetRatePerS ?? 0) - (b.targetRatePerS ?? 0))
      .map((run) => `${ms(run.latency.p50Ms)} at ${run.targetRatePerS}/s${run.latency.p50Ms <= aim.p50Ms ? ' ✓' : ''}`)
    out.push(`aim: ${aim.label} p50 ≤ ${aim.p50Ms} ms — open loop p50 ${figures.join(', ')}`)
  }
  return out
}

function formatLoadAverage(recorded: unknown, when: 'start' | 'end'): string {
  const values = (recorded as Partial<Record<'start' | 'end', number[]>> | undefined)?.[when]
  return values ? values.join(' / ') : '?'
}

/** The printed report. */
export function formatLoadReport(result: LoadBenchResult, extras: ReportExtras): string {
  const { machine, git } = result
  const out: string[] = [
    `load benchmark — ${machine.cpuModel} ×${machine.cpus}, ${machine.memoryGb} GB, Node ${machine.node}, commit ${git.commit}${git.dirty ? ' (dirty tree)' : ''}, ${result.durationS} s`,
    `load average (1/5/15 min) at start ${formatLoadAverage(result.settings.loadAverage, 'start')}, at end ${formatLoadAverage(result.settings.loadAverage, 'end')}: figures from a busy machine are mostly its noise`,
    `mix: ${result.mix.map((entry) => `${entry.name} (${entry.success ? 'ok' : 'fails'}, ${entry.computeUnits} CU)`).join(', ')}`,
    `floor (raw LiteSVM over the mix, in process): ${formatSummary(result.floor)}`,
    ...(result.cached
      ? [
          `cached (result-cache hits over the mix, engine.simulate() in process): ${formatSummary(result.cached.hits)}; ${result.cached.misses} misses; ` +
            `the same requests simulated: p50 ${ms(result.cached.simulated.p50Ms)}, p99 ${ms(result.cached.simulated.p99Ms)} ms`,
        ]
      : []),
    '',
    `latency in ms (open loop: from each request's intended start); srv = the process serving localnet + engine + accounts + edge; gen = the load worker;`,
    `GC = longest garbage-collection pause in the window, ms`,
    formatTable(result.runs.map((run) => toRow(run, extras))),
  ]
  if (!extras.serverMeasured) out.push('server CPU/RSS: not measured (external stack; they are recorded as 0)')
  const notes = formatPathNotes(result)
  if (notes.length > 0) out.push('', ...notes)
  out.push('', `max open-loop rate with p99 < ${P99_LIMIT_MS} ms and no errors:`)
  const pathWidth = Math.max(8, ...[...extras.searches.keys()].map((path) => path.length))
  for (const [path, steps] of extras.searches) {
    const trail = steps
      .map(
        (step) =>
          `${step.ratePerS} ${step.held ? '✓' : '✗'} (p99 ${ms(step.run.latency.p99Ms)}${step.run.latency.errors ? `, ${step.run.latency.errors} err` : ''})`,
      )
      .join(' → ')
    const max = result.maxRateUnder10MsP99[path as keyof LoadBenchResult['maxRateUnder10MsP99']]
    // The run kept at that rate (longer than a step, unless it was one of the fixed rates or --quick).
    const kept = result.runs.find((run) => run.path === path && run.mode === 'open' && run.targetRatePerS === max)
    const confirmation =
      kept && !steps.some((step) => step.run === kept)
        ? `; over ${kept.durationS} s at that rate: p99 ${ms(kept.latency.p99Ms)}${kept.latency.p99Ms < P99_LIMIT_MS ? '' : ' (did not hold)'}`
        : ''
    out.push(`  ${path.padEnd(pathWidth)} ${max === undefined ? 'none held' : `${max}/s`}   ${trail}${confirmation}`)
  }
  const { cold } = result
  out.push(
    '',
    `cold (empty cache, +${cold.injectedRpcLatencyMs} ms per RPC request, engine.simulate() in process): ${formatSummary(cold.latency)}; ${extras.cold.rpcCallsPerSimulate} getMultipleAccounts per simulate`,
    `coalescing: ${cold.coalescing.concurrent} simultaneous simulates of one unseen account set → ${cold.coalescing.rpcCalls} RPC call(s), ${cold.coalescing.keysFetched} keys fetched (${extras.cold.concurrentSucceeded}/${cold.coalescing.concurrent} succeeded)`,
  )
  if (extras.cold.firstError) out.push(`cold: first error: ${extras.cold.firstError}`)
  if (extras.warmCacheRpcCalls !== null)
    out.push(`warm check: ${extras.warmCacheRpcCalls} account-cache RPC calls by the serving engine during the load runs`)
  const userService = extras.userServiceCalls
  if (userService) {
    out.push(
      `accounts during the load runs: ${userService.lookups} credential lookups (0 = warm); simulation history ${userService.historyRecords} records in ${userService.historyBatches} writes, ${userService.historyWriteMs} ms`,
    )
  }
  if (result.unavailable.length > 0) out.push('', 'not measured:', ...result.unavailable.map((entry) => `  ${entry.path}: ${entry.reason}`))
  return out.join('\n')
}

/** Writes `<dir>/<YYYY-MM-DD>-<commit>.json` (UTC date) and returns its path. */
export function writeLoadResult(root: string, dir: string, result: LoadBenchResult): string {
  const directory = isAbsolute(dir) ? dir : join(root, dir)
  mkdirSync(directory, { recursive: true })
  const file = join(directory, `${result.startedAt.slice(0, 10)}-${result.git.commit}.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  return file
}

/** Installed versions of `names` (from node_modules). */
export function getPackageVersions(root: string, names: readonly string[]): Record<string, string> {
  const read = (name: string) => {
    try {
      return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
    } catch {
      return 'not installed'
    }
  }
  return Object.fromEntries(names.map((name) => [name, read(name)]))
}
