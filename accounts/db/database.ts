/**
 * The accounts store's connection: a `pg` pool to PostgreSQL (a server named by DATABASE_URL, or the
 * embedded PGlite behind its socket server), counting every query so tests can assert that a warm
 * request path sends none.
 */
import pg from 'pg'

export type QueryValue = string | number | boolean | bigint | Date | null | readonly string[]

/** What a query runs on: the pool, or one client inside a transaction. */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(text: string, values?: readonly QueryValue[]): Promise<Row[]>
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>
  /** Queries sent since the pool was created (pool and transactions alike). */
  readonly queryCount: number
  close(): Promise<void>
}

export interface DatabaseOptions {
  url: string
  /** Every connection uses this schema first (tests isolate themselves in one schema each). */
  schema?: string
  maxConnections?: number
}

// pg's defaults stand: timestamptz comes back as a Date, bigint and numeric as strings; the store
// converts them where it reads them (accounts/db/timestamp.ts), so no global type parser is installed.

/** Opens a pool to `url`. Nothing connects until the first query. */
export function createDatabase({ url, schema, maxConnections = 10 }: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    // A schema name is checked by the caller (test helpers make their own); quoting keeps it literal.
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
  })
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined)
  let queryCount = 0
  const run = async <Row extends object>(
    client: pg.Pool | pg.PoolClient,
    text: string,
    values?: readonly QueryValue[],
  ): Promise<Row[]> => {
    queryCount++
    const result = await client.query<Row>(text, values as unknown[] | undefined)
    return result.rows
  }
  return {
    query: (text, values) => run(pool, text, values),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await run(client, 'BEGIN')
        const result = await work({ query: (text, values) => run(client, text, values) })
        await run(client, 'COMMIT')
        return result
      } catch (error) {
        await run(client, 'ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    get queryCount() {
      return queryCount
    },
    close: () => pool.end(),
  }
}
