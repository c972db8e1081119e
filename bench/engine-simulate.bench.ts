/**
 * Engine simulate micro benchmark (`npm run bench`; flags: --help). On a real localnet and a real
 * engine, for a warm SOL transfer and a warm SPL Token transfer (the same wire bytes on every
 * path), times per call: the raw LiteSVM floor, the engine's simulate, a warm REST simulate
 * through the edge over loopback (with an API key, and with a bearer token), the edge's warm
 * authenticator alone, plus references (HTTP floor, LiteSVM's public API, kit decode).
 * Prints a table with the engine/floor ratio and what authentication adds, and writes the figures
 * to bench/results/.
 * See bench/README.md.
 */
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { createBenchCase } from './support/bench-cases.js'
import { readFlagsOrExit } from './support/command-line.js'
import { readBenchSettings, USAGE, type BenchSettings } from './support/bench-settings.js'
import { AUTH_CACHE_TTL_MS, ENGINE_ENV } from './support/bench-service.js'
import { startBenchStack } from './support/bench-stack.js'
import { BenchValidationError, createCasePaths, type BenchContext } from './support/case-paths.js'
import type { UserServiceCallCounts } from './support/counted-user-service.js'
import { createGcTracker, type GcTracker } from './support/gc-tracker.js'
import { getLatencyStats, getTimerOverheadNs } from './support/latency-recorder.js'
import { getGitState, getLoadAverage, getMachineInfo } from './support/machine-info.js'
import { runPaths } from './support/path-runner.js'
import { toRepositoryPath } from './support/repository-path.js'
import {
  type BenchResult,
  type CaseResult,
  formatReport,
  getCaseFigures,
  type PathResult,
  TARGETS,
  writeResult,
} from './support/results-report.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

async function getLatestBlockhash(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'processed' }] }),
  })
  const body = (await response.json()) as { result?: { value: { blockhash: string } }; error?: { message: string } }
  if (!body.result) throw new Error(`getLatestBlockhash: ${body.error?.message ?? 'no result'}`)
  return body.result.value.blockhash
}

async function measureCase(
  context: BenchContext,
  userServiceCalls: UserServiceCallCounts,
  blockhash: string,
  caseName: BenchSettings['cases'][number],
  settings: BenchSettings,
  gc: GcTracker,
): Promise<CaseResult> {
  const { engine } = context
  const benchCase = createBenchCase(caseName, blockhash)
  const { paths, validation, counters } = await createCasePaths(context, benchCase, settings)
  process.stdout.write(`${caseName}: ${paths.map((path) => path.name).join(', ')} …\n`)

  const getRestSockets = () => context.rest.socketsOpened + context.restBearer.socketsOpened
  const before = {
    rpc: engine.cache.stats.rpcCalls,
    writes: engine.svmState.stats.accountWrites,
    programs: engine.svmState.stats.programWrites,
    restSockets: getRestSockets(),
    userService: { ...userServiceCalls },
  }
  const measured = await runPaths(caseName, paths, settings.rounds, gc)
  const counts = {
    cacheRpcCalls: engine.cache.stats.rpcCalls - before.rpc,
    svmAccountWrites: engine.svmState.stats.accountWrites - before.writes,
    svmProgramWrites: engine.svmState.stats.programWrites - before.programs,
    restSocketsOpened: getRestSockets() - before.restSockets,
    accountsLookups: userServiceCalls.lookups - before.userService.lookups,
  }
  const history = {
    records: userServiceCalls.historyRecords - before.userService.historyRecords,
    batches: userServiceCalls.historyBatches - before.userService.historyBatches,
    writeMs: Math.round(userServiceCalls.historyWriteMs - before.userService.historyWriteMs),
  }
  // The state must still simulate successfully after the run, and every REST answer was a 200.
  const after = await engine.simulate(benchCase.bytes)
  if (!after.success) throw new BenchValidationError(caseName, 'engine', `failed after the run: ${after.failure_reason}`)
  if (counters.restNon200 > 0 || counters.httpFloorNon200 > 0) {
    throw new BenchValidationError(
      caseName,
      'rest',
      `${counters.restNon200} REST and ${counters.httpFloorNon200} HTTP-floor answers were not 200`,
    )
  }

  await gc.flush()
  const stats = measured.map((path) => ({ path, latency: getLatencyStats(path.recorder) }))
  const floorP50 = stats.find((s) => s.path.name === 'svm-floor')?.latency.p50Us
  const pathResults: PathResult[] = stats.map(({ path, latency }) => ({
    path: path.name,
    measures: path.measures,
    iterations: path.iterations,
    warmup: path.warmup,
    latency,
    p50OverFloor: floorP50 ? Math.round((latency.p50Us / floorP50) * 100) / 100 : null,
    gc: gc.getStats(path.gcKey),
  }))
  return {
    case: caseName,
    description: benchCase.description,
    transactionBytes: benchCase.bytes.length,
    transactionBase64: Buffer.from(benchCase.bytes).toString('base64'),
    validation,
    counters: { ...counters, ...counts },
    history,
    paths: pathResults,
    ...getCaseFigures(pathResults),
  }
}

async function main(): Promise<number> {
  const settings = readFlagsOrExit(USAGE, () => readBenchSettings(process.argv.slice(2), process.env))
  if (!settings) {
    console.log(USAGE)
    return 0
  }
  const startedAt = new Date()
  const loadStart = getLoadAverage()
  const timerOverheadNs = getTimerOverheadNs()
  const logger = createLogger('bench', 'warn')
  const gc = createGcTracker()
  const stack = await startBenchStack(settings, process.env.DATABASE_URL, logger).catch((error: unknown) => {
    gc.stop()
    throw error
  })
  try {
    const cases: CaseResult[] = []
    for (const caseName of settings.cases) {
      // Per case: with slots advancing (stream mode) a blockhash lives 150 slots, about 60 s.
      const blockhash = await getLatestBlockhash(stack.rpcUrl)
      cases.push(await measureCase(stack.context, stack.userServiceCalls, blockhash, caseName, settings, gc))
    }

    const result: BenchResult = {
      benchmark: 'engine-simulate',
      startedAt: startedAt.toISOString(),
      durationS: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
      git: getGitState(ROOT),
      machine: getMachineInfo(ROOT),
      loadAverage: { start: loadStart, end: getLoadAverage() },
      timerOverheadNs,
      settings: {
        ...settings,
        resultsDir: toRepositoryPath(ROOT, settings.resultsDir),
        engineEnv: ENGINE_ENV,
        pollersRunning: settings.stream === 'off',
        geyser: settings.stream === 'traffic' ? { trafficRatePerS: settings.trafficRate, slotMs: 400, localnet: 'separate process' } : null,
        accounts: { database: stack.userServiceDatabase, authCacheTtlMs: AUTH_CACHE_TTL_MS },
      },
      targets: TARGETS,
      cases,
    }
    console.log(`\n${formatReport(result)}`)
    if (settings.write) console.log(`\nwrote ${writeResult(ROOT, result)}`)
    return 0
  } finally {
    await stack.close()
    gc.stop()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof BenchValidationError || error instanceof ConfigError) {
      console.error(`benchmark aborted: ${error.message}`)
    } else if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`)
    } else {
      console.error('benchmark failed:', error)
    }
    process.exitCode = 1
  },
)
