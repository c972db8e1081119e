/**
 * The embedded default of PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) on a data
 * directory, served over the PostgreSQL wire protocol by its socket server on 127.0.0.1, so the
 * store reaches it with the same `pg` code as a real server.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export interface EmbeddedPostgres {
  /** A `postgres://` URL for `pg`. */
  readonly url: string
  close(): Promise<void>
}

/** PGlite multiplexes connections onto its one session; a few are enough for the store's pool. */
export const EMBEDDED_MAX_CONNECTIONS = 8

/** Opens (or creates) the database in `dataDir` and serves it on 127.0.0.1:`port` (0 picks one). */
export async function startEmbeddedPostgres({ dataDir, port = 0 }: { dataDir: string; port?: number }): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir)
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: EMBEDDED_MAX_CONNECTIONS })
  try {
    await server.start()
  } catch (error) {
    await db.close()
    throw error
  }
  return {
    // getServerConn() is host:port once listening, with the port the OS picked for port 0.
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop()
      await db.close()
    },
  }
}
