/**
 * The whole service as a real process, the way an operator runs it: `node --import tsx main.ts`
 * (one PID: what a supervisor signals, what `kill -9` hits), embedded defaults unless the test
 * says otherwise, on free ports, in its own process group so teardown never leaves it behind.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { getFreePort } from '../../lib/free-port.js'
import { getEmbeddedTemplate } from './database.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** With the migrated template copied in, a start skips PGlite's initdb; a loaded CI machine is still slow. */
const BOOT_LIMIT_MS = 60_000

/** Variables a test's service must not inherit from the machine running the tests. */
const INHERITED_SETTINGS = [
  'SOLANA_RPC_URLS',
  'ENGINE_URL',
  'ACCOUNTS_URL',
  'HOST',
  'BODY_LIMIT_BYTES',
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'JWT_KEY_FILE',
  'AUTH_LIMITS',
  'TRUST_PROXY',
  'RATE_LIMITS',
  'ACCOUNTS_INTERNAL_TOKEN',
  'ENGINE_INTERNAL_TOKEN',
] as const

export interface ServiceProcessSetup {
  /** The environment every start of this service gets (ports and DATA_DIR fixed across restarts). */
  env: NodeJS.ProcessEnv
  /** http://127.0.0.1:port */
  restUrl: string
  dataDir: string
  ports: { rest: number; grpc: number; accountsGrpc: number; rpc: number; geyser: number }
}

/**
 * Ports, a DATA_DIR holding a migrated embedded database (so the first start is quick) and the
 * embedded defaults, plus `overrides`. Removed when `t` ends.
 */
export async function createServiceProcessSetup(t: Test, overrides: NodeJS.ProcessEnv = {}): Promise<ServiceProcessSetup> {
  const ports = { rest: await getFreePort(), grpc: await getFreePort(), accountsGrpc: await getFreePort(), rpc: await getFreePort(), geyser: await getFreePort() }
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-process-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  mkdirSync(join(dataDir, 'pglite'), { mode: 0o700 })
  cpSync(await getEmbeddedTemplate(), join(dataDir, 'pglite'), { recursive: true })
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of INHERITED_SETTINGS) delete env[name]
  Object.assign(env, {
    PORT: String(ports.rest),
    ENGINE_GRPC_PORT: String(ports.grpc),
    ACCOUNTS_GRPC_PORT: String(ports.accountsGrpc),
    LOCALNET_RPC_PORT: String(ports.rpc),
    LOCALNET_GEYSER_PORT: String(ports.geyser),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...overrides,
  })
  return { env, restUrl: `http://127.0.0.1:${ports.rest}`, dataDir, ports }
}

export interface ServiceProcess {
  child: ChildProcess
  /** What it printed so far (stdout and stderr). */
  output(): string
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/** The exit code and signal, or undefined while it still runs after `limitMs`. */
export async function waitForExit(child: ChildProcess, limitMs: number): Promise<{ code: number | null; signal: string | null } | undefined> {
  if (!isRunning(child)) return { code: child.exitCode, signal: child.signalCode }
  let timer: NodeJS.Timeout | undefined
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), limitMs)))
  try {
    return await Promise.race([exited, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Starts the service and waits until /health answers; undefined (with a failed assertion) if it never does. */
export async function startServiceProcess(t: Test, setup: ServiceProcessSetup): Promise<ServiceProcess | undefined> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
    cwd: REPO_ROOT,
    env: setup.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    if (child.pid !== undefined && isRunning(child)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 5_000)
    }
  })
  const started = Date.now()
  while (Date.now() - started < BOOT_LIMIT_MS && isRunning(child)) {
    try {
      if ((await fetch(`${setup.restUrl}/health`)).ok) return { child, output: () => output }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.fail(`the service answers /health within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode })
  return undefined
}

/** POSTs JSON. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}
