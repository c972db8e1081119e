/**
 * The embedded default of PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) on a data
 * directory, served over the PostgreSQL wire protocol by its socket server, so the store reaches it
 * with the same `pg` code as a real server. It runs in a worker thread: PGlite executes each query
 * synchronously, and on the request thread a 300-row history insert held the event loop for
 * milliseconds (measured: REST p99.9 ≈ 20 ms, ≈50 µs of loop time a record).
 *
 * PGlite has no authentication, so it listens on a Unix socket in a directory only this user may
 * enter (0700), never on a TCP port: another local user (or a process in another container sharing
 * the host's loopback) cannot connect at all.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { getWorkerEntry } from '../../lib/worker-entry.js'
import type { EmbeddedPostgresWorkerData, EmbeddedPostgresWorkerMessage } from './embedded-postgres-worker.js'

export interface EmbeddedPostgres {
  /** A `postgres://` URL for `pg`, naming the socket's directory as its host. */
  readonly url: string
  /** The Unix socket it listens on. */
  readonly socketPath: string
  close(): Promise<void>
}

/**
 * PGlite is one session: connections its socket server takes are multiplexed onto it message by
 * message, so two connections interleave each other's transactions and extended-protocol steps
 * (one request's parameters bound to another's statement). The store uses one connection; the
 * server takes one more so a replacement can connect while a broken connection is being torn down.
 */
export const EMBEDDED_SERVER_MAX_CONNECTIONS = 2

/** The port number in the socket's name (`.s.PGSQL.<port>`), which is how `pg` finds a Unix socket. */
const SOCKET_PORT = 5432
/** sockaddr_un holds 108 bytes on Linux (104 on macOS) with the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 103
/** How long close waits for PGlite to finish before the worker is terminated. */
const CLOSE_TIMEOUT_MS = 10_000
/** The code of the error thrown when another process has the embedded database open (a second copy on the same DATA_DIR). */
export const EMBEDDED_DATABASE_IN_USE = 'EMBEDDED_DATABASE_IN_USE'

export interface EmbeddedPostgresOptions {
  /** PGlite's data directory (created 0700 when missing). */
  dataDir: string
  /** Where the socket lives (created 0700). A path too long for a socket falls back to a private directory under the system's temp dir. */
  socketDir: string
}

/** Opens (or creates) the database in `dataDir` and serves it on a Unix socket in `socketDir`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { socketDir, socketPath, temporary } = await preparePrivateSocketDir(resolve(options.socketDir), resolve(options.dataDir))
  const workerData: EmbeddedPostgresWorkerData = { dataDir: options.dataDir, socketPath, maxConnections: EMBEDDED_SERVER_MAX_CONNECTIONS }
  const worker = new Worker(getWorkerEntry('embedded-postgres-worker', import.meta.url), { workerData })
  const next = () =>
    new Promise<EmbeddedPostgresWorkerMessage>((resolveMessage, reject) => {
      const onMessage = (message: EmbeddedPostgresWorkerMessage) => {
        worker.off('error', onError)
        resolveMessage(message)
      }
      const onError = (error: Error) => {
        worker.off('message', onMessage)
        reject(error)
      }
      worker.once('message', onMessage)
      worker.once('error', onError)
    })
  const started = await next()
  if (started.kind !== 'listening') {
    await worker.terminate()
    throw new Error(`the embedded database did not start: ${started.kind === 'failed' ? started.message : started.kind}`)
  }
  let closing: Promise<void> | undefined
  return {
    url: `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`,
    socketPath,
    close() {
      closing ??= (async () => {
        // A PGlite stuck in a query never answers 'close': shutdown must finish regardless.
        let timer: NodeJS.Timeout | undefined
        const deadline = new Promise<void>((resolveDeadline) => {
          timer = setTimeout(resolveDeadline, CLOSE_TIMEOUT_MS)
        })
        const closed = next().then(
          () => undefined,
          () => undefined,
        )
        worker.postMessage('close')
        await Promise.race([closed, deadline])
        clearTimeout(timer)
        await worker.terminate()
        if (temporary) rmSync(socketDir, { recursive: true, force: true })
      })()
      return closing
    },
  }
}

/**
 * Makes `socketDir` a directory only this user may enter and clears a socket left by a process
 * that died without closing it. A socket that still answers belongs to a running instance on the
 * same data directory: opening PGlite twice would corrupt it, so that is an error.
 */
async function preparePrivateSocketDir(
  requestedDir: string,
  dataDir: string,
): Promise<{ socketDir: string; socketPath: string; temporary: boolean }> {
  let socketDir = requestedDir
  let temporary = false
  if (Buffer.byteLength(join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)) > MAX_SOCKET_PATH_BYTES) {
    socketDir = mkdtempSync(join(tmpdir(), 'preflight-db-'))
    temporary = true
  }
  mkdirSync(socketDir, { recursive: true, mode: 0o700 })
  const stats = lstatSync(socketDir)
  if (!stats.isDirectory()) throw new Error(`the embedded database's socket directory ${socketDir} is not a directory`)
  if (typeof process.getuid === 'function' && stats.uid !== process.getuid()) {
    throw new Error(`the embedded database's socket directory ${socketDir} belongs to another user`)
  }
  chmodSync(socketDir, 0o700)
  const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)
  if (existsSync(socketPath)) {
    if (await isAnswering(socketPath)) {
      throw Object.assign(new Error(`the embedded database in ${dataDir} is already open in another process`), {
        code: EMBEDDED_DATABASE_IN_USE,
      })
    }
    unlinkSync(socketPath)
  }
  return { socketDir, socketPath, temporary }
}

function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolveAnswer(true)
    })
    socket.once('error', () => resolveAnswer(false))
  })
}
