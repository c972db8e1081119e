/**
 * What each process of a split deployment (accounts, engine, edge, as deploy/k8s runs them) uses:
 * resident memory at rest and at its peak, and CPU in cores, under `wrk` REST saturation through
 * the edge. The figures the Kubernetes requests and limits are sized from (deploy/README.md).
 *
 *   npm run bench:footprint -- [--seconds 15] [--connections 16] [--env NAME=VALUE ...]
 *
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a schema of its
 * own is created and dropped) and Redis (REDIS_URL, default redis://127.0.0.1:6379). localnet and
 * its traffic run apart, as for bench:floor; `--env` sets the three processes' environment.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createDatabase } from '../../accounts/db/database.js'
import { getFreePort } from '../../lib/free-port.js'
import { callRpc } from '../load/load-stack.js'
import { createBenchCredentials } from '../support/bench-credentials.js'
import { startRemoteChain } from '../support/remote-chain.js'
import { stopChild } from '../support/stop-child.js'
import { parseEnvPairs } from '../support/env-pairs.js'
import { SIMULATE_PATH, toRestBodies } from './door-requests.js'
import { readThreadTicks, TICK_US } from './proc-cpu.js'
import { createUniqueTransactions } from './unique-transactions.js'
import { runWrk } from './wrk-run.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 60_000

interface Started {
  name: string
  child: ChildProcess
}

function start(name: string, entry: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { name, child }
}

async function waitFor(what: string, started: Started, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + BOOT_LIMIT_MS
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${what} exited with ${started.child.exitCode}`)
    if (await ready()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} was not ready within ${BOOT_LIMIT_MS} ms`)
}

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '15' },
      connections: { type: 'string', default: '16' },
      env: { type: 'string', multiple: true, default: [] },
    },
  })
  const extraEnv = parseEnvPairs(values.env)
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const schema = `bench_footprint_${randomBytes(4).toString('hex')}`
  const admin = createDatabase({ url: databaseUrl, maxConnections: 1 })
  await admin.query(`CREATE SCHEMA ${schema}`)
  const schemaUrl = new URL(databaseUrl)
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`)
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-footprint-'))
  const chain = await startRemoteChain(20)
  const processes: Started[] = []
  try {
    const [accountsPort, enginePort, edgePort] = [await getFreePort(), await getFreePort(), await getFreePort()]
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCOUNTS_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
      ENGINE_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
    }
    const shared = { REDIS_URL: redisUrl, RATE_LIMITS: 'off', ...extraEnv }
    const accounts = start('accounts', 'accounts/main.ts', {
      ...shared,
      DATABASE_URL: schemaUrl.href,
      JWT_SECRET: secrets.JWT_SECRET,
      ACCOUNTS_INTERNAL_TOKEN: secrets.ACCOUNTS_INTERNAL_TOKEN,
      ACCOUNTS_GRPC_PORT: String(accountsPort),
      DATA_DIR: join(dataDir, 'accounts'),
    })
    processes.push(accounts)
    await waitFor('accounts', accounts, () => isListening(accountsPort))
    const accountsUrl = `dns:///127.0.0.1:${accountsPort}`
    const engine = start('engine', 'engine/main.ts', {
      ...shared,
      SOLANA_RPC_URLS: chain.rpcUrl,
      GEYSER_ENDPOINT: chain.geyserUrl,
      ACCOUNTS_URL: accountsUrl,
      ACCOUNTS_INTERNAL_TOKEN: secrets.ACCOUNTS_INTERNAL_TOKEN,
      ENGINE_INTERNAL_TOKEN: secrets.ENGINE_INTERNAL_TOKEN,
      ENGINE_GRPC_PORT: String(enginePort),
      RESULT_CACHE_MAX_ENTRIES: '0',
      DATA_DIR: join(dataDir, 'engine'),
    })
    processes.push(engine)
    await waitFor('engine', engine, () => isListening(enginePort))
    const edge = start('edge', 'edge/main.ts', {
      ...shared,
      PORT: String(edgePort),
      ENGINE_URL: `dns:///127.0.0.1:${enginePort}`,
      ACCOUNTS_URL: accountsUrl,
      ...secrets,
      DATA_DIR: join(dataDir, 'edge'),
    })
    processes.push(edge)
    const origin = `http://127.0.0.1:${edgePort}`
    await waitFor('edge', edge, async () => (await fetch(`${origin}/health`).catch(() => null))?.ok === true)
    const { apiKey } = await createBenchCredentials(origin)
    const { value } = await callRpc<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash')
    const bodies = toRestBodies(createUniqueTransactions(3072, value.blockhash))
    const wrk = (durationS: number, name: string) =>
      runWrk({
        origin,
        path: SIMULATE_PATH,
        headers: { 'x-api-key': apiKey },
        bodies,
        threads: 2,
        connections: Number(values.connections),
        durationS,
        workDir: dataDir,
        name,
      })
    await wrk(3, 'prime')
    const atRest = new Map(processes.map((p) => [p.name, readMemory(p.child.pid as number)]))
    const ticksBefore = new Map(processes.map((p) => [p.name, readProcessTicks(p.child.pid as number)]))
    const run = await wrk(Number(values.seconds), 'measure')
    const lines = [
      `REST saturation through the edge (${run.tool}, ${run.durationS} s): ${Math.round(run.achievedRatePerS)}/s, p50 ${run.latency.p50Ms} ms, p99 ${run.latency.p99Ms} ms, ${run.firstError ?? 'no errors'}`,
      `${'process'.padEnd(10)}${'RSS after warm-up'.padStart(19)}${'peak RSS'.padStart(10)}${'cores at saturation'.padStart(21)}`,
    ]
    for (const p of processes) {
      const pid = p.child.pid as number
      const cores = ((readProcessTicks(pid) - (ticksBefore.get(p.name) ?? 0)) * TICK_US) / 1e6 / run.durationS
      const memory = readMemory(pid)
      lines.push(
        `${p.name.padEnd(10)}${`${atRest.get(p.name)?.rssMiB} MiB`.padStart(19)}${`${memory.peakMiB} MiB`.padStart(10)}${cores.toFixed(2).padStart(21)}`,
      )
    }
    process.stdout.write(`${lines.join('\n')}\n`)
  } finally {
    for (const p of processes.reverse()) await stopChild(p.child, 30_000)
    await chain.close()
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined)
    await admin.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
