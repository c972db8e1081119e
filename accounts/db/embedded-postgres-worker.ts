/**
 * The embedded PostgreSQL's thread: PGlite runs its queries synchronously in WebAssembly, so it
 * lives here, off the thread that answers requests, and is reached over its socket server like a
 * real server. Started by embedded-postgres.ts; told to stop by a 'close' message.
 */
import { mkdirSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export interface EmbeddedPostgresWorkerData {
  dataDir: string
  port: number
  maxConnections: number
}

export type EmbeddedPostgresWorkerMessage = { kind: 'listening'; address: string } | { kind: 'failed'; message: string } | { kind: 'closed' }

const port = parentPort
if (!port) throw new Error('embedded-postgres-worker runs as a worker thread')
const { dataDir, port: tcpPort, maxConnections } = workerData as EmbeddedPostgresWorkerData
const send = (message: EmbeddedPostgresWorkerMessage) => port.postMessage(message)

try {
  mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir)
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: tcpPort, maxConnections })
  try {
    await server.start()
  } catch (error) {
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
  // getServerConn() is host:port once listening, with the port the OS picked for port 0.
  send({ kind: 'listening', address: server.getServerConn() })
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  port.close()
}
