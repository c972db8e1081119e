/**
 * The service split the way a scaled deployment runs it: one accounts process
 * (`node --import tsx accounts/main.ts`, gRPC) and edge processes (`edge/main.ts`) that reach it over
 * ACCOUNTS_URL, each a real process on free ports in its own process group, killed at the test's
 * end even when it failed. The edges run their engine in-process against a chain that refuses
 * (nothing in these tests simulates), and share REDIS_URL with accounts when the test passes one.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { getFreePort } from '../../lib/free-port.js'
import { isProcessGroupAlive, isRunning, waitForExit } from './service-process.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 30_000

export interface SpawnedProcess {
  child: ChildProcess
  /** What it printed so far (stdout and stderr). */
  output(): string
}

/** Spawns `node --import tsx <entry>` with exactly `env`, its process group SIGKILLed at `t`'s end. */
export function spawnEntry(t: Test, entry: string, env: NodeJS.ProcessEnv): SpawnedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    if (child.pid !== undefined && isProcessGroupAlive(child.pid)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 5_000)
    }
  })
  return { child, output: () => output }
}

/** Polls `ready` every 100 ms while the process runs; a failed assertion (with its output) when it never holds. */
export async function waitUntilReady(t: Test, spawned: SpawnedProcess, what: string, ready: () => Promise<boolean>): Promise<boolean> {
  const started = Date.now()
  while (Date.now() - started < BOOT_LIMIT_MS && isRunning(spawned.child)) {
    if (await ready()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.fail(`${what} is ready within ${BOOT_LIMIT_MS} ms`, { output: spawned.output().slice(-4000), exitCode: spawned.child.exitCode })
  return false
}

/** Whether something accepts TCP connections on the port now. */
export async function isListening(port: number): Promise<boolean> {
  const socket = connect(port, '127.0.0.1')
  try {
    await once(socket, 'connect')
    return true
  } catch {
    return false
  } finally {
    socket.destroy()
  }
}

/** A temporary directory removed at `t`'s end. */
export function createTempDir(t: Test, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Starts accounts/main.ts with `env` (its ACCOUNTS_GRPC_PORT is `port`); undefined once a failed assertion said why. */
export async function startAccountsProcess(t: Test, env: NodeJS.ProcessEnv, port: number): Promise<SpawnedProcess | undefined> {
  const spawned = spawnEntry(t, 'accounts/main.ts', { ...env, ACCOUNTS_GRPC_PORT: String(port) })
  return (await waitUntilReady(t, spawned, 'the accounts gRPC port', () => isListening(port))) ? spawned : undefined
}

export interface EdgeProcess extends SpawnedProcess {
  /** http://127.0.0.1:port */
  url: string
}

/**
 * Starts edge/main.ts with `env` on a free PORT and ENGINE_GRPC_PORT and a DATA_DIR of its own (its
 * history journal is one process's); ready once it answers HTTP at all (/health reports the
 * unreachable chain, which is not what these tests are about).
 */
export async function startEdgeProcess(t: Test, env: NodeJS.ProcessEnv): Promise<EdgeProcess | undefined> {
  const port = await getFreePort()
  const spawned = spawnEntry(t, 'edge/main.ts', {
    ...env,
    PORT: String(port),
    ENGINE_GRPC_PORT: String(await getFreePort()),
    SOLANA_RPC_URLS: `http://127.0.0.1:${await getFreePort()}`,
    DATA_DIR: createTempDir(t, 'preflight-edge-'),
  })
  const url = `http://127.0.0.1:${port}`
  const answers = () =>
    fetch(`${url}/health`).then(
      () => true,
      () => false,
    )
  return (await waitUntilReady(t, spawned, `the edge on ${url}`, answers)) ? { ...spawned, url } : undefined
}
