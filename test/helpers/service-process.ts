/**
 * The whole service as a real process, the way an operator runs it: `node --import tsx main.ts`
 * (one PID: what a supervisor signals, what `kill -9` hits; or `npm start`, or the build's
 * `node dist/main.js`), embedded defaults unless the test says otherwise, on free ports, in its own
 * process group so teardown never leaves it behind.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { canListen, getFreePort } from '../../lib/free-port.js'
import { getEmbeddedTemplate } from './database.js'
import { getSocketInodes, readListeningTcpSockets } from './proc-sockets.js'
import { waitUntil } from './wait-until.js'

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
  ports: { rest: number; grpc: number; accountsGrpc: number; rpc: number; geyser: number; relay: number; ws: number }
}

/**
 * Ports, a DATA_DIR holding a migrated embedded database (so the first start is quick) and the
 * embedded defaults, plus `overrides`. Removed when `t` ends.
 */
export async function createServiceProcessSetup(t: Test, overrides: NodeJS.ProcessEnv = {}): Promise<ServiceProcessSetup> {
  const ports = {
    rest: await getFreePort(),
    grpc: await getFreePort(),
    accountsGrpc: await getFreePort(),
    rpc: await getFreePort(),
    geyser: await getFreePort(),
    relay: await getFreePort(),
    ws: await getFreePort(),
  }
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
    LOCALNET_RELAY_PORT: String(ports.relay),
    LOCALNET_WS_PORT: String(ports.ws),
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
export async function waitForExit(
  child: ChildProcess,
  limitMs: number,
): Promise<{ code: number | null; signal: string | null } | undefined> {
  if (!isRunning(child)) return { code: child.exitCode, signal: child.signalCode }
  let timer: NodeJS.Timeout | undefined
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), limitMs)))
  try {
    return await Promise.race([exited, late])
  } finally {
    clearTimeout(timer)
  }
}

/** How the service is started: a command and its arguments, run in the repository. */
export interface ServiceCommand {
  command: string
  args: string[]
}

/** The default: the sources under tsx's loader, in the one node process. */
export const SOURCE_ENTRY: ServiceCommand = { command: process.execPath, args: ['--import', 'tsx', 'main.ts'] }

/**
 * Runs `node --import tsx <entry>` (a main.ts) with `setup`'s environment plus `env` until it
 * exits by itself, for a start that must fail; its process group is killed at `t`'s end otherwise.
 */
export async function runEntryToExit(
  t: Test,
  setup: ServiceProcessSetup,
  entry: string,
  env: NodeJS.ProcessEnv,
  limitMs: number,
): Promise<{ exit: { code: number | null; signal: string | null } | undefined; stdout: string; stderr: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...setup.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => {
    if (isRunning(child)) process.kill(-(child.pid as number), 'SIGKILL')
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exit = await waitForExit(child, limitMs)
  return { exit, stdout, stderr, pid: child.pid as number }
}

/** Starts the service and waits until /health answers; undefined (with a failed assertion) if it never does. */
export async function startServiceProcess(
  t: Test,
  setup: ServiceProcessSetup,
  entry: ServiceCommand = SOURCE_ENTRY,
): Promise<ServiceProcess | undefined> {
  const child = spawn(entry.command, entry.args, {
    cwd: REPO_ROOT,
    env: setup.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    // The whole group: under `npm start` the server is npm's child, and may outlive npm.
    if (child.pid !== undefined && isProcessGroupAlive(child.pid)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 5_000)
    }
  })
  const started = Date.now()
  while (Date.now() - started < BOOT_LIMIT_MS && isRunning(child)) {
    try {
      // Answered by this child's process group: not by a parallel test's server on the same port.
      const answered = (await fetch(`${setup.restUrl}/health`)).ok
      if (answered && (await isPortHeldByGroup(setup.ports.rest, child.pid as number))) return { child, output: () => output }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.fail(`the service answers /health within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode })
  return undefined
}

/** Whether `port` on 127.0.0.1 can be bound (nothing holds it any more). */
export function isPortFree(port: number): Promise<boolean> {
  return canListen(port, '127.0.0.1')
}

/** The processes listening on `port` (TCP, IPv4 or IPv6), from /proc; those whose descriptors cannot be read are left out. */
function getListeningPids(port: number): number[] {
  const inodes = new Set(readListeningTcpSockets().flatMap((socket) => (socket.port === port ? [socket.inode] : [])))
  if (inodes.size === 0) return []
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    if ([...getSocketInodes(Number(entry))].some((inode) => inodes.has(inode))) pids.push(Number(entry))
  }
  return pids
}

/** The process group of `pid`, from /proc/<pid>/stat (the third field after the command); null when it is gone. */
function getProcessGroup(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
  } catch {
    return null
  }
}

/**
 * Whether a process of group `pgid` (a detached child's pid) listens on `port`. A port bound by
 * another group is a parallel test's server that the OS gave the same number, not this one's.
 */
export async function isPortHeldByGroup(port: number, pgid: number): Promise<boolean> {
  if (await isPortFree(port)) return false
  return getListeningPids(port).some((pid) => getProcessGroup(pid) === pgid)
}

/** Whether any process is left in the process group `pgid` (a detached child's pid). */
export function isProcessGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** How long the rest of a process group may take to go once its server has exited. */
const GROUP_EXIT_GRACE_MS = 3_000

/**
 * SIGTERM to the started process itself (npm's, under `npm start`), as a supervisor sends it: it
 * exits 0 within `limitMs`, every port of the service is released, and nothing of its process
 * group is left running. Needs the setup's LOG_LEVEL at info, to see the drain begin.
 */
export async function assertStopsOnSigterm(t: Test, running: ServiceProcess, setup: ServiceProcessSetup, limitMs = 10_000): Promise<void> {
  const pid = running.child.pid as number
  process.kill(pid, 'SIGTERM')
  const exit = await waitForExit(running.child, limitMs)
  t.same(exit, { code: 0, signal: null }, `exits 0 within ${limitMs} ms of SIGTERM`, { output: running.output().slice(-4000) })
  t.match(running.output(), /shutting down: draining/, 'the server itself received the signal and drained')
  t.notMatch(running.output(), /"level":50/, 'no error logged', { output: running.output().slice(-4000) })
  const { rest, grpc, rpc, geyser, relay, ws } = setup.ports
  const ports = {
    PORT: rest,
    ENGINE_GRPC_PORT: grpc,
    LOCALNET_RPC_PORT: rpc,
    LOCALNET_GEYSER_PORT: geyser,
    LOCALNET_RELAY_PORT: relay,
    LOCALNET_WS_PORT: ws,
  }
  for (const [name, port] of Object.entries(ports)) {
    t.ok(await isPortFree(port), `${name} ${port} is released`)
  }
  // tsx's esbuild services (a first start from a fresh checkout transpiles through them) leave a
  // moment after the server that spawned them; an orphan that keeps serving would still be there.
  await waitUntil(() => !isProcessGroupAlive(pid), GROUP_EXIT_GRACE_MS).catch(() => undefined)
  t.notOk(isProcessGroupAlive(pid), 'no process of the group is left (nothing orphaned keeps serving)')
}

/** POSTs JSON. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}
