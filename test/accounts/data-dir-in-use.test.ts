// A second copy of the service on the same DATA_DIR (a second `npm start` with other ports) is
// told so in one line naming DATA_DIR, for both things there it cannot share: the embedded
// database, and the history journal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { startUserService } from '../../accounts/start-user-service.js'
import { openHistoryJournal } from '../../callers/history-journal.js'
import { createLogger } from '../../lib/logger.js'
import { isSettingError } from '../../lib/setting-error.js'

const logger = createLogger('data-dir-in-use-test', 'silent')
const config = (dataDir: string) => ({
  dataDir,
  databaseUrl: undefined,
  jwtSecret: undefined,
  jwtKeyFile: undefined,
  databaseQueryTimeoutMs: 10_000,
})

t.test('the embedded database open in another process: a SettingError naming DATA_DIR and what to do', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-in-use-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const first = await startUserService(config(dataDir), logger)
  t.teardown(() => first.close())
  const second = await startUserService(config(dataDir), logger).then(
    (started) => started.close().then(() => undefined),
    (error: unknown) => error,
  )
  t.ok(isSettingError(second), 'a SettingError, printed as one line at boot')
  t.equal(
    (second as Error).message,
    `DATA_DIR: ${dataDir} is in use by another running copy of the service (its embedded database is open there): give this one its own DATA_DIR, or point both at one PostgreSQL server with DATABASE_URL`,
  )
})

t.test('the history journal locked by another live process: a SettingError naming DATA_DIR', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-journal-in-use-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // The lock names a live process that is not this one: the parent (npm, tap) is alive.
  writeFileSync(join(dir, 'LOCK'), `${process.ppid}\n`)
  const error = (() => {
    try {
      openHistoryJournal({ dir })
      return undefined
    } catch (caught) {
      return caught
    }
  })()
  t.ok(isSettingError(error))
  t.match(
    (error as Error).message,
    new RegExp(`^DATA_DIR: the history journal ${dir} is in use by process ${process.ppid}; give each process its own DATA_DIR$`),
  )
})
