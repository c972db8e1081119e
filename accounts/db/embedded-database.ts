/**
 * The store's Database on the embedded PGlite: one connection, kept open. PGlite is a single
 * session, so one connection is the only way transactions cannot interleave; it costs no
 * parallelism, since PGlite runs one statement at a time whatever the number of connections.
 */
import type { Logger } from '../../lib/logger.js'
import { createDatabase, type Database } from './database.js'
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres.js'

export interface EmbeddedDatabase extends Database {
  /** The Unix socket the embedded server listens on (owner-only). */
  readonly socketPath: string
}

export interface EmbeddedDatabaseOptions extends EmbeddedPostgresOptions {
  queryTimeoutMs?: number
  /** Where an outage of the connection is logged (database.ts). */
  logger?: Logger
}

/** Starts the embedded server and opens the store's single connection to it; close() stops both. */
export async function openEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const server = await startEmbeddedPostgres(options)
  const db = createDatabase({
    url: server.url,
    maxConnections: 1,
    keepIdleConnections: true,
    queryTimeoutMs: options.queryTimeoutMs,
    logger: options.logger,
  })
  let closing: Promise<void> | undefined
  return {
    socketPath: server.socketPath,
    query: (text, values) => db.query(text, values),
    transaction: (work, transactionOptions) => db.transaction(work, transactionOptions),
    get queryCount() {
      return db.queryCount
    },
    close() {
      closing ??= (async () => {
        try {
          await db.close()
        } finally {
          await server.close()
        }
      })()
      return closing
    },
  }
}
