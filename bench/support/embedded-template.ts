/**
 * A migrated, empty PGlite data directory, built once per machine and migration set under the
 * system's temporary directory: a benchmark copies it instead of paying PGlite's initdb (≈4–7 s)
 * on every run. (test/helpers/database.ts keeps its own, for the tests.)
 */
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEmbeddedDatabase } from '../../accounts/db/embedded-database.js'
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
    const socketDir = mkdtempSync(join(tmpdir(), 'preflight-bench-db-'))
    const db = await openEmbeddedDatabase({ dataDir: building, socketDir })
    try {
      await migrate(db)
    } finally {
      await db.close()
      rmSync(socketDir, { recursive: true, force: true })
    }
    // Another benchmark may have won the race; its template is as good as this one.
    renameSync(building, template)
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}
