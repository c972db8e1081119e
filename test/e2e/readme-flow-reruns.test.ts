/**
 * The README's "Simulate a transaction" block, copied out of README.md and run with bash as a
 * newcomer pastes it, again and again against one `npm start`: every run simulates and approves,
 * and the register limit (10 an hour per address, on by default) is never met, since the first
 * run's key is kept in ~/.preflight-key and reused. Only the REST port and localnet's RPC URL are
 * this test's own (free ports); HOME is a directory of its own, so no one's key is touched.
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { createServiceProcessSetup, startServiceProcess } from '../helpers/service-process.js'

const run = promisify(execFile)
const REPO_ROOT = join(import.meta.dirname, '..', '..')
/** More runs than the register limit allows accounts. */
const RUNS = 12

t.setTimeout(240_000)

// What the README lists for its curl example; .ci/run installs both.
const MISSING = ['curl', 'jq', 'bash'].filter((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0)

/** The first sh block after the "Simulate a transaction" heading. */
function readSimulateBlock(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Simulate a transaction'))
  const match = /```sh\n([\s\S]*?)```/.exec(section)
  if (!match?.[1]) throw new Error('no sh block under "Simulate a transaction" in README.md')
  return match[1]
}

t.test(
  `the README's simulate block, run ${RUNS} times in a row, approves every time on one account`,
  { skip: MISSING.length > 0 ? `not installed: ${MISSING.join(', ')}` : false },
  async (t) => {
    const setup = await createServiceProcessSetup(t)
    const running = await startServiceProcess(t, setup)
    if (!running) return
    // As a readiness probe would: the engine on its geyser feed with every simulate worker up, so
    // the first run's cold account loads do not race the engine's own start on a loaded machine.
    const deadline = Date.now() + 60_000
    for (;;) {
      const health = (await (await fetch(`${setup.restUrl}/health`)).json()) as {
        state: string
        details: { engine: { workers?: { configured: number; ready: number } } | null }
      }
      const workers = health.details.engine?.workers
      if (health.state === 'operational' && (!workers || workers.ready === workers.configured)) break
      if (Date.now() > deadline) return void t.fail('the engine is operational within 60 s', { health })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const home = mkdtempSync(join(tmpdir(), 'preflight-readme-home-'))
    t.teardown(() => rmSync(home, { recursive: true, force: true }))
    const script = readSimulateBlock().replaceAll('localhost:8080', `127.0.0.1:${setup.ports.rest}`)
    const env = { ...setup.env, HOME: home, LOCALNET_RPC_URL: `http://127.0.0.1:${setup.ports.rpc}` }
    const keys = new Set<string>()
    for (let i = 1; i <= RUNS; i++) {
      const { stdout, stderr } = await run('bash', ['-c', script], { cwd: REPO_ROOT, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 })
      t.equal(stderr, '', `run ${i}: nothing on stderr (no "register refused")`)
      t.match(stdout, /"decision": "approve"/, `run ${i}: the transfer is approved`)
      t.match(stdout, /"success": true/, `run ${i}: and simulates to success`)
      keys.add(readFileSync(join(home, '.preflight-key'), 'utf8').trim())
    }
    t.equal(keys.size, 1, 'one key kept and reused by every run')
    t.match([...keys][0], /^\S{20,}$/, 'an API key')
  },
)
