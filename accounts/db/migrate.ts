/**
 * Applies the versioned SQL migrations in accounts/db/migrations/ (`NNNN_name.sql`, in order), each
 * once. Safe when several processes start at once: the whole run holds a transaction-scoped
 * advisory lock, so the second process waits and then finds nothing left to do.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.js'

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any constant shared by every process of the service; it names the lock, nothing else. */
const MIGRATION_LOCK_ID = 7_306_114_501
/** A migration may build an index over a large table: far longer than a request's statement may take. */
const MIGRATION_QUERY_TIMEOUT_MS = 3_600_000

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The migrations shipped with the code, by version. */
export function getMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
}

/** Applies the migrations `db` lacks; returns the versions it applied. */
export async function migrate(db: Database, migrations = getMigrations()): Promise<number[]> {
  return db.transaction(
    async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      const rows = await client.query<{ version: number }>('SELECT version FROM schema_migrations')
      const applied = new Set(rows.map((row) => row.version))
      const done: number[] = []
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue
        await client.query(migration.sql)
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
        done.push(migration.version)
      }
      return done
    },
    { queryTimeoutMs: MIGRATION_QUERY_TIMEOUT_MS },
  )
}
