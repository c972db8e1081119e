/**
 * The benchmark's output: the JSON result (every figure, with machine, versions and settings) and
 * the printed table with the floor ratios and where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { BenchSettings, PathName } from './bench-settings.js'
import type { CaseCounters, CaseValidation } from './case-paths.js'
import type { GcStats } from './gc-tracker.js'
import type { LatencyStats } from './latency-recorder.js'
import type { GitState, MachineInfo } from './machine-info.js'

/** The aims for this hot path (bench/README.md, docs/architecture.md#hot-path-rules). */
export const TARGETS = { engineOverFloorP50: 3, restP50Us: 250, vectorsOverSimulationP99: 1.5 } as const

export interface PathResult {
  path: PathName
  measures: string
  iterations: number
  warmup: number
  latency: LatencyStats
  /** p50 over the svm-floor's p50 (null when the floor was not run). */
  p50OverFloor: number | null
  gc: GcStats
}

export interface CaseResult {
  case: string
  description: string
  transactionBytes: number
  transactionBase64: string
  validation: CaseValidation
  counters: CaseCounters & {
    /** Account-cache RPC calls, SVM writes and credential lookups in accounts during the measured rounds: 0 when truly warm. */
    cacheRpcCalls: number
    svmAccountWrites: number
    svmProgramWrites: number
    restSocketsOpened: number
    accountsLookups: number
  }
  /** Simulation history the edge wrote to accounts during the rounds (off the request path, same process). */
  history: { records: number; batches: number; writeMs: number }
  paths: PathResult[]
  /** p50 differences (µs) that say where the time goes; null when a path was not run. */
  breakdownP50Us: {
    engineOverFloor: number | null
    resultReadOverFloor: number | null
    restOverEngine: number | null
    httpFloor: number | null
    edgeOverHttpFloorAndEngine: number | null
    /** The warm authenticator alone, per credential: what authentication adds to a REST request. */
    authApiKey: number | null
    authBearer: number | null
    /** REST with the bearer token over REST with the API key. */
    restBearerOverRest: number | null
  }
  targets: {
    engineOverFloorP50: number | null
    engineWithin3x: boolean | null
    restP50Us: number | null
    restUnder250Us: boolean | null
    /** Issue 6: the engine with all six vectors over the engine with the simulation vector alone, at p99 and p50. */
    vectorsOverSimulationP99: number | null
    vectorsOverSimulationP50: number | null
    vectorsWithin1_5x: boolean | null
  }
}

export interface BenchResult {
  benchmark: 'engine-simulate'
  startedAt: string
  durationS: number
  git: GitState
  machine: MachineInfo
  loadAverage: { start: number[]; end: number[] }
  timerOverheadNs: number
  settings: BenchSettings & {
    engineEnv: Record<string, string>
    pollersRunning: boolean
    /** Where accounts keeps users, keys and history, and how long the edge trusts a cached credential. */
    accounts: { database: string; authCacheTtlMs: number }
    /** Stream mode: the engine followed a geyser stream while traffic landed; null otherwise. */
    geyser?: { trafficRatePerS: number; slotMs: number; localnet: string } | null
  }
  targets: typeof TARGETS
  cases: CaseResult[]
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** Fills the ratios, breakdown and target checks of a case from its path results. */
export function getCaseFigures(paths: PathResult[]): Pick<CaseResult, 'breakdownP50Us' | 'targets'> {
  const p50 = (name: PathName) => paths.find((path) => path.path === name)?.latency.p50Us ?? null
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : round2(a - b))
  const floor = p50('svm-floor')
  const engine = p50('engine')
  const rest = p50('rest')
  const httpFloor = p50('http-floor')
  const ratio = engine !== null && floor !== null ? round2(engine / floor) : null
  const p99 = (name: PathName) => paths.find((path) => path.path === name)?.latency.p99Us ?? null
  const allP99 = p99('engine')
  const simP99 = p99('engine-sim-only')
  const simP50 = p50('engine-sim-only')
  const vectorsP99 = allP99 !== null && simP99 !== null ? round2(allP99 / simP99) : null
  return {
    breakdownP50Us: {
      engineOverFloor: diff(engine, floor),
      resultReadOverFloor: diff(p50('svm-floor+read'), floor),
      restOverEngine: diff(rest, engine),
      httpFloor,
      edgeOverHttpFloorAndEngine: rest !== null && engine !== null && httpFloor !== null ? round2(rest - httpFloor - engine) : null,
      authApiKey: p50('auth-key'),
      authBearer: p50('auth-bearer'),
      restBearerOverRest: diff(p50('rest-bearer'), rest),
    },
    targets: {
      engineOverFloorP50: ratio,
      engineWithin3x: ratio === null ? null : ratio <= TARGETS.engineOverFloorP50,
      restP50Us: rest,
      restUnder250Us: rest === null ? null : rest < TARGETS.restP50Us,
      vectorsOverSimulationP99: vectorsP99,
      vectorsOverSimulationP50: engine !== null && simP50 !== null ? round2(engine / simP50) : null,
      vectorsWithin1_5x: vectorsP99 === null ? null : vectorsP99 <= TARGETS.vectorsOverSimulationP99,
    },
  }
}

function pad(text: string, width: number, left = false): string {
  return left ? text.padEnd(width) : text.padStart(width)
}

const fmt = (value: number) => (value >= 1000 ? value.toFixed(0) : value >= 100 ? value.toFixed(1) : value.toFixed(2))

/** The printed report. */
export function formatReport(result: BenchResult): string {
  const { machine, git, settings } = result
  const lines: string[] = []
  lines.push(
    `engine-simulate benchmark — ${result.startedAt}, commit ${git.commit}${git.dirty ? ` (dirty: ${git.changedFiles} changed files)` : ''}`,
  )
  lines.push(
    `machine: ${machine.cpuModel}, ${machine.cpuCount} CPUs (${machine.availableParallelism} usable), ${machine.totalMemoryGiB} GiB, ${machine.platform} ${machine.release} ${machine.arch}`,
  )
  lines.push(`runtime: node ${machine.node} (V8 ${machine.v8}), execArgv [${machine.execArgv.join(' ')}], gc exposed: ${machine.gcExposed}`)
  lines.push(
    `versions: ${Object.entries(machine.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
  )
  lines.push(
    `settings: ${settings.iterations} calls (+${settings.warmup} warm-up) per path, ${settings.extraIterations} (+${settings.extraWarmup}) for reference paths, ${settings.rounds} interleaved rounds; timer overhead ≈${result.timerOverheadNs.toFixed(0)} ns/call`,
  )
  lines.push(`load average (1/5/15 min): start ${result.loadAverage.start.join(' / ')}, end ${result.loadAverage.end.join(' / ')}`)
  lines.push(
    `auth: REST requests carry X-API-Key (rest-bearer: Authorization: Bearer); accounts on ${settings.accounts.database}, credentials cached ${settings.accounts.authCacheTtlMs / 60_000} min`,
  )
  const header = [
    pad('case', 13, true),
    pad('path', 15, true),
    pad('n', 6),
    pad('p50', 8),
    pad('p90', 8),
    pad('p99', 8),
    pad('p99.9', 8),
    pad('max', 8),
    pad('calls/s', 8),
    pad('×floor', 7),
    pad('gc n/ms', 11),
  ]
  lines.push('', `latency in µs, one sequential caller${' '.repeat(4)}`, header.join(' '))
  lines.push('-'.repeat(header.join(' ').length))
  for (const c of result.cases) {
    for (const p of c.paths) {
      const l = p.latency
      lines.push(
        [
          pad(c.case, 13, true),
          pad(p.path, 15, true),
          pad(String(l.count), 6),
          pad(fmt(l.p50Us), 8),
          pad(fmt(l.p90Us), 8),
          pad(fmt(l.p99Us), 8),
          pad(fmt(l.p999Us), 8),
          pad(fmt(l.maxUs), 8),
          pad(String(l.throughputPerS), 8),
          pad(p.p50OverFloor === null ? '-' : `${p.p50OverFloor.toFixed(2)}×`, 7),
          pad(`${p.gc.count}/${p.gc.totalMs.toFixed(1)}`, 11),
        ].join(' '),
      )
    }
    lines.push('')
  }
  for (const c of result.cases) {
    const t = c.targets
    const b = c.breakdownP50Us
    const verdict = (ok: boolean | null) => (ok === null ? 'not run' : ok ? 'ok' : 'OVER')
    lines.push(
      `${c.case}: ${c.validation.computeUnits} CU, ${c.validation.accountsCopied} account(s) copied into the floor SVM, ${c.transactionBytes}-byte transaction`,
    )
    lines.push(
      `  engine / floor p50 = ${t.engineOverFloorP50 ?? '-'}× (aim ≤ ${TARGETS.engineOverFloorP50}×: ${verdict(t.engineWithin3x)}); REST p50 = ${t.restP50Us ?? '-'} µs (aim < ${TARGETS.restP50Us} µs: ${verdict(t.restUnder250Us)})`,
    )
    lines.push(
      `  all six vectors / simulation alone: p99 ${t.vectorsOverSimulationP99 ?? '-'}× (aim ≤ ${TARGETS.vectorsOverSimulationP99}×: ${verdict(t.vectorsWithin1_5x)}), p50 ${t.vectorsOverSimulationP50 ?? '-'}×`,
    )
    lines.push(
      `  p50 breakdown (µs): floor→engine +${b.engineOverFloor ?? '-'} (of which reading the native result ≈${b.resultReadOverFloor ?? '-'}), engine→REST +${b.restOverEngine ?? '-'} = HTTP plumbing ${b.httpFloor ?? '-'} + fastify route ${b.edgeOverHttpFloorAndEngine ?? '-'} (of which authentication ≈${b.authApiKey ?? '-'})`,
    )
    const latency = (name: PathName) => c.paths.find((path) => path.path === name)?.latency
    const p50p99 = (name: PathName) => {
      const l = latency(name)
      return l ? `${fmt(l.p50Us)} / ${fmt(l.p99Us)}` : '-'
    }
    lines.push(
      `  auth added (µs, warm authenticator alone, p50 / p99): API key ${p50p99('auth-key')}, bearer token ${p50p99('auth-bearer')}; REST p50 bearer − API key ${b.restBearerOverRest ?? '-'}`,
    )
    const k = c.counters
    lines.push(
      `  warm checks: cache RPC calls ${k.cacheRpcCalls}, SVM account writes ${k.svmAccountWrites}, program writes ${k.svmProgramWrites}, accounts lookups ${k.accountsLookups}, non-200 REST ${k.restNon200}, new REST connections ${k.restSocketsOpened}`,
    )
    const h = c.history
    lines.push(
      `  history written meanwhile: ${h.records} records in ${h.batches} batches, ${h.writeMs.toFixed(0)} ms (${h.records > 0 ? ((h.writeMs * 1000) / h.records).toFixed(0) : '-'} µs a record)`,
    )
  }
  return lines.join('\n')
}

/** Writes the result to `<dir>/<YYYY-MM-DD>-<commit>-engine-simulate.json` and returns the path. */
export function writeResult(root: string, result: BenchResult): string {
  const dir = resolve(root, result.settings.resultsDir)
  mkdirSync(dir, { recursive: true })
  const mode = result.settings.stream === 'traffic' ? '-stream' : ''
  const file = join(dir, `${result.startedAt.slice(0, 10)}-${result.git.commit}-engine-simulate${mode}.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  return file
}
