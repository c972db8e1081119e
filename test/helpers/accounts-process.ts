/**
 * The accounts process on its own, as the kill tests run it: `node --import tsx accounts/main.ts`
 * itself (so its PID is the node process a `kill -9` hits), in its own process group, killed at
 * the test's end; and a DATABASE_URL confined to a schema of its own, so a process that migrates
 * on start leaves the shared test database's public schema alone.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { createDatabase } from '../../accounts/db/database.js'
import { isProcessGroupAlive, isRunning, waitForExit } from './service-process.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 30_000

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

/** A DATABASE_URL whose connections use `schema` first, so the process migrates into it alone. */
export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set('options', `-c search_path=${schema}`)
  return parsed.toString()
}

/** `url` confined to a fresh schema, dropped at `t`'s end. */
export async function createIsolatedDatabaseUrl(t: Test, url: string): Promise<string> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`
  const admin = createDatabase({ url, maxConnections: 1 })
  await admin.query(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  return withSchema(url, schema)
}

export interface AccountsProcess {
  child: ChildProcess
  output(): string
}

/** Starts the accounts process; undefined (with a failed assertion) when its gRPC port does not open. */
export async function startAccountsProcess(t: Test, env: NodeJS.ProcessEnv, port: number): Promise<AccountsProcess | undefined> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'accounts/main.ts'], {
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
  const started = Date.now()
  let up = false
  while (Date.now() - started < BOOT_LIMIT_MS && isRunning(child) && !(up = await isListening(port))) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!t.ok(up, `the accounts gRPC port opens within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode }))
    return undefined
  return { child, output: () => output }
}
