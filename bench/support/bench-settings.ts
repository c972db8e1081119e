/**
 * The benchmark's settings: one schema read with lib/config's readConfig, from BENCH_* variables,
 * with command-line flags as aliases of the same variables (a flag wins over the environment).
 */
import { parseArgs } from 'node:util'
import { ConfigError, readConfig } from '../../lib/config.js'

export const CASE_NAMES = ['sol-transfer', 'spl-transfer', 'token-receive'] as const
export type CaseName = (typeof CASE_NAMES)[number]

/**
 * What each path times, on the same wire bytes. `svm-floor` is the floor (bench/README.md);
 * `http-floor` is the HTTP plumbing alone (same client, same bodies, a server that does nothing);
 * `auth-key` / `auth-bearer` the edge's warm authenticator alone, what authentication adds.
 */
export const PATH_NAMES = [
  'svm-floor',
  'svm-floor+read',
  'svm-floor+min-read',
  'engine',
  'engine-sim-only',
  'rest',
  'rest-bearer',
  'rest-ext',
  'http-floor',
  'auth-key',
  'auth-bearer',
  'journal-append',
  'litesvm-public',
  'kit-decode',
] as const
export type PathName = (typeof PATH_NAMES)[number]

/**
 * Reference and comparison paths, only for context, so they run `extraIterations` times:
 * `rest-bearer` differs from `rest` by the credential alone, which the auth rows time precisely.
 */
export const EXTRA_PATHS: ReadonlySet<PathName> = new Set<PathName>(['rest-bearer', 'litesvm-public', 'kit-decode'])

const settingsSchema = {
  iterations: { kind: 'int', env: 'BENCH_ITERATIONS', default: 10_000, min: 10, max: 10_000_000 },
  warmup: { kind: 'int', env: 'BENCH_WARMUP', default: 2_000, min: 0, max: 10_000_000 },
  extraIterations: { kind: 'int', env: 'BENCH_EXTRA_ITERATIONS', default: 2_000, min: 10, max: 10_000_000 },
  extraWarmup: { kind: 'int', env: 'BENCH_EXTRA_WARMUP', default: 200, min: 0, max: 10_000_000 },
  rounds: { kind: 'int', env: 'BENCH_ROUNDS', default: 4, min: 1, max: 1_000 },
  cases: { kind: 'string', env: 'BENCH_CASES', default: CASE_NAMES.join(',') },
  paths: { kind: 'string', env: 'BENCH_PATHS', default: PATH_NAMES.join(',') },
  httpClient: { kind: 'string', env: 'BENCH_HTTP_CLIENT', default: 'raw', oneOf: ['raw', 'node', 'undici'] },
  write: { kind: 'bool', env: 'BENCH_WRITE', default: true },
  /** off: localnet in process, slots still. traffic: localnet apart, slots every 400 ms, traffic landing, the engine on its geyser stream. */
  stream: { kind: 'string', env: 'BENCH_STREAM', default: 'off', oneOf: ['off', 'traffic'] },
  trafficRate: { kind: 'int', env: 'BENCH_TRAFFIC_RATE', default: 200, min: 1, max: 10_000 },
  resultsDir: { kind: 'string', env: 'BENCH_RESULTS_DIR', default: 'bench/results' },
} as const

/** Flag → the variable it sets. */
const FLAG_VARIABLES = {
  iterations: 'BENCH_ITERATIONS',
  warmup: 'BENCH_WARMUP',
  'extra-iterations': 'BENCH_EXTRA_ITERATIONS',
  'extra-warmup': 'BENCH_EXTRA_WARMUP',
  rounds: 'BENCH_ROUNDS',
  cases: 'BENCH_CASES',
  paths: 'BENCH_PATHS',
  'http-client': 'BENCH_HTTP_CLIENT',
  stream: 'BENCH_STREAM',
  'traffic-rate': 'BENCH_TRAFFIC_RATE',
  'results-dir': 'BENCH_RESULTS_DIR',
} as const

export const USAGE = `usage: npm run bench -- [flags]   (or: npx tsx bench/engine-simulate.bench.ts [flags])

  --iterations N        measured calls per path and case        (BENCH_ITERATIONS, default 10000)
  --warmup N            unmeasured calls first                  (BENCH_WARMUP, default 2000)
  --extra-iterations N  measured calls of rest-bearer, litesvm-public, kit-decode (BENCH_EXTRA_ITERATIONS, default 2000)
  --extra-warmup N      their warm-up                           (BENCH_EXTRA_WARMUP, default 200)
  --rounds N            split the measured calls into N interleaved rounds (BENCH_ROUNDS, default 4)
  --cases a,b           ${CASE_NAMES.join(', ')}          (BENCH_CASES, default all)
  --paths a,b           ${PATH_NAMES.join(', ')}
                                                                (BENCH_PATHS, default all)
  --http-client NAME    raw (one socket, prebuilt request: default), node (node:http) or undici (BENCH_HTTP_CLIENT)
  --stream MODE         off (default) or traffic: localnet in its own process, slots every 400 ms,
                        traffic landing, the engine fed by its geyser stream (BENCH_STREAM)
  --traffic-rate N      tx/s landed in traffic mode             (BENCH_TRAFFIC_RATE, default 200)
  --results-dir DIR     where the JSON goes                     (BENCH_RESULTS_DIR, default bench/results)
  --no-write            print only, write no JSON               (BENCH_WRITE=false)
  --help`

export interface BenchSettings {
  iterations: number
  warmup: number
  extraIterations: number
  extraWarmup: number
  rounds: number
  cases: CaseName[]
  paths: PathName[]
  httpClient: 'raw' | 'node' | 'undici'
  write: boolean
  resultsDir: string
  stream: 'off' | 'traffic'
  trafficRate: number
}

function toList<T extends string>(variable: string, raw: string, allowed: readonly T[]): T[] {
  const names = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const unknown = names.filter((name) => !(allowed as readonly string[]).includes(name))
  if (names.length === 0 || unknown.length > 0) throw new ConfigError(variable, `a comma-separated subset of ${allowed.join(', ')}`, raw)
  // Keep the canonical order, whatever order the list was given in.
  return allowed.filter((name) => names.includes(name))
}

/** Reads the settings from `argv` (flags) over `env`; returns undefined when --help was asked. */
export function readBenchSettings(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BenchSettings | undefined {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      'extra-iterations': { type: 'string' },
      'extra-warmup': { type: 'string' },
      rounds: { type: 'string' },
      cases: { type: 'string' },
      paths: { type: 'string' },
      'http-client': { type: 'string' },
      stream: { type: 'string' },
      'traffic-rate': { type: 'string' },
      'results-dir': { type: 'string' },
      'no-write': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) return undefined
  const merged: Record<string, string | undefined> = { ...env }
  for (const [flag, variable] of Object.entries(FLAG_VARIABLES)) {
    const value = values[flag as keyof typeof FLAG_VARIABLES]
    if (value !== undefined) merged[variable] = value
  }
  if (values['no-write']) merged.BENCH_WRITE = 'false'
  const config = readConfig(settingsSchema, merged)
  return {
    iterations: config.iterations,
    warmup: config.warmup,
    extraIterations: config.extraIterations,
    extraWarmup: config.extraWarmup,
    rounds: config.rounds,
    cases: toList('BENCH_CASES', config.cases, CASE_NAMES),
    paths: toList('BENCH_PATHS', config.paths, PATH_NAMES),
    httpClient: config.httpClient as 'raw' | 'node' | 'undici',
    write: config.write,
    resultsDir: config.resultsDir,
    stream: config.stream as 'off' | 'traffic',
    trafficRate: config.trafficRate,
  }
}
