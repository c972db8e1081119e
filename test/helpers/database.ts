/**
 * A fresh, migrated database for one test: the real PostgreSQL named by DATABASE_URL (in a schema
 * of its own, dropped afterwards), or the embedded default (PGlite over its Unix socket, on a
 * copy of a migrated template directory so each test does not pay PGlite's 3 s initdb). Either can
 * be reached through a TCP proxy the test cuts: a database outage that leaves the server itself,
 * which other tests share, running.
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import { createDatabase, type Database } from '../../accounts/db/database.js'
import { openEmbeddedDatabase, type EmbeddedDatabase } from '../../accounts/db/embedded-database.js'
import { startEmbeddedPostgres } from '../../accounts/db/embedded-postgres.js'
import { getMigrations, migrate } from '../../accounts/db/migrate.js'
import type { Logger } from '../../lib/logger.js'
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js'

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
  if (kind === 'postgres') return (await createTestPostgresSchema(t)).db
  const { db } = await createTestEmbeddedDatabase(t)
  return db
}

/** A migrated schema of its own on DATABASE_URL's server, dropped when `t` ends. */
async function createTestPostgresSchema(t: Test): Promise<{ db: Database; url: string; schema: string }> {
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
  return { db, url, schema }
}

/**
 * A migrated database of `kind` reached through a TCP proxy: `proxy.cut()` makes it unreachable
 * (connections dropped, connecting refused) and `proxy.restore()` reachable again, while the server
 * keeps running. `logger` receives the pool's outage lines (accounts/db/database.ts).
 */
export async function createTestDatabaseBehindProxy(
  t: Test,
  kind: DatabaseKind = getDefaultDatabaseKind(),
  options: { logger?: Logger } = {},
): Promise<{ db: Database; proxy: TcpProxy }> {
  if (kind === 'postgres') {
    const { url, schema } = await createTestPostgresSchema(t)
    const direct = new URL(url)
    const proxy = await startTcpProxy(t, { host: direct.hostname || '127.0.0.1', port: Number(direct.port || 5432) })
    const proxied = new URL(url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    const db = createDatabase({ url: proxied.toString(), schema, logger: options.logger })
    t.teardown(() => db.close())
    return { db, proxy }
  }
  // The embedded server takes two connections (one, and its replacement while it is torn down): the
  // proxied pool is the only client, as the store is the only client of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-pglite-'))
  cpSync(await getEmbeddedTemplate(), dataDir, { recursive: true })
  const socketDir = mkdtempSync(join(tmpdir(), 'preflight-db-'))
  const server = await startEmbeddedPostgres({ dataDir, socketDir })
  const proxy = await startTcpProxy(t, { path: server.socketPath })
  const db = createDatabase({
    url: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
    maxConnections: 1,
    keepIdleConnections: true,
    logger: options.logger,
  })
  t.teardown(async () => {
    await db.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(socketDir, { recursive: true, force: true })
  })
  await migrate(db)
  return { db, proxy }
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
