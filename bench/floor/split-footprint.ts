/**
 * A split deployment (accounts, engines, an edge, as deploy/k8s runs them) under `wrk` REST
 * saturation through the edge, once with each engine count of `--engines`: the throughput and its
 * ratio to the first count's, what each process uses (resident memory at rest and at its peak, CPU
 * in cores: the figures the Kubernetes requests are sized from, deploy/README.md), and what each
 * call costs the shared stores that do not scale out (store-costs.ts: PostgreSQL rows and
 * transactions, Redis commands, publishes and bytes): the sizing model of docs/operations.md.
 *
 *   npm run bench:footprint -- [--engines 1,2] [--users 200] [--seconds 15] [--connections 16] [--env NAME=VALUE ...]
 *     [--source]   (each process from its TypeScript through tsx; default: compiled, as the image runs them)
 *
 * Rate limits and the quota stay on, as in production: the load is spread over `--users` users
 * (one API key each, wrk rotating them) so none passes the free plan's 10 requests a second.
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a schema of its
 * own each run, dropped after) and Redis (REDIS_URL, default redis://127.0.0.1:6379), neither used
 * by anything else meanwhile (their counters are global). localnet and its traffic run apart, as
 * for bench:floor; `--env` sets every process's environment.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { callRpc } from '../load/load-stack.js'
import { createBenchCredentials } from '../support/bench-credentials.js'
import { startRemoteChain, type RemoteChain } from '../support/remote-chain.js'
import { parseEnvPairs } from '../support/env-pairs.js'
import { SIMULATE_PATH, toRestBodies } from './door-requests.js'
import { readThreadTicks, TICK_US } from './proc-cpu.js'
import { startSplitDeployment } from './split-deployment.js'
import type { ServiceEntry } from '../support/service-build.js'
import { perRequest, PG_STATS_SETTLE_MS, readStoreCounters } from './store-costs.js'
import { createUniqueTransactions } from './unique-transactions.js'
import { runWrk } from './wrk-run.js'
import { checkFlags, readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npm run bench:footprint --'

/** VmRSS and VmHWM (peak) of `pid`, in MiB. */
function readMemory(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) }
}

function readProcessTicks(pid: number): number {
  let ticks = 0
  for (const thread of readThreadTicks(pid).values()) ticks += thread.ticks
  return ticks
}

/** `count` users' API keys, made through the edge, a few at a time. */
async function createKeys(origin: string, count: number): Promise<string[]> {
  const keys: string[] = []
  while (keys.length < count) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, count - keys.length) }, () => createBenchCredentials(origin)))
    keys.push(...batch.map((credentials) => credentials.apiKey))
  }
  return keys
}

interface Options {
  chain: RemoteChain
  engines: number
  users: number
  seconds: number
  connections: number
  env: Record<string, string>
  databaseUrl: string
  redisUrl: string
  entry: ServiceEntry
}

/** One deployment's run; the lines it prints, and its throughput. */
async function measure(options: Options): Promise<{ lines: string[]; ratePerS: number }> {
  const deployment = await startSplitDeployment({
    chain: options.chain,
    engines: options.engines,
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    env: { AUTH_LIMITS: 'off', ...options.env },
    entry: options.entry,
  })
  const redis = new Redis(options.redisUrl)
  const workDir = mkdtempSync(join(tmpdir(), 'preflight-footprint-'))
  try {
    const { processes, origin } = deployment
    const keys = await createKeys(origin, options.users)
    const { value } = await callRpc<{ value: { blockhash: string } }>(options.chain.rpcUrl, 'getLatestBlockhash', [
      { commitment: 'processed' },
    ])
    const bodies = toRestBodies(createUniqueTransactions(3072, value.blockhash))
    const wrk = (durationS: number, name: string) =>
      runWrk({
        origin,
        path: SIMULATE_PATH,
        headers: {},
        rotatedHeader: { name: 'x-api-key', values: keys },
        bodies,
        threads: 2,
        connections: options.connections,
        durationS,
        workDir,
        name,
      })
    await wrk(3, 'prime')
    await new Promise((resolve) => setTimeout(resolve, PG_STATS_SETTLE_MS))
    const atRest = new Map(processes.map((p) => [p.name, readMemory(p.child.pid as number)]))
    const ticksBefore = new Map(processes.map((p) => [p.name, readProcessTicks(p.child.pid as number)]))
    const storesBefore = await readStoreCounters(deployment.admin, deployment.schema, redis)
    const run = await wrk(options.seconds, 'measure')
    const cores = new Map(
      processes.map((p) => [
        p.name,
        ((readProcessTicks(p.child.pid as number) - (ticksBefore.get(p.name) ?? 0)) * TICK_US) / 1e6 / run.durationS,
      ]),
    )
    await new Promise((resolve) => setTimeout(resolve, PG_STATS_SETTLE_MS))
    const requests = run.latency.count
    const costs = perRequest(storesBefore, await readStoreCounters(deployment.admin, deployment.schema, redis), requests)
    const lines = [
      `${options.engines} engine${options.engines === 1 ? '' : 's'}: ${Math.round(run.achievedRatePerS)}/s, p50 ${run.latency.p50Ms} ms, p99 ${run.latency.p99Ms} ms (${run.tool}, ${run.durationS} s), ${run.firstError ?? 'no errors'}`,
      `${'process'.padEnd(10)}${'RSS after warm-up'.padStart(19)}${'peak RSS'.padStart(10)}${'cores at saturation'.padStart(21)}`,
      ...processes.map((p) => {
        const memory = readMemory(p.child.pid as number)
        return `${p.name.padEnd(10)}${`${atRest.get(p.name)?.rssMiB} MiB`.padStart(19)}${`${memory.peakMiB} MiB`.padStart(10)}${(cores.get(p.name) ?? 0).toFixed(2).padStart(21)}`
      }),
      `per request: PostgreSQL ${costs.rowsWritten.toFixed(3)} rows written, ${costs.transactions.toFixed(3)} transactions; Redis ${costs.redisCommands.toFixed(2)} commands, ${costs.redisPublishes.toFixed(4)} publishes, ${Math.round(costs.redisBytes)} bytes (${Object.entries(
        costs.redisByCommand,
      )
        .sort(([, a], [, b]) => b - a)
        .map(([name, calls]) => `${name} ${calls.toFixed(2)}`)
        .join(', ')})`,
    ]
    return { lines, ratePerS: run.achievedRatePerS }
  } finally {
    redis.disconnect()
    rmSync(workDir, { recursive: true, force: true })
    await deployment.close()
  }
}

async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: {
      engines: { type: 'string', default: '1,2' },
      users: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '15' },
      connections: { type: 'string', default: '16' },
      env: { type: 'string', multiple: true, default: [] },
      source: { type: 'boolean', default: false },
    },
  })
  const engineCounts = values.engines.split(',').map(Number)
  if (engineCounts.some((count) => !Number.isInteger(count) || count < 1))
    rejectFlag(COMMAND, `--engines: positive integers, got ${values.engines}`)
  const chain = await startRemoteChain(20)
  try {
    let first: number | undefined
    for (const engines of engineCounts) {
      const { lines, ratePerS } = await measure({
        chain,
        engines,
        users: Number(values.users),
        seconds: Number(values.seconds),
        connections: Number(values.connections),
        env: checkFlags(COMMAND, () => parseEnvPairs(values.env)),
        databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
        redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        entry: values.source ? 'source' : 'build',
      })
      first ??= ratePerS
      const ratio =
        engines === engineCounts[0] ? '' : `\nthroughput against ${engineCounts[0]} engine(s): ${(ratePerS / first).toFixed(2)}×`
      process.stdout.write(`${lines.join('\n')}${ratio}\n\n`)
    }
  } finally {
    await chain.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
