/**
 * The load benchmark (`npm run bench:load`; flags: --help). Starts localnet, the engine, its gRPC
 * server (behind the same gate as `npm start`), accounts and the edge in this process (or targets a
 * running stack with --url), registers a user and API key through the edge, builds and checks the
 * transaction mix, then drives a load worker in its own process: REST, the WebSocket stream (JSON
 * and MessagePack), gRPC (each with the key) and localnet's JSON-RPC `simulateTransaction` at fixed
 * open-loop rates, in a closed loop at saturation, and at the highest rate each holds with p99
 * under 10 ms; REST simulate-batch at its own low rates and at saturation; one WebSocket client
 * streaming a fixed number of messages as fast as the server takes them; raw LiteSVM on the same
 * bytes as the floor; a cold-cache run behind injected RPC latency. Prints a table and writes
 * bench/results/<date>-<commit>.json in the LoadBenchResult format. See bench/load/README.md.
 */
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { getLoadAverage } from '../support/machine-info.js'
import { getResultHeader } from '../support/result-header.js'
import { toRepositoryPath } from '../support/repository-path.js'
import { runColdRun } from './cold-run.js'
import { CACHED_ENGINE_ENV, measureCachedHits } from './cached-latency.js'
import { measureFloor } from './floor-latency.js'
import { writeLatencyChart } from '../report/write-chart.js'
import { LoadBenchError } from './load-bench-error.js'
import { createLoadMix } from './load-mix.js'
import { formatLoadReport, type RunDiagnostics, writeLoadResult } from './load-report.js'
import type { LatencySummary, LoadBenchResult, LoadPath, LoadRun, ServerUsage } from './load-results.js'
import type { LoadRunSpec, LoadTarget } from './load-run-spec.js'
import { readFlagsOrExit } from '../support/command-line.js'
import { readLoadSettings, USAGE, type LoadSettings, type RunnablePath } from './load-settings.js'
import { AUTH_CACHE_TTL_MS, ENGINE_ENV } from '../support/bench-service.js'
import { startLoadStack, type LoadStack } from './load-stack.js'
import { createLoadWorker, type LoadWorker } from './load-worker-client.js'
import { searchMaxRate, type RateStep } from './max-rate-search.js'
import { assertPathAnswers, createPathTarget } from './path-targets.js'
import { createServerUsageMeter } from './server-usage.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const LOAD_PACKAGES = ['autocannon', 'hdr-histogram-js', 'undici', '@grpc/grpc-js', '@grpc/proto-loader', 'ws', 'msgpackr'] as const
/** After an open-loop schedule ends, answers may come this much later before counting as errors. */
const DRAIN_TIMEOUT_MS = { run: 5_000, step: 1_000, stream: 30_000 }

function log(line: string): void {
  process.stdout.write(`${line}\n`)
}

function round(value: number, digits: number): number {
  return Number(value.toPrecision(digits))
}

/** How a run is named in the progress log: the rate, the callers or the messages. */
function getSpecLabel(spec: LoadRunSpec): string {
  if (spec.mode === 'open') return `${spec.ratePerS}/s`
  return spec.mode === 'saturation' ? `×${spec.concurrency}` : `${spec.count} messages`
}

/** Runs load specs in the worker and turns each into a LoadRun with the server's usage. */
function createRunner(worker: LoadWorker, stack: LoadStack, batchSize: number) {
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
      ...(path === 'batch' ? { simulationsPerRequest: batchSize } : {}),
      ...(spec.mode === 'stream' ? { stream: { messages: result.sent, peakUnanswered: result.peakUnanswered ?? 0 } } : {}),
    }
    const serverGc = serverMeasured ? meter.getLastGc() : null
    diagnostics.set(run, { generatorCpuPct: result.generatorCpuPct, generatorGc: result.generatorGc, serverGc })
    const { latency } = result
    log(
      `  ${label}${path} ${spec.mode} ${getSpecLabel(spec)}: p50 ${latency.p50Ms} p99 ${latency.p99Ms} max ${latency.maxMs} ms, ` +
        `${result.achievedRatePerS}/s${run.stream ? ` over ${result.durationS} s, at most ${run.stream.peakUnanswered} unanswered` : ''}, ` +
        `${latency.errors} errors${result.firstError ? ` (${result.firstError.slice(0, 160)})` : ''}; ` +
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

/**
 * p50 of each run over JSON-RPC's at the same mode and rate/concurrency, and over the floor's. None
 * for a batch (an answer holds many simulations) or a stream (a message's latency is mostly its
 * place in the queue).
 */
function setRatios(runs: LoadRun[], floor: LatencySummary): void {
  for (const run of runs) {
    if (run.path === 'batch' || run.mode === 'stream') continue
    const rpc = runs.find(
      (other) =>
        other.path === 'json-rpc' &&
        other.mode === run.mode &&
        other.targetRatePerS === run.targetRatePerS &&
        other.concurrency === run.concurrency,
    )
    run.ratios = {
      toJsonRpc: rpc && rpc.latency.p50Ms > 0 ? round(run.latency.p50Ms / rpc.latency.p50Ms, 3) : null,
      toFloor: floor.p50Ms > 0 ? round(run.latency.p50Ms / floor.p50Ms, 3) : null,
    }
  }
}

async function runBenchmark(
  settings: LoadSettings,
  stack: LoadStack,
  worker: LoadWorker,
  logger: ReturnType<typeof createLogger>,
): Promise<void> {
  const startedAt = new Date()
  const loadAverageStart = getLoadAverage()
  const mix = await createLoadMix(stack)
  log(
    `mix: ${mix.entries.map((entry) => `${entry.name} (${entry.success ? 'ok' : entry.failureCode}, ${entry.computeUnits} CU)`).join(', ')}`,
  )
  const targets = new Map<RunnablePath, LoadTarget>()
  for (const path of settings.paths) {
    const target = createPathTarget(path, stack, mix, { batchSize: settings.batchSize, wsSockets: settings.wsSockets })
    const { cachedAnswers } = await assertPathAnswers(path, target, mix)
    if (cachedAnswers > 0) {
      log(
        `warning: ${path}: ${cachedAnswers} answers of the check came from the result cache: the runs will time cache hits, not simulations (start the service with RESULT_CACHE_MAX_ENTRIES=0)`,
      )
    }
    targets.set(path, target)
  }
  const floor = measureFloor(stack.engine, mix.entries, settings.floorIterations)
  log(`floor: p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms over ${floor.count} raw LiteSVM calls`)
  const cached = await measureCachedHits({
    rpcUrl: stack.rpcUrl,
    engine: stack.engine,
    entries: mix.entries,
    iterations: settings.floorIterations,
    replaceRecentBlockhash: stack.replaceRecentBlockhash,
    logger,
  })
  log(
    `cached: hits p50 ${cached.hits.p50Ms} ms, p99 ${cached.hits.p99Ms} ms (${cached.misses} misses); simulated p50 ${cached.simulated.p50Ms} ms, p99 ${cached.simulated.p99Ms} ms`,
  )

  const runner = createRunner(worker, stack, settings.batchSize)
  const { measure } = runner
  log(`priming every path for 1 s (unmeasured) …`)
  await runner.prime(targets, settings.concurrency)
  const cacheCallsBefore = stack.engine.cache.stats.rpcCalls
  const userServiceCallsBefore = stack.userServiceCalls ? { ...stack.userServiceCalls } : null
  const runs: LoadRun[] = []
  for (const ratePerS of settings.rates) {
    for (const [path, target] of targets) {
      if (path !== 'batch') runs.push(await measure(path, openSpec(target, settings, ratePerS, settings.durationS, DRAIN_TIMEOUT_MS.run)))
    }
  }
  const batch = targets.get('batch')
  // A batch is 50 simulations: its rates are batches/s, far below the others'.
  for (const ratePerS of batch ? settings.batchRates : [])
    runs.push(await measure('batch', openSpec(batch!, settings, ratePerS, settings.durationS, DRAIN_TIMEOUT_MS.run)))
  for (const [path, target] of targets) {
    runs.push(
      await measure(path, {
        target,
        mode: 'saturation',
        concurrency: settings.concurrency,
        warmupMs: Math.max(1_000, settings.warmupMs),
        durationS: settings.saturationDurationS,
      }),
    )
  }
  const websocket = targets.get('websocket')
  if (websocket && settings.streamMessages > 0) {
    runs.push(
      await measure('websocket', {
        target: websocket,
        mode: 'stream',
        count: settings.streamMessages,
        drainTimeoutMs: DRAIN_TIMEOUT_MS.stream,
      }),
    )
  }
  const maxRates: Partial<Record<LoadPath, number>> = {}
  const searches = new Map<string, RateStep[]>()
  for (const [path, target] of targets) {
    if (!settings.searchPaths.includes(path)) continue
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
  const userServiceCalls =
    stack.userServiceCalls && userServiceCallsBefore
      ? {
          lookups: stack.userServiceCalls.lookups - userServiceCallsBefore.lookups,
          historyRecords: stack.userServiceCalls.historyRecords - userServiceCallsBefore.historyRecords,
          historyBatches: stack.userServiceCalls.historyBatches - userServiceCallsBefore.historyBatches,
          historyWriteMs: Math.round(stack.userServiceCalls.historyWriteMs - userServiceCallsBefore.historyWriteMs),
        }
      : null
  runner.stop()
  setRatios(runs, floor)

  log(
    `cold: ${settings.coldCount} sequential simulates, then ${settings.coldConcurrent} at once, +${settings.rpcLatencyMs} ms per RPC request …`,
  )
  const cold = await runColdRun({
    stack,
    blockhash: mix.blockhash,
    latencyMs: settings.rpcLatencyMs,
    count: settings.coldCount,
    concurrent: settings.coldConcurrent,
    logger,
  })

  const result: LoadBenchResult = {
    ...getResultHeader('load', ROOT, startedAt, LOAD_PACKAGES),
    settings: {
      ...settings,
      resultsDir: toRepositoryPath(ROOT, settings.resultsDir),
      external: settings.external ?? null,
      loadAverage: { start: loadAverageStart, end: getLoadAverage() },
      stack:
        stack.kind === 'in-process'
          ? 'localnet + engine + gRPC server + accounts + edge in the benchmark process (localnet slots advance only on demand)'
          : 'external',
      auth:
        'REST, batch and the WebSocket handshake: X-API-Key of a user registered through the edge at start; gRPC (engine, direct): the same key as x-api-key metadata, ' +
        'through the gate npm start puts on the engine port (createDirectCallGate: authentication and history shared with the edge); JSON-RPC: none',
      admission: 'disabled on every door (createDisabledAdmission, as RATE_LIMITS=off, meant for benchmarks)',
      accounts:
        stack.userServiceDatabase === null ? 'external' : { database: stack.userServiceDatabase, authCacheTtlMs: AUTH_CACHE_TTL_MS },
      serverUsage:
        stack.kind === 'in-process'
          ? 'process.cpuUsage() and RSS of the benchmark process over each measured window'
          : 'not measured (external stack): recorded as 0',
      replaceRecentBlockhash: stack.replaceRecentBlockhash,
      engineEnv: {
        ACCOUNT_CACHE_FRESH_MS: ENGINE_ENV.ACCOUNT_CACHE_FRESH_MS,
        RESULT_CACHE_MAX_ENTRIES: ENGINE_ENV.RESULT_CACHE_MAX_ENTRIES,
      },
      cachedPath: `engine.simulate() in process on a second engine with RESULT_CACHE_MAX_ENTRIES=${CACHED_ENGINE_ENV.RESULT_CACHE_MAX_ENTRIES}, each call a repeat within the slot; baseline: the serving engine simulating the same requests, turn by turn`,
      generators: {
        open:
          `load worker process: undici Pool (HTTP, ${settings.connections} connections) / node:http2 gRPC framing (gRPC, one connection) / ws (WebSocket, ${settings.wsSockets} socket(s), messages round-robin); ` +
          "latency from each request's intended start on the fixed schedule; HDR histogram, µs",
        saturation:
          `load worker process: autocannon (HTTP, ${settings.concurrency} connections) / node:http2 gRPC closed loop (${settings.concurrency} callers, one connection) / ` +
          `ws closed loop (${settings.concurrency} callers over ${Math.min(settings.wsSockets, settings.concurrency)} socket(s))`,
        stream: `load worker process: ws, one socket, ${settings.streamMessages} messages (the mix in turn) written while the socket holds under 64 KiB unsent; latency from each message's send to its answer`,
        batch: `REST simulate-batch with ${settings.batchSize} transactions (the mix repeated); latency per batch, simulations/s = batches/s × ${settings.batchSize}`,
      },
      floorPath:
        'raw LiteSVM simulateVersionedTransaction(bytes) in process, accounts copied from the engine cache (bench/support/floor-svm.ts); HDR histogram, ns',
      coldPath: 'engine.simulate() in process on a second engine with an empty cache behind a delaying JSON-RPC proxy',
      ratios: 'run p50 / JSON-RPC p50 at the same mode and rate (or concurrency); run p50 / floor p50',
    },
    mix: mix.entries.map(({ name, description, success, computeUnits }) => ({ name, description, success, computeUnits })),
    floor,
    cached,
    runs,
    maxRateUnder10MsP99: maxRates,
    cold: cold.cold,
    unavailable: mix.unavailable,
  }
  log(
    `\n${formatLoadReport(result, { diagnostics: runner.diagnostics, searches, cold, warmCacheRpcCalls, userServiceCalls, serverMeasured: stack.kind === 'in-process' })}`,
  )
  if (settings.write) {
    const file = writeLoadResult(ROOT, settings.resultsDir, result)
    log(`\nwrote ${file}\nwrote ${writeLatencyChart(file)}`)
  }
}

async function main(): Promise<number> {
  const settings = readFlagsOrExit(USAGE, () => readLoadSettings(process.argv.slice(2), process.env))
  if (!settings) {
    log(USAGE)
    return 0
  }
  const logger = createLogger('bench-load', 'warn')
  const stack = await startLoadStack(settings, process.env.DATABASE_URL, logger)
  log(
    `stack (${stack.kind}): REST ${stack.restOrigin}, gRPC ${stack.grpcAddress}, JSON-RPC ${stack.rpcUrl}${settings.quick ? ' — quick run' : ''}`,
  )
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
    else if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
      console.error(`${(error as Error).message}\n\n${USAGE}`)
    else console.error('load benchmark failed:', error)
    process.exitCode = 1
  },
)
