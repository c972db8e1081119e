/**
 * The embedded PostgreSQL's thread: PGlite runs its queries synchronously in WebAssembly, so it
 * lives here, off the thread that answers requests, and is reached over its socket server like a
 * real server. Started by embedded-postgres.ts; told to stop by a 'close' message.
 */
import { chmodSync, mkdirSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { restrictTreeToOwner } from './owner-only-tree.js'

export interface EmbeddedPostgresWorkerData {
  dataDir: string
  /** The Unix socket to listen on; its directory is private to this user already. */
  socketPath: string
  maxConnections: number
}

export type EmbeddedPostgresWorkerMessage = { kind: 'listening' } | { kind: 'failed'; message: string } | { kind: 'closed' }

const port = parentPort
if (!port) throw new Error('embedded-postgres-worker runs as a worker thread')
const { dataDir, socketPath, maxConnections } = workerData as EmbeddedPostgresWorkerData
const send = (message: EmbeddedPostgresWorkerMessage) => port.postMessage(message)

try {
  // The database files hold password and key hashes: nobody else may read them.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  const db = await PGlite.create(dataDir)
  // Before the socket opens, so nothing runs meanwhile: PGlite creates its files for everyone to
  // read, and a data directory from an earlier release (or a copy) may have them so already.
  restrictTreeToOwner(dataDir)
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections })
  try {
    await server.start()
    // The directory already keeps others out; the socket's own mode says the same to anyone who looks.
    chmodSync(socketPath, 0o600)
  } catch (error) {
    await server.stop().catch(() => undefined)
    await db.close()
    throw error
  }
  port.on('message', (message: unknown) => {
    if (message !== 'close') return
    void (async () => {
      await server.stop()
      await db.close()
      send({ kind: 'closed' })
      port.close()
    })()
  })
  send({ kind: 'listening' })
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  port.close()
}
