/**
 * The service as a user runs it: compiled, `node dist/main.js` as the container image runs it (or
 * `--import tsx main.ts` as `npm start` does: bench/support/service-build.ts), in a process of its own, with
 * RATE_LIMITS=off, RESULT_CACHE_MAX_ENTRIES=0 (every call a real simulation), a fresh DATA_DIR and
 * BENCH_GC_REPORT (lib/gc-pause-report.ts) so that its serving thread's GC pauses can be read per
 * run. Against a chain apart (SOLANA_RPC_URLS + GEYSER_ENDPOINT), or, with no chain given, as
 * `npm start` is: localnet inside the same process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getFreePort } from '../../lib/free-port.js'
import { createBenchCredentials } from '../support/bench-credentials.js'
import { endWithParent } from '../support/end-with-parent.js'
import { withLaunchNodeOptions } from '../support/launch-node-options.js'
import { buildService, getEntryArgs, type ServiceEntry } from '../support/service-build.js'
import { stopChild } from '../support/stop-child.js'
import { createGcWindow, type GcWindow } from './gc-window.js'

export interface ServiceProcess {
  /** http://127.0.0.1:port of the edge. */
  origin: string
  grpcAddress: string
  /** localnet's JSON-RPC: the chain apart's, or the one inside the service. */
  rpcUrl: string
  apiKey: string
  pid: number
  gc: GcWindow
  close(): Promise<void>
}

export interface ServiceOptions {
  root: string
  /** The chain apart; undefined runs localnet inside the service, as `npm start` does. */
  chain?: { rpcUrl: string; geyserUrl: string }
  /** Node flags before the entry point, e.g. --cpu-prof (which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[]
  /** A file the service's standard output is written to (e.g. --trace-gc-nvp's lines); else BENCH_SERVICE_STDOUT decides. */
  stdoutFile?: string
  /** The compiled build (default, made first if this process has not yet) or the sources through tsx. */
  entry?: ServiceEntry
}

const START_TIMEOUT_MS = 60_000

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} before serving`)
    try {
      await fetch(`${origin}/health`)
      return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the service did not answer within ${START_TIMEOUT_MS} ms`)
}

/** Starts the service and registers a benchmark user and API key on it. */
export async function startServiceProcess(options: ServiceOptions): Promise<ServiceProcess> {
  const entry = options.entry ?? 'build'
  if (entry === 'build') await buildService(options.root)
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-floor-'))
  const gcFile = join(dataDir, 'gc-pauses.json')
  const [port, grpcPort] = [await getFreePort(), await getFreePort()]
  const env: Record<string, string> = {
    PORT: String(port),
    ENGINE_GRPC_PORT: String(grpcPort),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    RESULT_CACHE_MAX_ENTRIES: '0',
    LOG_LEVEL: 'warn',
    BENCH_GC_REPORT: gcFile,
  }
  let rpcUrl: string
  if (options.chain) {
    Object.assign(env, { SOLANA_RPC_URLS: options.chain.rpcUrl, GEYSER_ENDPOINT: options.chain.geyserUrl })
    rpcUrl = options.chain.rpcUrl
  } else {
    const [rpc, geyser, relay, ws] = [await getFreePort(), await getFreePort(), await getFreePort(), await getFreePort()]
    Object.assign(env, {
      LOCALNET_RPC_PORT: String(rpc),
      LOCALNET_GEYSER_PORT: String(geyser),
      LOCALNET_RELAY_PORT: String(relay),
      LOCALNET_WS_PORT: String(ws),
    })
    rpcUrl = `http://127.0.0.1:${rpc}`
  }
  // The benchmark's own environment must not leak a chain or a database into the service.
  const inherited = { ...process.env }
  for (const name of ['SOLANA_RPC_URLS', 'GEYSER_ENDPOINT', 'DATABASE_URL', 'REDIS_URL']) delete inherited[name]
  const stdout = options.stdoutFile ? openSync(options.stdoutFile, 'w') : process.env.BENCH_SERVICE_STDOUT ? 'inherit' : 'ignore'
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...getEntryArgs(options.root, entry, 'main.ts')], {
    cwd: options.root,
    env: withLaunchNodeOptions({ ...inherited, ...env }),
    stdio: ['ignore', stdout, 'inherit'],
  })
  endWithParent(child)
  // The child holds its own copy of the file's descriptor.
  if (typeof stdout === 'number') closeSync(stdout)
  const origin = `http://127.0.0.1:${port}`
  const close = async () => {
    await stopChild(child, 10_000)
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(origin, child)
    const { apiKey } = await createBenchCredentials(origin)
    return {
      origin,
      grpcAddress: `127.0.0.1:${grpcPort}`,
      rpcUrl,
      apiKey,
      pid: child.pid as number,
      gc: createGcWindow(child.pid as number, gcFile),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
