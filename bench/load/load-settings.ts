/**
 * The load benchmark's settings: one schema read with lib/config's readConfig from BENCH_LOAD_*
 * variables, command-line flags being aliases of the same variables (a flag wins). `--quick` picks
 * the smoke-run profile; any value set explicitly overrides the profile.
 */
import { parseArgs } from 'node:util'
import { ConfigError, readConfig } from '../../lib/config.js'
import type { LoadPath } from './load-results.js'

export const RUNNABLE_PATHS = ['rest', 'grpc', 'json-rpc', 'websocket', 'websocket-msgpack', 'batch'] as const satisfies readonly LoadPath[]
export type RunnablePath = (typeof RUNNABLE_PATHS)[number]
/** Paths the max-rate search may run: a batch's rate is not comparable, and MessagePack is an encoding variant of `websocket`. */
const SEARCHABLE_PATHS = ['rest', 'grpc', 'json-rpc', 'websocket', 'websocket-msgpack'] as const satisfies readonly RunnablePath[]
const DEFAULT_SEARCH_PATHS = ['rest', 'grpc', 'json-rpc', 'websocket'] as const

const settingsSchema = {
  quick: { kind: 'bool', env: 'BENCH_LOAD_QUICK', default: false },
  url: { kind: 'optional-url', env: 'BENCH_LOAD_URL' },
  /** Where localnet runs when the stack is started here: in a process of its own with its traffic, as a real node would, or inside. */
  chain: { kind: 'string', env: 'BENCH_LOAD_CHAIN', default: 'apart', oneOf: ['apart', 'inside'] },
  grpc: { kind: 'optional-string', env: 'BENCH_LOAD_GRPC' },
  rpcUrl: { kind: 'optional-url', env: 'BENCH_LOAD_RPC_URL' },
  paths: { kind: 'string', env: 'BENCH_LOAD_PATHS', default: RUNNABLE_PATHS.join(',') },
  rates: { kind: 'string', env: 'BENCH_LOAD_RATES', default: '100,1000' },
  batchRates: { kind: 'string', env: 'BENCH_LOAD_BATCH_RATES', default: '20' },
  batchSize: { kind: 'int', env: 'BENCH_LOAD_BATCH_SIZE', default: 50, min: 1, max: 50 },
  wsSockets: { kind: 'int', env: 'BENCH_LOAD_WS_SOCKETS', default: 1, min: 1, max: 256 },
  streamMessages: { kind: 'int', env: 'BENCH_LOAD_STREAM_MESSAGES', default: 10_000, min: 0, max: 10_000_000 },
  searchPaths: { kind: 'string', env: 'BENCH_LOAD_SEARCH_PATHS', default: DEFAULT_SEARCH_PATHS.join(',') },
  durationS: { kind: 'int', env: 'BENCH_LOAD_DURATION_S', default: 4, min: 1, max: 3_600 },
  warmupMs: { kind: 'int', env: 'BENCH_LOAD_WARMUP_MS', default: 500, min: 0, max: 60_000 },
  saturationDurationS: { kind: 'int', env: 'BENCH_LOAD_SATURATION_DURATION_S', default: 4, min: 1, max: 3_600 },
  concurrency: { kind: 'int', env: 'BENCH_LOAD_CONCURRENCY', default: 8, min: 1, max: 1_024 },
  connections: { kind: 'int', env: 'BENCH_LOAD_CONNECTIONS', default: 32, min: 1, max: 1_024 },
  stepDurationS: { kind: 'int', env: 'BENCH_LOAD_STEP_DURATION_S', default: 2, min: 1, max: 600 },
  searchStartRate: { kind: 'int', env: 'BENCH_LOAD_SEARCH_START_RATE', default: 1_000, min: 10, max: 1_000_000 },
  searchMaxRate: { kind: 'int', env: 'BENCH_LOAD_SEARCH_MAX_RATE', default: 64_000, min: 10, max: 1_000_000 },
  bisectSteps: { kind: 'int', env: 'BENCH_LOAD_BISECT_STEPS', default: 2, min: 0, max: 10 },
  confirmMaxRate: { kind: 'bool', env: 'BENCH_LOAD_CONFIRM_MAX_RATE', default: true },
  floorIterations: { kind: 'int', env: 'BENCH_LOAD_FLOOR_ITERATIONS', default: 20_000, min: 100, max: 10_000_000 },
  rpcLatencyMs: { kind: 'int', env: 'BENCH_LOAD_RPC_LATENCY_MS', default: 20, min: 0, max: 700 },
  coldCount: { kind: 'int', env: 'BENCH_LOAD_COLD_COUNT', default: 40, min: 1, max: 10_000 },
  coldConcurrent: { kind: 'int', env: 'BENCH_LOAD_COLD_CONCURRENT', default: 20, min: 1, max: 1_000 },
  write: { kind: 'bool', env: 'BENCH_LOAD_WRITE', default: true },
  resultsDir: { kind: 'string', env: 'BENCH_LOAD_RESULTS_DIR', default: 'bench/results' },
} as const

/** `--quick`: about 75 s, to see that everything runs; its figures are rough. */
const QUICK_PROFILE: Record<string, string> = {
  BENCH_LOAD_DURATION_S: '2',
  BENCH_LOAD_WARMUP_MS: '300',
  BENCH_LOAD_SATURATION_DURATION_S: '1',
  BENCH_LOAD_STEP_DURATION_S: '1',
  BENCH_LOAD_BISECT_STEPS: '0',
  BENCH_LOAD_CONFIRM_MAX_RATE: 'false',
  BENCH_LOAD_FLOOR_ITERATIONS: '4000',
  BENCH_LOAD_COLD_COUNT: '20',
}

/** Flag → the variable it sets. */
const FLAG_VARIABLES = {
  url: 'BENCH_LOAD_URL',
  chain: 'BENCH_LOAD_CHAIN',
  grpc: 'BENCH_LOAD_GRPC',
  'rpc-url': 'BENCH_LOAD_RPC_URL',
  paths: 'BENCH_LOAD_PATHS',
  rates: 'BENCH_LOAD_RATES',
  'batch-rates': 'BENCH_LOAD_BATCH_RATES',
  'batch-size': 'BENCH_LOAD_BATCH_SIZE',
  'ws-sockets': 'BENCH_LOAD_WS_SOCKETS',
  'stream-messages': 'BENCH_LOAD_STREAM_MESSAGES',
  'search-paths': 'BENCH_LOAD_SEARCH_PATHS',
  duration: 'BENCH_LOAD_DURATION_S',
  'warmup-ms': 'BENCH_LOAD_WARMUP_MS',
  'saturation-duration': 'BENCH_LOAD_SATURATION_DURATION_S',
  concurrency: 'BENCH_LOAD_CONCURRENCY',
  connections: 'BENCH_LOAD_CONNECTIONS',
  'step-duration': 'BENCH_LOAD_STEP_DURATION_S',
  'search-start-rate': 'BENCH_LOAD_SEARCH_START_RATE',
  'search-max-rate': 'BENCH_LOAD_SEARCH_MAX_RATE',
  'bisect-steps': 'BENCH_LOAD_BISECT_STEPS',
  'floor-iterations': 'BENCH_LOAD_FLOOR_ITERATIONS',
  'rpc-latency-ms': 'BENCH_LOAD_RPC_LATENCY_MS',
  'cold-count': 'BENCH_LOAD_COLD_COUNT',
  'cold-concurrent': 'BENCH_LOAD_COLD_CONCURRENT',
  'results-dir': 'BENCH_LOAD_RESULTS_DIR',
} as const

export const USAGE = `usage: npx tsx bench/load/load-bench.ts [flags]      (≈3 min; --quick ≈75 s)

  --quick                   smoke run: 2 s runs, 1 s search steps, no bisection  (BENCH_LOAD_QUICK)
  --url URL                 target a running edge (REST) instead of starting a stack (BENCH_LOAD_URL)
  --chain apart|inside      localnet and its traffic in their own processes, or localnet in this one (BENCH_LOAD_CHAIN, default apart)
  --grpc HOST:PORT          its engine's gRPC port, with --url      (BENCH_LOAD_GRPC, default 127.0.0.1:50051)
  --rpc-url URL             its localnet JSON-RPC, with --url       (BENCH_LOAD_RPC_URL, default http://127.0.0.1:8899)
  --paths a,b               ${RUNNABLE_PATHS.join(', ')} (BENCH_LOAD_PATHS, default all)
  --rates a,b               fixed open-loop rates, requests/s        (BENCH_LOAD_RATES, default 100,1000)
  --batch-rates a,b         the batch path's open-loop rates, batches/s (BENCH_LOAD_BATCH_RATES, default 20)
  --batch-size N            transactions per batch, 1–50              (BENCH_LOAD_BATCH_SIZE, default 50)
  --ws-sockets N            WebSocket sockets per run (open loop: round-robin; closed loop: callers spread) (BENCH_LOAD_WS_SOCKETS, default 1)
  --stream-messages N       messages of the one-socket WebSocket stream run; 0: none (BENCH_LOAD_STREAM_MESSAGES, default 10000)
  --duration S              each fixed-rate run, and the max-rate run (BENCH_LOAD_DURATION_S, default 4)
  --warmup-ms MS            unmeasured lead-in of every run          (BENCH_LOAD_WARMUP_MS, default 500)
  --saturation-duration S   each closed-loop run                     (BENCH_LOAD_SATURATION_DURATION_S, default 4)
  --concurrency N           closed-loop callers / connections         (BENCH_LOAD_CONCURRENCY, default 8)
  --connections N           open-loop HTTP pool size                  (BENCH_LOAD_CONNECTIONS, default 32)
  --step-duration S         each step of the max-rate search          (BENCH_LOAD_STEP_DURATION_S, default 2)
  --search-paths a,b        paths the max-rate search runs, of ${SEARCHABLE_PATHS.join(', ')} (BENCH_LOAD_SEARCH_PATHS, default ${DEFAULT_SEARCH_PATHS.join(',')})
  --search-start-rate N     first rate of the search                  (BENCH_LOAD_SEARCH_START_RATE, default 1000)
  --search-max-rate N       the search stops doubling here            (BENCH_LOAD_SEARCH_MAX_RATE, default 64000)
  --bisect-steps N          halvings between the last rate held and the first missed (BENCH_LOAD_BISECT_STEPS, default 2)
  --floor-iterations N      calls timed for the floor and the cached path (BENCH_LOAD_FLOOR_ITERATIONS, default 20000)
  --rpc-latency-ms MS       injected RPC latency of the cold run      (BENCH_LOAD_RPC_LATENCY_MS, default 20)
  --cold-count N            sequential cold simulates                 (BENCH_LOAD_COLD_COUNT, default 40)
  --cold-concurrent N       simultaneous simulates of one unseen account set (BENCH_LOAD_COLD_CONCURRENT, default 20)
  --results-dir DIR         where the JSON goes                       (BENCH_LOAD_RESULTS_DIR, default bench/results)
  --no-write                print only                                (BENCH_LOAD_WRITE=false)
  --help`

export interface LoadSettings {
  quick: boolean
  /** Set when a running stack is targeted (--url); the stack is started in process otherwise. */
  external: { url: string; grpc: string; rpcUrl: string } | undefined
  /** In process: localnet and its traffic generator apart (the default), or localnet inside this process. */
  chain: 'apart' | 'inside'
  paths: RunnablePath[]
  rates: number[]
  /** The batch path's open-loop rates (batches/s), instead of `rates`. */
  batchRates: number[]
  batchSize: number
  wsSockets: number
  /** Messages of the WebSocket stream run (0: no stream run). */
  streamMessages: number
  /** Of `paths`, those the max-rate search runs. */
  searchPaths: RunnablePath[]
  durationS: number
  warmupMs: number
  saturationDurationS: number
  concurrency: number
  connections: number
  stepDurationS: number
  searchStartRate: number
  searchMaxRate: number
  bisectSteps: number
  confirmMaxRate: boolean
  floorIterations: number
  rpcLatencyMs: number
  coldCount: number
  coldConcurrent: number
  write: boolean
  resultsDir: string
}

function toPaths<P extends RunnablePath>(raw: string, allowed: readonly P[], variable: string, allowEmpty = false): P[] {
  const names = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const unknown = names.filter((name) => !(allowed as readonly string[]).includes(name))
  if ((names.length === 0 && !allowEmpty) || unknown.length > 0)
    throw new ConfigError(variable, `a comma-separated subset of ${allowed.join(', ')}`, raw)
  return allowed.filter((name) => names.includes(name))
}

function toRates(raw: string, variable: string): number[] {
  const rates = raw.split(',').map((part) => Number(part.trim()))
  if (rates.length === 0 || rates.some((rate) => !Number.isInteger(rate) || rate < 1 || rate > 1_000_000)) {
    throw new ConfigError(variable, 'a comma-separated list of integer rates from 1 to 1000000', raw)
  }
  return [...new Set(rates)].sort((a, b) => a - b)
}

/** Reads the settings from `argv` (flags) over `env`; undefined when --help was asked. */
export function readLoadSettings(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): LoadSettings | undefined {
  const options = Object.fromEntries(Object.keys(FLAG_VARIABLES).map((flag) => [flag, { type: 'string' as const }]))
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: { ...options, quick: { type: 'boolean' }, 'no-write': { type: 'boolean' }, help: { type: 'boolean' } },
  })
  if (values.help) return undefined
  const merged: Record<string, string | undefined> = { ...env }
  const given = values as Record<string, string | boolean | undefined>
  for (const [flag, variable] of Object.entries(FLAG_VARIABLES)) {
    const value = given[flag]
    if (typeof value === 'string') merged[variable] = value
  }
  if (values.quick) merged.BENCH_LOAD_QUICK = 'true'
  if (values['no-write']) merged.BENCH_LOAD_WRITE = 'false'
  if (readConfig({ quick: settingsSchema.quick }, merged).quick) {
    for (const [variable, value] of Object.entries(QUICK_PROFILE)) merged[variable] ??= value
  }
  const config = readConfig(settingsSchema, merged)
  const paths = toPaths(config.paths, RUNNABLE_PATHS, 'BENCH_LOAD_PATHS')
  return {
    quick: config.quick,
    external: config.url
      ? { url: config.url.replace(/\/$/, ''), grpc: config.grpc ?? '127.0.0.1:50051', rpcUrl: config.rpcUrl ?? 'http://127.0.0.1:8899/' }
      : undefined,
    chain: config.chain === 'inside' ? 'inside' : 'apart',
    paths,
    rates: toRates(config.rates, 'BENCH_LOAD_RATES'),
    batchRates: toRates(config.batchRates, 'BENCH_LOAD_BATCH_RATES'),
    batchSize: config.batchSize,
    wsSockets: config.wsSockets,
    streamMessages: config.streamMessages,
    searchPaths: toPaths(config.searchPaths, SEARCHABLE_PATHS, 'BENCH_LOAD_SEARCH_PATHS', true).filter((path) => paths.includes(path)),
    durationS: config.durationS,
    warmupMs: config.warmupMs,
    saturationDurationS: config.saturationDurationS,
    concurrency: config.concurrency,
    connections: config.connections,
    stepDurationS: config.stepDurationS,
    searchStartRate: config.searchStartRate,
    searchMaxRate: config.searchMaxRate,
    bisectSteps: config.bisectSteps,
    confirmMaxRate: config.confirmMaxRate,
    floorIterations: config.floorIterations,
    rpcLatencyMs: config.rpcLatencyMs,
    coldCount: config.coldCount,
    coldConcurrent: config.coldConcurrent,
    write: config.write,
    resultsDir: config.resultsDir,
  }
}
