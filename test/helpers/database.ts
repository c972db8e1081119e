/**
 * A fresh, migrated database for one test: the real PostgreSQL named by DATABASE_URL (in a schema
 * of its own, dropped afterwards), or the embedded default (PGlite over its Unix socket, on a
 * copy of a migrated template directory so each test does not pay PGlite's 3 s initdb).
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import { createDatabase, type Database } from '../../accounts/db/database.js'
import { openEmbeddedDatabase, type EmbeddedDatabase } from '../../accounts/db/embedded-database.js'
import { getMigrations, migrate } from '../../accounts/db/migrate.js'

export type DatabaseKind = 'postgres' | 'embedded'

/** The kinds this run can test: embedded always, PostgreSQL when DATABASE_URL is set. */
export function getDatabaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['postgres', 'embedded'] : ['embedded']
}

/** The kind a test that needs just "a database" uses: the real server when there is one. */
export function getDefaultDatabaseKind(): DatabaseKind {
  return process.env.DATABASE_URL ? 'postgres' : 'embedded'
}

/** A migrated database of `kind`, closed (and dropped) when `t` ends. */
export async function createTestDatabase(t: Test, kind: DatabaseKind = getDefaultDatabaseKind()): Promise<Database> {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set')
    const schema = `test_${randomBytes(6).toString('hex')}`
    const admin = createDatabase({ url, maxConnections: 1 })
    await admin.query(`CREATE SCHEMA ${schema}`)
    const db = createDatabase({ url, schema })
    await migrate(db)
    t.teardown(async () => {
      await db.close()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.close()
    })
    return db
  }
  const { db } = await createTestEmbeddedDatabase(t)
  return db
}

/** The embedded database on a copy of the migrated template, with the directories it lives in; closed and removed when `t` ends. */
export async function createTestEmbeddedDatabase(
  t: Test,
  options: { queryTimeoutMs?: number } = {},
): Promise<{ db: EmbeddedDatabase; dataDir: string; socketDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-pglite-'))
  cpSync(await getEmbeddedTemplate(), dataDir, { recursive: true })
  const socketDir = mkdtempSync(join(tmpdir(), 'preflight-db-'))
  const db = await openEmbeddedDatabase({ dataDir, socketDir, queryTimeoutMs: options.queryTimeoutMs })
  await migrate(db)
  t.teardown(async () => {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(socketDir, { recursive: true, force: true })
  })
  return { db, dataDir, socketDir }
}

/** A PGlite data directory with every migration applied, built once per machine and migration set. */
export async function getEmbeddedTemplate(): Promise<string> {
  const migrations = getMigrations()
  const tag = migrations.map((m) => `${m.version}-${m.sql.length}`).join('_')
  const template = join(tmpdir(), `preflight-pglite-template-${tag}`)
  if (existsSync(template)) return template
  const building = mkdtempSync(join(tmpdir(), 'preflight-pglite-build-'))
  const socketDir = mkdtempSync(join(tmpdir(), 'preflight-db-'))
  const db = await openEmbeddedDatabase({ dataDir: building, socketDir })
  await migrate(db)
  await db.close()
  rmSync(socketDir, { recursive: true, force: true })
  try {
    // Another test process may have won the race; its template is as good as ours.
    renameSync(building, template)
  } catch {
    rmSync(building, { recursive: true, force: true })
  }
  return template
}
