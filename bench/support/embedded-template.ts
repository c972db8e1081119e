/**
 * A migrated, empty PGlite data directory, built once per machine and migration set under the
 * system's temporary directory: a benchmark copies it instead of paying PGlite's initdb (≈4–7 s)
 * on every run. (test/helpers/database.ts keeps its own, for the tests.)
 */
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase } from '../../accounts/db/database.js'
import { startEmbeddedPostgres } from '../../accounts/db/embedded-postgres.js'
import { getMigrations, migrate } from '../../accounts/db/migrate.js'

/** The template's path, built first when this migration set has none yet. */
export async function getEmbeddedTemplate(): Promise<string> {
  const tag = getMigrations()
    .map((migration) => `${migration.version}-${migration.sql.length}`)
    .join('_')
  const template = join(tmpdir(), `preflight-bench-pglite-template-${tag}`)
  if (existsSync(template)) return template
  const building = mkdtempSync(join(tmpdir(), 'preflight-bench-pglite-build-'))
  try {
    const server = await startEmbeddedPostgres({ dataDir: building })
    const db = createDatabase({ url: server.url, maxConnections: 1 })
    try {
      await migrate(db)
    } finally {
      await db.close()
      await server.close()
    }
    // Another benchmark may have won the race; its template is as good as this one.
    renameSync(building, template)
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}
