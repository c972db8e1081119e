/**
 * A store a setting names that cannot be reached or written stops a process at boot with one line
 * on stderr naming the variable and what to do, exit code 1, no stack trace — as a port in use does
 * (port-in-use.test.ts): an unreachable DATABASE_URL or REDIS_URL, a DATA_DIR that cannot be a
 * directory, a second copy of the service on the same DATA_DIR.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { getFreePort } from '../../lib/free-port.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createServiceProcessSetup, runEntryToExit, type ServiceProcessSetup } from '../helpers/service-process.js'

/** Boot up to the failing step (localnet first, then the store) on a loaded machine. */
const EXIT_LIMIT_MS = 60_000
const REFUSED = 'connection refused (ECONNREFUSED): nothing listens there; start the server or fix the host and port'

t.setTimeout(180_000)
t.jobs = 2

interface Case {
  name: string
  entry: string
  env: (setup: ServiceProcessSetup, refusedPort: number) => NodeJS.ProcessEnv
  line: (setup: ServiceProcessSetup, refusedPort: number) => RegExp | string
}

/** A DATA_DIR under a file: no user, root included, can make it a directory. */
function dataDirUnderAFile(setup: ServiceProcessSetup): string {
  const file = join(setup.dataDir, 'a-file')
  writeFileSync(file, 'not a directory')
  return join(file, 'data')
}

const CASES: Case[] = [
  {
    name: 'npm start with DATABASE_URL where nothing listens',
    entry: 'main.ts',
    env: (_setup, port) => ({ DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/test` }),
    line: (_setup, port) => `DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:${port}: ${REFUSED}\n`,
  },
  {
    name: 'npm start with REDIS_URL where nothing listens',
    entry: 'main.ts',
    env: (_setup, port) => ({ REDIS_URL: `redis://:secret@127.0.0.1:${port}` }),
    line: (_setup, port) =>
      new RegExp(
        `^REDIS_URL: cannot reach Redis at 127\\.0\\.0\\.1:${port} for the (auth invalidation|transaction update) bus: ${escape(REFUSED)}\\n$`,
      ),
  },
  {
    name: 'npm start with a DATA_DIR that cannot be a directory',
    entry: 'main.ts',
    env: (setup) => ({ DATA_DIR: join(setup.dataDir, 'a-file', 'data') }),
    line: (setup) =>
      `DATA_DIR: cannot use ${join(setup.dataDir, 'a-file', 'data')}: a part of the path is a file, not a directory (ENOTDIR)\n`,
  },
  {
    name: 'the accounts process with a DATA_DIR that cannot be a directory',
    entry: 'accounts/main.ts',
    env: (setup) => ({ DATA_DIR: join(setup.dataDir, 'a-file', 'data'), ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN }),
    line: (setup) =>
      `DATA_DIR: cannot use ${join(setup.dataDir, 'a-file', 'data')}: a part of the path is a file, not a directory (ENOTDIR)\n`,
  },
]

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

for (const { name, entry, env, line } of CASES) {
  t.test(name, { buffered: true }, async (t) => {
    const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'error' })
    dataDirUnderAFile(setup)
    const refusedPort = await getFreePort()
    const { exit, stdout, stderr } = await runEntryToExit(t, setup, entry, env(setup, refusedPort), EXIT_LIMIT_MS)
    const output = { stdout: stdout.slice(-4000), stderr: stderr.slice(-4000) }
    t.same(exit, { code: 1, signal: null }, 'exits 1', output)
    const expected = line(setup, refusedPort)
    if (typeof expected === 'string') t.equal(stderr, expected, 'one line on stderr, naming the variable and what to do', output)
    else t.match(stderr, expected, 'one line on stderr, naming the variable and what to do', output)
    t.notMatch(stdout + stderr, /\n\s+at /, 'no stack trace', output)
    t.notMatch(stdout + stderr, /secret/, 'the URL’s password is not shown', output)
  })
}
