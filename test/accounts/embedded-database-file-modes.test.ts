/**
 * Everything `npm start` writes under DATA_DIR is its owner's alone (docs/security.md): the embedded
 * database's files (PGlite creates directories 0777 less the umask and its initial cluster 0666),
 * its socket directory, the generated signing key and the history journal. No file or directory
 * grants its group or anyone else any permission, after a first start and after writes.
 */
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import t, { type Test } from 'tap'
import { startUserService } from '../../accounts/start-user-service.js'
import { createRecord } from './history-fixtures.js'
import { openHistoryJournal } from '../../callers/history-journal.js'
import { createLogger } from '../../lib/logger.js'
import { getEmbeddedTemplate } from '../helpers/database.js'

const logger = createLogger('test', 'silent')

/** Every path under `root` (itself excluded) whose mode grants group or other anything, with its mode; and how many were seen. */
function findShared(root: string): { shared: string[]; seen: number } {
  const shared: string[] = []
  let seen = 0
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const stats = lstatSync(path)
      seen++
      if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) shared.push(`${relative(root, path)} ${(stats.mode & 0o777).toString(8)}`)
      if (stats.isDirectory()) walk(path)
    }
  }
  walk(root)
  return { shared, seen }
}

function createDataDir(t: Test): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-modes-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  return dataDir
}

/** Starts the user service on `dataDir` as npm start does (no DATABASE_URL, no JWT_SECRET), writes through it, and stops it. */
async function runUserService(dataDir: string): Promise<void> {
  const started = await startUserService(
    { dataDir, databaseUrl: undefined, jwtSecret: undefined, jwtKeyFile: undefined, databaseQueryTimeoutMs: 10_000 },
    logger,
  )
  try {
    await started.userService.register({ email: `modes-${Date.now()}@example.com`, password: 'correct horse battery staple' })
  } finally {
    await started.close()
  }
}

t.test('a first start on an empty DATA_DIR: every file and directory is owner-only', async (t) => {
  const dataDir = createDataDir(t)
  await runUserService(dataDir)
  // The history journal npm start keeps beside it, with a record left undelivered.
  const journal = openHistoryJournal({ dir: join(dataDir, 'journal', 'history') })
  const record = createRecord('00000000-0000-4000-8000-000000000001', { createdAtMs: Date.now(), mevScore: 0, latencyMs: 1 })
  journal.append(record, null)
  journal.close()
  const { shared, seen } = findShared(dataDir)
  t.ok(seen > 100, `the database's files were walked (${seen} entries)`)
  t.same(shared, [], 'nothing grants group or other a permission')
})

t.test('a DATA_DIR whose database files were left readable to others (an earlier release, a copy) is narrowed at start', async (t) => {
  const dataDir = createDataDir(t)
  const pglite = join(dataDir, 'pglite')
  mkdirSync(pglite, { mode: 0o700 })
  cpSync(await getEmbeddedTemplate(), pglite, { recursive: true })
  // What earlier releases left: directories 0755, files 0666.
  const loosen = (path: string) => {
    const stats = lstatSync(path)
    chmodSync(path, stats.isDirectory() ? 0o755 : 0o666)
    if (stats.isDirectory()) for (const name of readdirSync(path)) loosen(join(path, name))
  }
  for (const name of readdirSync(pglite)) loosen(join(pglite, name))
  t.ok(findShared(pglite).shared.length > 100, 'the copy starts out readable to others')
  await runUserService(dataDir)
  t.same(findShared(dataDir).shared, [], 'nothing grants group or other a permission')
})
