/**
 * Engine simulate micro benchmark (`npm run bench`; flags: --help). On a real localnet and a real
 * engine, for a warm SOL transfer and a warm SPL Token transfer (the same wire bytes on every
 * path), times per call: the raw LiteSVM floor, the engine's simulate, and a warm REST simulate
 * through the edge over loopback, plus references (HTTP floor, LiteSVM's public API, kit decode).
 * Prints a table with the engine/floor ratio and writes the figures to bench/results/.
 * See bench/README.md.
 */
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { ConfigError, readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { localnetConfigSchema } from '../localnet/config.js'
import { createLocalnet, type Localnet } from '../localnet/localnet.js'
import { engineConfigSchema } from '../engine/config.js'
import { createEngine, type Engine } from '../engine/engine.js'
import { createEdgeServer } from '../edge/server.js'
import { createInProcessEngineClient } from '../edge/engine-client.js'
import { createBenchCase } from './support/bench-cases.js'
import { readBenchSettings, USAGE, type BenchSettings } from './support/bench-settings.js'
import { BenchValidationError, createCasePaths, type BenchContext } from './support/case-paths.js'
import { createGcTracker, type GcTracker } from './support/gc-tracker.js'
import { createHttpFloorServer } from './support/http-floor-server.js'
import { createKeepAliveClient, createUndiciKeepAliveClient } from './support/keep-alive-client.js'
import { createExternalClient } from './support/external-client.js'
import { createRawHttpClient } from './support/raw-http-client.js'
import { getLatencyStats, getTimerOverheadNs } from './support/latency-recorder.js'
import { getGitState, getLoadAverage, getMachineInfo } from './support/machine-info.js'
import { runPaths } from './support/path-runner.js'
import { type BenchResult, type CaseResult, formatReport, getCaseFigures, type PathResult, TARGETS, writeResult } from './support/results-report.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SIMULATE_PATH = '/api/v1/solana/tx/simulate'
/** Entries never go stale during a run: a warm call must not trigger a background refresh. */
const ENGINE_ENV = { ENGINE_GRPC_PORT: '0', ACCOUNT_CACHE_FRESH_MS: '3600000' }

async function getLatestBlockhash(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
  })
  const body = (await response.json()) as { result?: { value: { blockhash: string } }; error?: { message: string } }
  if (!body.result) throw new Error(`getLatestBlockhash: ${body.error?.message ?? 'no result'}`)
  return body.result.value.blockhash
}

async function measureCase(context: BenchContext, blockhash: string, caseName: BenchSettings['cases'][number], settings: BenchSettings, gc: GcTracker): Promise<CaseResult> {
  const { engine } = context
  const benchCase = createBenchCase(caseName, blockhash)
  const { paths, validation, counters } = await createCasePaths(context, benchCase, settings)
  process.stdout.write(`${caseName}: ${paths.map((path) => path.name).join(', ')} …\n`)

  const before = { rpc: engine.cache.stats.rpcCalls, writes: engine.svmState.stats.accountWrites, programs: engine.svmState.stats.programWrites }
  const restSocketsBefore = context.rest.socketsOpened
  const measured = await runPaths(caseName, paths, settings.rounds, gc)
  const counts = {
    cacheRpcCalls: engine.cache.stats.rpcCalls - before.rpc,
    svmAccountWrites: engine.svmState.stats.accountWrites - before.writes,
    svmProgramWrites: engine.svmState.stats.programWrites - before.programs,
    restSocketsOpened: context.rest.socketsOpened - restSocketsBefore,
  }
  // The state must still simulate successfully after the run, and every REST answer was a 200.
  const after = await engine.simulate(benchCase.bytes)
  if (!after.success) throw new BenchValidationError(caseName, 'engine', `failed after the run: ${after.failure_reason}`)
  if (counters.restNon200 > 0 || counters.httpFloorNon200 > 0) {
    throw new BenchValidationError(caseName, 'rest', `${counters.restNon200} REST and ${counters.httpFloorNon200} HTTP-floor answers were not 200`)
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
    paths: pathResults,
    ...getCaseFigures(pathResults),
  }
}

async function main(): Promise<number> {
  const settings = readBenchSettings(process.argv.slice(2), process.env)
  if (!settings) {
    console.log(USAGE)
    return 0
  }
  const startedAt = new Date()
  const loadStart = getLoadAverage()
  const timerOverheadNs = getTimerOverheadNs()
  const logger = createLogger('bench', 'warn')
  const gc = createGcTracker()

  let localnet: Localnet | undefined
  let engine: Engine | undefined
  const closers: Array<() => unknown> = []
  try {
    localnet = await createLocalnet(readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0' }), logger, { autoAdvance: false })
    engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: localnet.rpcUrl, ...ENGINE_ENV }), logger)
    await engine.start()
    const edge = createEdgeServer({ engine: createInProcessEngineClient(engine), logger, bodyLimitBytes: 262_144 })
    await edge.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => edge.close())
    const httpFloor = await createHttpFloorServer()
    closers.push(() => httpFloor.close())
    const createClient = (port: number) =>
      settings.httpClient === 'undici'
        ? createUndiciKeepAliveClient('127.0.0.1', port, SIMULATE_PATH)
        : settings.httpClient === 'raw'
          ? createRawHttpClient('127.0.0.1', port, SIMULATE_PATH)
          : createKeepAliveClient('127.0.0.1', port, SIMULATE_PATH)
    const edgePort = (edge.server.address() as AddressInfo).port
    const rest = await createClient(edgePort)
    const restExternal = createExternalClient('127.0.0.1', edgePort, SIMULATE_PATH)
    closers.push(() => restExternal.close())
    const httpFloorClient = await createClient(httpFloor.port)
    closers.push(() => rest.close(), () => httpFloorClient.close())
    const context: BenchContext = { engine, rest, restExternal, httpFloor, httpFloorClient }

    const blockhash = await getLatestBlockhash(localnet.rpcUrl)
    const cases: CaseResult[] = []
    for (const caseName of settings.cases) cases.push(await measureCase(context, blockhash, caseName, settings, gc))

    const result: BenchResult = {
      benchmark: 'engine-simulate',
      startedAt: startedAt.toISOString(),
      durationS: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
      git: getGitState(ROOT),
      machine: getMachineInfo(ROOT),
      loadAverage: { start: loadStart, end: getLoadAverage() },
      timerOverheadNs,
      settings: { ...settings, engineEnv: ENGINE_ENV, pollersRunning: true },
      targets: TARGETS,
      cases,
    }
    console.log(`\n${formatReport(result)}`)
    if (settings.write) console.log(`\nwrote ${writeResult(ROOT, result)}`)
    return 0
  } finally {
    // Pollers caught mid-request when localnet closes warn; that is teardown, not a finding.
    logger.level = 'error'
    for (const close of closers.reverse()) await close()
    engine?.stop()
    await localnet?.close()
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
