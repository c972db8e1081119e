/**
 * A wrong setting stops a process with one line on stderr naming the variable and what it takes,
 * no stack trace, and exit code 1 — as a port in use does (port-in-use.test.ts) — before opening
 * any port (the accounts process without ACCOUNTS_INTERNAL_TOKEN never serves its own).
 */
import t from 'tap'
import { createServiceProcessSetup, isPortHeldByGroup, runEntryToExit } from '../helpers/service-process.js'

const EXIT_LIMIT_MS = 30_000

const CASES = [
  { entry: 'main.ts', env: { PORT: 'eighty' }, line: /^invalid PORT="eighty": expected an integer from 0 to 65535\n$/ },
  {
    entry: 'main.ts',
    env: { ENGINE_INTERNAL_TOKEN: 'short' },
    line: /^invalid ENGINE_INTERNAL_TOKEN="5 characters": expected a secret of at least 32 characters\n$/,
  },
  // A standalone engine with nothing to authenticate its callers against.
  { entry: 'engine/main.ts', env: {}, line: /^invalid ENGINE_INTERNAL_TOKEN="": expected the token edges present/ },
  { entry: 'accounts/main.ts', env: {}, line: /^invalid ACCOUNTS_INTERNAL_TOKEN="": expected / },
] as const

for (const { entry, env, line } of CASES) {
  t.test(`${entry} with ${Object.keys(env).join(', ') || 'no token'}`, async (t) => {
    const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'error' })
    const { exit, stderr, pid } = await runEntryToExit(t, setup, entry, env, EXIT_LIMIT_MS)
    t.same(exit, { code: 1, signal: null }, 'exits 1', { stderr })
    t.match(stderr, line, 'one line naming the variable', { stderr })
    t.notMatch(stderr, /\n\s+at /, 'no stack trace', { stderr })
    // Its own process group: other test files run in parallel, and the OS may give one of their
    // servers a number this setup was given too.
    for (const [name, port] of Object.entries(setup.ports))
      t.notOk(await isPortHeldByGroup(port, pid), `no port was opened: ${name} ${port}`)
  })
}
