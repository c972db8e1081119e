/**
 * A split deployment for a benchmark, as deploy/k8s runs it: one accounts process on a PostgreSQL
 * schema of its own, `engines` engine processes each following the chain's geyser stream, and one
 * edge whose ENGINE_URL names every engine (round robin), sharing Redis. Each a real node process
 * of the compiled build (`node dist/<service>/main.js`, as the image runs them) or, with
 * `entry: 'source'`, `node --import tsx <service>/main.ts`; `close()` stops them and drops the schema.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDatabase, type Database } from '../../accounts/db/database.js'
import { getFreePort } from '../../lib/free-port.js'
import type { RemoteChain } from '../support/remote-chain.js'
import { stopChild } from '../support/stop-child.js'
import { withLaunchNodeOptions } from '../support/launch-node-options.js'
import { buildService, getEntryArgs, type ServiceEntry } from '../support/service-build.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 60_000

export interface Started {
  name: string
  child: ChildProcess
}

export interface SplitDeployment {
  /** accounts, the engines, the edge. */
  processes: Started[]
  /** The edge: http://127.0.0.1:port */
  origin: string
  /** The PostgreSQL schema accounts writes to, and a connection to read its statistics with. */
  schema: string
  admin: Database
  close(): Promise<void>
}

function start(name: string, entry: string, kind: ServiceEntry, env: Record<string, string>): Started {
  const child = spawn(process.execPath, getEntryArgs(ROOT, kind, entry), {
    cwd: ROOT,
    env: withLaunchNodeOptions({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { name, child }
}

async function waitFor(started: Started, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + BOOT_LIMIT_MS
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${started.name} exited with ${started.child.exitCode}`)
    if (await ready()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${started.name} was not ready within ${BOOT_LIMIT_MS} ms`)
}

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

export async function startSplitDeployment(options: {
  chain: RemoteChain
  engines: number
  databaseUrl: string
  redisUrl: string
  /** Over every process's environment. */
  env: Record<string, string>
  /** The compiled build (default) or the sources through tsx. */
  entry?: ServiceEntry
}): Promise<SplitDeployment> {
  const kind = options.entry ?? 'build'
  if (kind === 'build') await buildService(ROOT)
  const schema = `bench_split_${randomBytes(4).toString('hex')}`
  const admin = createDatabase({ url: options.databaseUrl, maxConnections: 1 })
  await admin.query(`CREATE SCHEMA ${schema}`)
  const schemaUrl = new URL(options.databaseUrl)
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`)
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-split-'))
  const processes: Started[] = []
  const close = async () => {
    for (const p of [...processes].reverse()) await stopChild(p.child, 30_000)
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined)
    await admin.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCOUNTS_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
      ENGINE_INTERNAL_TOKEN: randomBytes(32).toString('hex'),
    }
    const shared = { REDIS_URL: options.redisUrl, ...options.env }
    const accountsPort = await getFreePort()
    const accounts = start('accounts', 'accounts/main.ts', kind, {
      ...shared,
      DATABASE_URL: schemaUrl.href,
      JWT_SECRET: secrets.JWT_SECRET,
      ACCOUNTS_INTERNAL_TOKEN: secrets.ACCOUNTS_INTERNAL_TOKEN,
      ACCOUNTS_GRPC_PORT: String(accountsPort),
      DATA_DIR: join(dataDir, 'accounts'),
    })
    processes.push(accounts)
    await waitFor(accounts, () => isListening(accountsPort))
    const accountsUrl = `127.0.0.1:${accountsPort}`
    const enginePorts: number[] = []
    for (let i = 1; i <= options.engines; i++) {
      const port = await getFreePort()
      const engine = start(options.engines === 1 ? 'engine' : `engine ${i}`, 'engine/main.ts', kind, {
        ...shared,
        SOLANA_RPC_URLS: options.chain.rpcUrl,
        GEYSER_ENDPOINT: options.chain.geyserUrl,
        ACCOUNTS_URL: accountsUrl,
        ACCOUNTS_INTERNAL_TOKEN: secrets.ACCOUNTS_INTERNAL_TOKEN,
        ENGINE_INTERNAL_TOKEN: secrets.ENGINE_INTERNAL_TOKEN,
        ENGINE_GRPC_PORT: String(port),
        RESULT_CACHE_MAX_ENTRIES: '0',
        DATA_DIR: join(dataDir, `engine-${i}`),
      })
      processes.push(engine)
      await waitFor(engine, () => isListening(port))
      enginePorts.push(port)
    }
    const edgePort = await getFreePort()
    const edge = start('edge', 'edge/main.ts', kind, {
      ...shared,
      PORT: String(edgePort),
      ENGINE_URL: enginePorts.map((port) => `127.0.0.1:${port}`).join(','),
      ACCOUNTS_URL: accountsUrl,
      ...secrets,
      DATA_DIR: join(dataDir, 'edge'),
    })
    processes.push(edge)
    const origin = `http://127.0.0.1:${edgePort}`
    await waitFor(edge, async () => (await fetch(`${origin}/health`).catch(() => null))?.ok === true)
    return { processes, origin, schema, admin, close }
  } catch (error) {
    await close()
    throw error
  }
}
