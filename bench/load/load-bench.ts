/**
 * The load benchmark (`npm run bench:load`; flags: --help). Starts localnet, the engine, its gRPC
 * server, accounts and the edge in this process (or targets a running stack with --url), registers
 * a user and API key through the edge, builds and checks the transaction mix, then drives a load
 * worker in its own process: REST (with the key), gRPC and localnet's
 * JSON-RPC `simulateTransaction` at fixed open-loop rates, in a closed loop at saturation, and at
 * the highest rate each holds with p99 under 10 ms; raw LiteSVM on the same bytes as the floor;
 * a cold-cache run behind injected RPC latency. Prints a table and writes
 * bench/results/<date>-<commit>.json in the LoadBenchResult format. See bench/README.md.
 */
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { getGitState, getLoadAverage, getMachineInfo } from '../support/machine-info.js'
import { runColdRun } from './cold-run.js'
import { measureFloor } from './floor-latency.js'
import { writeLatencyChart } from '../report/write-chart.js'
import { LoadBenchError } from './load-bench-error.js'
import { createLoadMix } from './load-mix.js'
import { formatLoadReport, getPackageVersions, type RunDiagnostics, writeLoadResult } from './load-report.js'
import type { LatencySummary, LoadBenchResult, LoadPath, LoadRun, ServerUsage } from './load-results.js'
import type { LoadRunSpec, LoadTarget } from './load-run-spec.js'
import { readLoadSettings, USAGE, type LoadSettings, type RunnablePath } from './load-settings.js'
import { AUTH_CACHE_TTL_MS } from '../support/bench-service.js'
import { startLoadStack, type LoadStack } from './load-stack.js'
import { createLoadWorker, type LoadWorker } from './load-worker-client.js'
import { searchMaxRate, type RateStep } from './max-rate-search.js'
import { assertPathAnswers, createPathTarget } from './path-targets.js'
import { createServerUsageMeter } from './server-usage.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const LOAD_PACKAGES = ['autocannon', 'hdr-histogram-js', 'undici', '@grpc/grpc-js', '@grpc/proto-loader'] as const
/** After an open-loop schedule ends, answers may come this much later before counting as errors. */
const DRAIN_TIMEOUT_MS = { run: 5_000, step: 1_000 }

const NOT_YET: LoadBenchResult['unavailable'] = [
  { path: 'websocket', reason: 'the WebSocket endpoint does not exist yet: it arrives with a later issue' },
  { path: 'batch', reason: 'the batch endpoint does not exist yet: it arrives with a later issue' },
]

function log(line: string): void {
  process.stdout.write(`${line}\n`)
}

function round(value: number, digits: number): number {
  return Number(value.toPrecision(digits))
}

/** Runs load specs in the worker and turns each into a LoadRun with the server's usage. */
function createRunner(worker: LoadWorker, stack: LoadStack) {
  const meter = createServerUsageMeter()
  const diagnostics = new Map<LoadRun, RunDiagnostics>()
  async function measure(path: RunnablePath, spec: LoadRunSpec, label = ''): Promise<LoadRun> {
    let usage: ServerUsage | undefined
    const result = await worker.run(spec, {
      onMeasuring: () => meter.begin(),
      onMeasured: () => {
        usage = meter.end()
      },
    })
    usage ??= meter.end()
    const serverMeasured = stack.kind === 'in-process'
    const run: LoadRun = {
      path,
      mode: spec.mode,
      targetRatePerS: spec.mode === 'open' ? spec.ratePerS : null,
      concurrency: spec.mode === 'saturation' ? spec.concurrency : null,
      durationS: result.durationS,
      achievedRatePerS: result.achievedRatePerS,
      latency: result.latency,
      server: serverMeasured ? usage : { cpuPct: 0, rssMaxMb: 0 },
      ratios: { toJsonRpc: null, toFloor: null },
    }
    const serverGc = serverMeasured ? meter.getLastGc() : null
    diagnostics.set(run, { generatorCpuPct: result.generatorCpuPct, generatorGc: result.generatorGc, serverGc })
    const where = spec.mode === 'open' ? `${spec.ratePerS}/s` : `×${spec.concurrency}`
    const { latency } = result
    log(
      `  ${label}${path} ${spec.mode} ${where}: p50 ${latency.p50Ms} p99 ${latency.p99Ms} max ${latency.maxMs} ms, ` +
        `${result.achievedRatePerS}/s, ${latency.errors} errors${result.firstError ? ` (${result.firstError.slice(0, 160)})` : ''}; ` +
        `CPU server ${run.server.cpuPct}% / generator ${result.generatorCpuPct}%; ` +
        `GC max server ${serverGc?.maxMs ?? 'n/a'} / generator ${result.generatorGc.maxMs} ms`,
    )
    return run
  }
  /** Unmeasured closed-loop traffic on every path, so the first measured run meets compiled code on both sides. */
  async function prime(targets: ReadonlyMap<RunnablePath, LoadTarget>, concurrency: number): Promise<void> {
    for (const target of targets.values()) await worker.run({ target, mode: 'saturation', concurrency, warmupMs: 0, durationS: 1 })
  }
  return { measure, prime, diagnostics, stop: () => meter.stop() }
}

function openSpec(target: LoadTarget, settings: LoadSettings, ratePerS: number, durationS: number, drainTimeoutMs: number): LoadRunSpec {
  return { target, mode: 'open', ratePerS, warmupMs: settings.warmupMs, durationS, drainTimeoutMs, connections: settings.connections }
}

/** p50 of each run over JSON-RPC's at the same mode and rate/concurrency, and over the floor's. */
function setRatios(runs: LoadRun[], floor: LatencySummary): void {
  for (const run of runs) {
    const rpc = runs.find((other) => other.path === 'json-rpc' && other.mode === run.mode && other.targetRatePerS === run.targetRatePerS && other.concurrency === run.concurrency)
    run.ratios = {
      toJsonRpc: rpc && rpc.latency.p50Ms > 0 ? round(run.latency.p50Ms / rpc.latency.p50Ms, 3) : null,
      toFloor: floor.p50Ms > 0 ? round(run.latency.p50Ms / floor.p50Ms, 3) : null,
    }
  }
}

async function runBenchmark(settings: LoadSettings, stack: LoadStack, worker: LoadWorker, logger: ReturnType<typeof createLogger>): Promise<void> {
  const startedAt = new Date()
  const loadAverageStart = getLoadAverage()
  const mix = await createLoadMix(stack)
  log(`mix: ${mix.entries.map((entry) => `${entry.name} (${entry.success ? 'ok' : entry.failureCode}, ${entry.computeUnits} CU)`).join(', ')}`)
  const targets = new Map<RunnablePath, LoadTarget>()
  for (const path of settings.paths) {
    const target = createPathTarget(path, stack, mix)
    await assertPathAnswers(path, target, mix)
    targets.set(path, target)
  }
  const floor = measureFloor(stack.engine, mix.entries, settings.floorIterations)
  log(`floor: p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms over ${floor.count} raw LiteSVM calls`)

  const runner = createRunner(worker, stack)
  const { measure } = runner
  log(`priming every path for 1 s (unmeasured) …`)
  await runner.prime(targets, settings.concurrency)
  const cacheCallsBefore = stack.engine.cache.stats.rpcCalls
  const accountsCallsBefore = stack.accountsCalls ? { ...stack.accountsCalls } : null
  const runs: LoadRun[] = []
  for (const ratePerS of settings.rates) {
    for (const [path, target] of targets) runs.push(await measure(path, openSpec(target, settings, ratePerS, settings.durationS, DRAIN_TIMEOUT_MS.run)))
  }
  for (const [path, target] of targets) {
    runs.push(await measure(path, { target, mode: 'saturation', concurrency: settings.concurrency, warmupMs: Math.max(1_000, settings.warmupMs), durationS: settings.saturationDurationS }))
  }
  const maxRates: Partial<Record<LoadPath, number>> = {}
  const searches = new Map<string, RateStep[]>()
  for (const [path, target] of targets) {
    const known = new Map(runs.filter((run) => run.path === path && run.mode === 'open').map((run) => [run.targetRatePerS as number, run]))
    const search = await searchMaxRate({
      startRate: settings.searchStartRate,
      maxRate: settings.searchMaxRate,
      bisectSteps: settings.bisectSteps,
      known,
      runStep: (rate) => measure(path, openSpec(target, settings, rate, settings.stepDurationS, DRAIN_TIMEOUT_MS.step), 'search: '),
    })
    searches.set(path, search.steps)
    if (search.maxRatePerS === null || !search.heldRun) continue
    maxRates[path] = search.maxRatePerS
    if (known.has(search.maxRatePerS)) continue
    runs.push(
      settings.confirmMaxRate
        ? await measure(path, openSpec(target, settings, search.maxRatePerS, settings.durationS, DRAIN_TIMEOUT_MS.run), 'max rate: ')
        : search.heldRun,
    )
  }
  const warmCacheRpcCalls = stack.kind === 'in-process' ? stack.engine.cache.stats.rpcCalls - cacheCallsBefore : null
  const accountsCalls =
    stack.accountsCalls && accountsCallsBefore
      ? {
          lookups: stack.accountsCalls.lookups - accountsCallsBefore.lookups,
          historyRecords: stack.accountsCalls.historyRecords - accountsCallsBefore.historyRecords,
          historyBatches: stack.accountsCalls.historyBatches - accountsCallsBefore.historyBatches,
          historyWriteMs: Math.round(stack.accountsCalls.historyWriteMs - accountsCallsBefore.historyWriteMs),
        }
      : null
  runner.stop()
  setRatios(runs, floor)

  log(`cold: ${settings.coldCount} sequential simulates, then ${settings.coldConcurrent} at once, +${settings.rpcLatencyMs} ms per RPC request …`)
  const cold = await runColdRun({ stack, blockhash: mix.blockhash, latencyMs: settings.rpcLatencyMs, count: settings.coldCount, concurrent: settings.coldConcurrent, logger })

  const machine = getMachineInfo(ROOT)
  const git = getGitState(ROOT)
  const result: LoadBenchResult = {
    benchmark: 'load',
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    git: { commit: git.commit, dirty: git.dirty },
    machine: { cpuModel: machine.cpuModel, cpus: machine.cpuCount, memoryGb: machine.totalMemoryGiB, node: machine.node, platform: `${machine.platform} ${machine.release} ${machine.arch}` },
    versions: { ...machine.versions, ...getPackageVersions(ROOT, LOAD_PACKAGES) },
    settings: {
      ...settings,
      external: settings.external ?? null,
      loadAverage: { start: loadAverageStart, end: getLoadAverage() },
      stack:
        stack.kind === 'in-process'
          ? 'localnet + engine + gRPC server + accounts + edge in the benchmark process (localnet slots advance only on demand)'
          : 'external',
      auth: 'REST: X-API-Key of a user registered through the edge at start; gRPC (engine, direct) and JSON-RPC: none',
      accounts: stack.accountsDatabase === null ? 'external' : { database: stack.accountsDatabase, authCacheTtlMs: AUTH_CACHE_TTL_MS },
      serverUsage: stack.kind === 'in-process' ? 'process.cpuUsage() and RSS of the benchmark process over each measured window' : 'not measured (external stack): recorded as 0',
      replaceRecentBlockhash: stack.replaceRecentBlockhash,
      engineEnv: { ACCOUNT_CACHE_FRESH_MS: '3600000' },
      generators: {
        open: 'load worker process: undici Pool (HTTP) / grpc-js (gRPC); latency from each request\'s intended start on the fixed schedule; HDR histogram, µs',
        saturation: `load worker process: autocannon (HTTP, ${settings.concurrency} connections) / grpc-js closed loop (${settings.concurrency} callers, one channel)`,
      },
      floorPath: 'raw LiteSVM simulateVersionedTransaction(bytes) in process, accounts copied from the engine cache (bench/support/floor-svm.ts); HDR histogram, ns',
      coldPath: 'engine.simulate() in process on a second engine with an empty cache behind a delaying JSON-RPC proxy',
      ratios: 'run p50 / JSON-RPC p50 at the same mode and rate (or concurrency); run p50 / floor p50',
    },
    mix: mix.entries.map(({ name, description, success, computeUnits }) => ({ name, description, success, computeUnits })),
    floor,
    runs,
    maxRateUnder10MsP99: maxRates,
    cold: cold.cold,
    unavailable: [...NOT_YET, ...mix.unavailable],
  }
  log(`\n${formatLoadReport(result, { diagnostics: runner.diagnostics, searches, cold, warmCacheRpcCalls, accountsCalls, serverMeasured: stack.kind === 'in-process' })}`)
  if (settings.write) {
    const file = writeLoadResult(ROOT, settings.resultsDir, result)
    log(`\nwrote ${file}\nwrote ${writeLatencyChart(file)}`)
  }
}

async function main(): Promise<number> {
  const settings = readLoadSettings(process.argv.slice(2), process.env)
  if (!settings) {
    log(USAGE)
    return 0
  }
  const logger = createLogger('bench-load', 'warn')
  const stack = await startLoadStack(settings, process.env.DATABASE_URL, logger)
  log(`stack (${stack.kind}): REST ${stack.restOrigin}, gRPC ${stack.grpcAddress}, JSON-RPC ${stack.rpcUrl}${settings.quick ? ' — quick run' : ''}`)
  const worker = createLoadWorker(ROOT)
  try {
    await runBenchmark(settings, stack, worker, logger)
    return 0
  } finally {
    await worker.close()
    // Pollers caught mid-request when localnet closes warn; that is teardown, not a finding.
    logger.level = 'error'
    await stack.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof LoadBenchError || error instanceof ConfigError) console.error(`load benchmark aborted: ${error.message}`)
    else if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(`${(error as Error).message}\n\n${USAGE}`)
    else console.error('load benchmark failed:', error)
    process.exitCode = 1
  },
)
