/**
 * One floor run, start to end: localnet and its traffic in processes of their own, the service as
 * a user runs it in another, the floors (raw LiteSVM, the engine) in this process, the bare
 * servers in another, then every door bare and through the service with the same transactions
 * and the same tools, REST batch, and `npm start` as-is against localnet apart. Returns the result.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { createLogger } from '../../lib/logger.js'
import { callRpc } from '../load/load-stack.js'
import { getWebSocketOutcomes } from '../load/websocket-outcomes.js'
import { availableParallelism } from 'node:os'
import { getLoadAverage } from '../support/machine-info.js'
import { getResultHeader } from '../support/result-header.js'
import { startRemoteChain, startTraffic } from '../support/remote-chain.js'
import { startBareServers } from './bare-servers.js'
import { captureAnswers } from './capture-responses.js'
import { measureDoor, toLoadTarget, type DoorEndpoint, type DoorName, type DoorRequests } from './door-runs.js'
import { BATCH_PATH, SIMULATE_PATH, STREAM_PATH, toBatchBodies, toGrpcRequestFrame, toRestBodies } from './door-requests.js'
import { measureEngineFloors } from './engine-floor.js'
import type { DoorResult, FloorBenchResult, LocalnetPlacement } from './floor-result.js'
import type { FloorRun } from './floor-run.js'
import type { FloorSettings } from './floor-settings.js'
import { checkTargets, FLOOR_TARGETS, getFloorRatios } from './floor-targets.js'
import { startServiceProcess, type ServiceProcess } from './service-process.js'
import { describeEntry } from '../support/service-build.js'
import { TRANSACTION_KINDS, createUniqueTransactions, type UniqueTransaction } from './unique-transactions.js'
import { createWorkerPool } from './worker-pool.js'
import { WRK, runWrk } from './wrk-run.js'
import { H2LOAD } from './h2load-run.js'

const DOORS: readonly DoorName[] = ['rest', 'grpc', 'websocket']
const PACKAGES = ['ws', '@grpc/grpc-js', 'undici', 'hdr-histogram-js', 'fastify', 'litesvm'] as const

function log(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** Every kind's outcome through REST, gRPC and the WebSocket stream, before anything is timed. */
async function assertServiceAnswers(service: ServiceProcess, transactions: readonly UniqueTransaction[]): Promise<void> {
  const sample = transactions.slice(0, TRANSACTION_KINDS.length)
  const expect = (door: string, tx: UniqueTransaction, success: boolean, failureCode: string | null | undefined, cached: boolean) => {
    if (success !== tx.kind.success || (failureCode ?? null) !== tx.kind.failureCode)
      throw new Error(
        `${door} / ${tx.kind.name}: answered ${success ? 'success' : failureCode}; expected ${tx.kind.failureCode ?? 'success'}`,
      )
    if (cached) throw new Error(`${door} / ${tx.kind.name}: answered from the result cache (RESULT_CACHE_MAX_ENTRIES=0 expected)`)
  }
  for (const [tx, body] of sample.map((tx, i) => [tx, toRestBodies(sample)[i]] as const)) {
    const response = await fetch(`${service.origin}${SIMULATE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body,
    })
    const json = (await response.json()) as { success?: boolean; failure_code?: string | null; cached?: boolean }
    if (response.status !== 200) throw new Error(`REST / ${tx.kind.name}: HTTP ${response.status} ${JSON.stringify(json).slice(0, 200)}`)
    expect('REST', tx, json.success === true, json.failure_code, json.cached === true)
  }
  const grpc = createGrpcEngineClient(service.grpcAddress, { apiKey: service.apiKey })
  try {
    for (const tx of sample) {
      const response = await grpc.simulate(tx.bytes, { replaceRecentBlockhash: true })
      expect('gRPC', tx, response.success, response.failure_code, response.cached === true)
    }
  } finally {
    await grpc.close()
  }
  const endpoint: DoorEndpoint = {
    door: 'websocket',
    side: 'service',
    address: `${service.origin.replace(/^http/, 'ws')}${STREAM_PATH}`,
    apiKey: service.apiKey,
    gc: null,
  }
  const target = toLoadTarget(endpoint, { restBodies: [], transactions: sample.map((tx) => tx.base64), grpcFrame: Buffer.alloc(0) }, 1)
  if (target.kind !== 'websocket') throw new Error('unreachable')
  const outcomes = await getWebSocketOutcomes(target, sample.length)
  sample.forEach((tx, i) => expect('WebSocket', tx, outcomes[i]?.success === true, outcomes[i]?.failureCode, outcomes[i]?.cached === true))
}

function serviceEndpoint(door: DoorName, service: ServiceProcess): DoorEndpoint {
  const address =
    door === 'rest' ? service.origin : door === 'grpc' ? service.grpcAddress : `${service.origin.replace(/^http/, 'ws')}${STREAM_PATH}`
  return { door, side: 'service', address, apiKey: service.apiKey, gc: service.gc }
}

function bareEndpoint(door: DoorName, ports: { http: number; grpc: number; websocket: number }, apiKey: string): DoorEndpoint {
  const address =
    door === 'rest'
      ? `http://127.0.0.1:${ports.http}`
      : door === 'grpc'
        ? `127.0.0.1:${ports.grpc}`
        : `ws://127.0.0.1:${ports.websocket}${STREAM_PATH}`
  return { door, side: 'bare', address, apiKey, gc: null }
}

/** REST one caller and saturation with wrk, GC bracketed (for the placement comparison). */
async function measureRest(service: ServiceProcess, bodies: readonly string[], settings: FloorSettings, workDir: string, name: string) {
  const wrk = (connections: number, durationS: number, suffix: string) =>
    runWrk({
      origin: service.origin,
      path: SIMULATE_PATH,
      headers: { 'x-api-key': service.apiKey },
      bodies,
      threads: connections === 1 ? 1 : 2,
      connections,
      durationS,
      workDir,
      name: `${name}-${suffix}`,
    })
  await wrk(settings.concurrency, 1, 'prime')
  const measure = async (connections: number, durationS: number, mode: FloorRun['mode'], suffix: string): Promise<FloorRun> => {
    service.gc.open()
    const run = await wrk(connections, durationS, suffix)
    return { ...run, mode, gc: await service.gc.close() }
  }
  return {
    oneCaller: await measure(1, settings.oneCallerDurationS, 'one-caller', 'one'),
    saturation: await measure(settings.concurrency, settings.saturationDurationS, 'saturation', 'sat'),
  }
}

/** Runs the whole benchmark with `settings`. */
export async function runFloorBench(root: string, settings: FloorSettings): Promise<FloorBenchResult> {
  const startedAt = new Date()
  const loadAverageStart = getLoadAverage()
  const logger = createLogger('bench-floor', 'warn')
  const workDir = mkdtempSync(join(tmpdir(), 'preflight-floor-tools-'))
  const closers: Array<() => Promise<void>> = []
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch((error: unknown) => log(`teardown: ${String(error)}`))
  }
  try {
    log(`localnet and localnet:traffic (${settings.trafficRatePerS} tx/s) in processes of their own …`)
    const chain = await startRemoteChain(settings.trafficRatePerS)
    closers.push(() => chain.close())
    const service = await startServiceProcess({ root, chain, entry: settings.serviceEntry })
    closers.push(() => service.close())
    log(
      `service: ${describeEntry(settings.serviceEntry, 'main.ts')} (pid ${service.pid}), REST ${service.origin}, gRPC ${service.grpcAddress}, chain ${chain.rpcUrl}`,
    )

    const { value } = await callRpc<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', [{ commitment: 'processed' }])
    const transactions = createUniqueTransactions(settings.transactions, value.blockhash)
    const floor = await measureEngineFloors(chain.rpcUrl, transactions, settings.floorIterations, logger)
    log(
      `floors: raw LiteSVM p50 ${floor.liteSvm.p50Ms} ms, engine p50 ${floor.engine.p50Ms} ms (${transactions.length} distinct transactions)`,
    )
    await assertServiceAnswers(service, transactions)
    const answers = await captureAnswers(service, transactions[0] as UniqueTransaction)
    const bare = await startBareServers(answers)
    closers.push(() => bare.close())
    const pool = createWorkerPool(root, settings.generators)
    closers.push(() => pool.close())

    const requests: DoorRequests = {
      restBodies: toRestBodies(transactions),
      transactions: transactions.map((tx) => tx.base64),
      grpcFrame: toGrpcRequestFrame(transactions[0] as UniqueTransaction),
    }
    const runSettings = { ...settings, workDir, saturationP99LimitMs: FLOOR_TARGETS.saturationP99Ms }
    const doors: DoorResult[] = []
    for (const door of DOORS) {
      log(`${door}:`)
      const bareRuns = await measureDoor(bareEndpoint(door, bare.ports, service.apiKey), requests, pool, runSettings)
      const serviceRuns = await measureDoor(serviceEndpoint(door, service), requests, pool, runSettings)
      doors.push({ door, bare: bareRuns, service: serviceRuns })
    }

    log('batch:')
    const batchBodies = toBatchBodies(transactions, settings.batchSize, Math.max(1, Math.floor(transactions.length / settings.batchSize)))
    const batchWrk = (durationS: number, name: string) =>
      runWrk({
        origin: service.origin,
        path: BATCH_PATH,
        headers: { 'x-api-key': service.apiKey },
        bodies: batchBodies,
        threads: 2,
        connections: 4,
        durationS,
        workDir,
        name,
      })
    await batchWrk(1, 'batch-prime')
    service.gc.open()
    const batchMeasured = await batchWrk(settings.saturationDurationS, 'batch')
    const batchRun: FloorRun = { ...batchMeasured, mode: 'saturation', gc: await service.gc.close() }
    const batch = {
      batchSize: settings.batchSize,
      run: batchRun,
      simulationsPerS: Math.round(batchRun.achievedRatePerS * settings.batchSize),
    }
    log(
      `  batch: ${batchRun.achievedRatePerS} batches/s = ${batch.simulationsPerS} simulations/s, p99 ${batchRun.latency.p99Ms} ms, ${batchRun.latency.errors} errors`,
    )

    let placement: LocalnetPlacement | null = null
    if (settings.placement) {
      const restDoor = doors.find((door) => door.door === 'rest') as DoorResult
      const apart = await measureRest(service, requests.restBodies, settings, workDir, 'apart')
      // The chain apart and its service stop first: the in-process run must not share the cores with them.
      await closeAll()
      log('localnet inside the service, as npm start places it; traffic in its own process …')
      const inside = await startServiceProcess({ root, entry: settings.serviceEntry })
      closers.push(() => inside.close())
      const traffic = startTraffic(inside.rpcUrl, settings.trafficRatePerS)
      closers.push(() => traffic.close())
      await assertServiceAnswers(inside, transactions)
      const inProcess = await measureRest(inside, requests.restBodies, settings, workDir, 'inside')
      const ratio = Math.round((inProcess.saturation.achievedRatePerS / apart.saturation.achievedRatePerS) * 1000) / 1000
      placement = {
        localnetApart: apart,
        localnetInProcess: inProcess,
        faster: ratio > 1 ? 'in-process' : 'apart',
        saturationRatio: ratio > 1 ? ratio : Math.round((1 / ratio) * 1000) / 1000,
      }
      log(
        `  apart: ${apart.saturation.achievedRatePerS}/s (door run: ${restDoor.service.saturation.achievedRatePerS}/s); in process: ${inProcess.saturation.achievedRatePerS}/s`,
      )
    }

    const figures = { doors, floor, batch }
    return {
      ...getResultHeader('floor', root, startedAt, PACKAGES),
      loadAverage: { start: loadAverageStart, end: getLoadAverage() },
      settings: {
        ...settings,
        tools: {
          wrk: WRK,
          h2load: H2LOAD,
          loadWorkers: `${settings.generators} × bench/load/load-worker.ts (undici / node:http2 gRPC framing / ws)`,
        },
        service: `${describeEntry(settings.serviceEntry, 'main.ts')}, SOLANA_RPC_URLS + GEYSER_ENDPOINT → localnet apart, RATE_LIMITS=off, RESULT_CACHE_MAX_ENTRIES=0, fresh DATA_DIR, embedded PGlite, LOG_LEVEL=warn, BENCH_GC_REPORT`,
        // The simulate worker threads the service ran with (inherited from the benchmark's environment).
        engineWorkers: process.env.ENGINE_WORKERS ?? `default: ${availableParallelism()} (one per core)`,
        chain: `localnet/main.ts and localnet/traffic/main.ts (${settings.trafficRatePerS} tx/s), each in its own process; requests ask replace_recent_blockhash`,
        bare: 'bench/floor/bare-servers-process.ts: node:http, node:http2 (gRPC framing) and ws, answering the service answer captured first',
      },
      transactions: { count: transactions.length, kinds: TRANSACTION_KINDS.map((kind) => kind.name) },
      floor,
      doors,
      batch,
      placement,
      ratios: getFloorRatios(figures),
      targets: checkTargets(figures),
    }
  } finally {
    await closeAll()
    rmSync(workDir, { recursive: true, force: true })
  }
}
