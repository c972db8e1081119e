/**
 * The accounts store's connection: a `pg` pool to PostgreSQL (a server named by DATABASE_URL, or the
 * embedded PGlite behind its socket server), counting every query so tests can assert that a warm
 * request path sends none. Every query has a deadline, so a stuck statement can hold neither a
 * connection nor shutdown forever. A database that cannot be reached (database-unavailable.ts) is
 * the catalogue's accounts_unavailable, with the driver's error as its cause; its outage is logged
 * once, summarised every 10 s, and its end logged once.
 */
import pg from 'pg'
import { createServiceError } from '../../lib/errors.js'
import type { Logger } from '../../lib/logger.js'
import { createOutageLog } from '../../lib/outage-log.js'
import { isDatabaseUnavailableError } from './database-unavailable.js'

/** A bind value; bytes go to bytea (pg sends them as hex text). */
export type QueryValue = string | number | boolean | bigint | Date | null | readonly string[] | Buffer

/** What a query runs on: the pool, or one client inside a transaction. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(text: string, values?: readonly QueryValue[]): Promise<Row[]>
}

export interface TransactionOptions {
  /** This transaction's statement deadline instead of the pool's (migrations: index builds on a large table). */
  queryTimeoutMs?: number
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (client: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** Queries sent since the pool was created (pool and transactions alike). */
  readonly queryCount: number
  close(): Promise<void>
}

export interface DatabaseOptions {
  url: string
  /** Every connection uses this schema first (tests isolate themselves in one schema each). */
  schema?: string
  maxConnections?: number
  /**
   * A statement's deadline: the server cancels it (`statement_timeout`), and the driver gives up a
   * second later whatever the server does (`query_timeout`: PGlite ignores statement_timeout).
   */
  queryTimeoutMs?: number
  /** Longest wait to open a connection or to get a free one from the pool. */
  connectTimeoutMs?: number
  /** Keep idle connections open instead of closing them after 10 s (the embedded database's one connection). */
  keepIdleConnections?: boolean
  /** Where an outage of the database is logged (its first failure, a summary every 10 s, its end). */
  logger?: Logger
}

/** A statement running longer than this is cancelled: the store's queries take milliseconds. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
/** How long the driver waits past the server's own deadline before it gives up on the connection. */
const CLIENT_DEADLINE_GRACE_MS = 1_000

// pg's defaults stand: timestamptz comes back as a Date, bigint and numeric as strings; the store
// converts them where it reads them (accounts/db/timestamp.ts), so no global type parser is installed.

/** Opens a pool to `url`. Nothing connects until the first query. */
export function createDatabase(options: DatabaseOptions): Database {
  const { url, schema, maxConnections = 10 } = options
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    // A schema name is checked by the caller (test helpers make their own); quoting keeps it literal.
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_DEADLINE_GRACE_MS,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ...(options.keepIdleConnections ? { idleTimeoutMillis: 0 } : {}),
  })
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined)
  const outage = createOutageLog({
    logger: options.logger,
    message: 'accounts database unavailable: requests that need it are answered 503 accounts_unavailable',
    recoveredMessage: 'accounts database available again',
  })
  /** The error to throw for a driver failure: accounts_unavailable when the database cannot be reached, else the failure itself. */
  const toThrown = (error: unknown): unknown => {
    if (!isDatabaseUnavailableError(error)) return error
    outage.failed(error)
    return createServiceError('accounts_unavailable', undefined, error)
  }
  let queryCount = 0
  let closing: Promise<void> | undefined
  const run = async <Row extends object>(
    client: pg.Pool | pg.PoolClient,
    text: string,
    values: readonly QueryValue[] | undefined,
    clientDeadlineMs: number | undefined,
  ): Promise<Row[]> => {
    queryCount++
    const config: pg.QueryConfig = { text, values: values as unknown[] | undefined }
    let result: pg.QueryResult<Row>
    try {
      result = await client.query<Row>(
        clientDeadlineMs === undefined ? config : ({ ...config, query_timeout: clientDeadlineMs } as pg.QueryConfig),
      )
    } catch (error) {
      throw toThrown(error)
    }
    outage.succeeded()
    return result.rows
  }
  return {
    query: (text, values) => run(pool, text, values, undefined),
    async transaction(work, transactionOptions) {
      let client: pg.PoolClient
      try {
        client = await pool.connect()
      } catch (error) {
        throw toThrown(error)
      }
      const ownTimeoutMs = transactionOptions?.queryTimeoutMs
      const clientDeadlineMs = ownTimeoutMs === undefined ? undefined : ownTimeoutMs + CLIENT_DEADLINE_GRACE_MS
      let broken: unknown
      try {
        await run(client, 'BEGIN', undefined, undefined)
        if (ownTimeoutMs !== undefined) {
          await run(client, `SET LOCAL statement_timeout = ${Math.trunc(ownTimeoutMs)}`, undefined, undefined)
        }
        const result = await work({ query: (text, values) => run(client, text, values, clientDeadlineMs) })
        await run(client, 'COMMIT', undefined, undefined)
        return result
      } catch (error) {
        // A connection whose ROLLBACK fails is in an unknown state: it is closed, not reused.
        await run(client, 'ROLLBACK', undefined, undefined).catch((rollbackError: unknown) => {
          broken = rollbackError
        })
        throw error
      } finally {
        client.release(broken instanceof Error ? broken : undefined)
      }
    },
    get queryCount() {
      return queryCount
    },
    close() {
      closing ??= pool.end()
      return closing
    },
  }
}
