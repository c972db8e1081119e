// What a person at a terminal meets: `--version` and `--help` answer without starting anything, any
// other argument is refused (settings are environment variables), and the log is one readable line
// per entry on a terminal or with LOG_FORMAT=pretty, JSON lines otherwise.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { isPrettyLogFormat } from '../../lib/logger.js'

const run = promisify(execFile)
const REPO_ROOT = join(import.meta.dirname, '..', '..')
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version

/** Runs `node --import tsx main.ts …args` to its exit: code, stdout, stderr. */
async function runMain(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'main.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      timeout: 30_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

t.test('--version and --help answer and exit 0; another argument is refused with exit 2', async (t) => {
  t.same(await runMain(['--version']), { code: 0, stdout: `solana-preflight ${VERSION}\n`, stderr: '' })
  const help = await runMain(['--help'])
  t.equal(help.code, 0)
  t.match(help.stdout, /^node dist\/main\.js \(npm start\) — solana-preflight /)
  for (const variable of ['PORT', 'SOLANA_RPC_URLS', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'LOG_FORMAT']) t.match(help.stdout, variable)
  t.match(help.stdout, 'docs/operations.md#configuration-reference')
  t.same(await runMain(['--port', '3000']), {
    code: 2,
    stdout: '',
    stderr: 'unknown argument "--port": settings are environment variables (node dist/main.js (npm start) --help)\n',
  })
})

t.test('LOG_FORMAT: auto is readable on a terminal and JSON elsewhere; json and pretty whatever stdout is', async (t) => {
  t.equal(isPrettyLogFormat('auto', true), true)
  t.equal(isPrettyLogFormat('auto', false), false)
  t.equal(isPrettyLogFormat('json', true), false)
  t.equal(isPrettyLogFormat('pretty', false), true)
  const script =
    "import('./lib/logger.ts').then(({ createLogger }) => createLogger('demo', 'info', undefined, process.env.LOG_FORMAT).info({ port: 8080 }, 'serving'))"
  const logOf = async (format: string) =>
    (await run(process.execPath, ['--import', 'tsx', '-e', script], { cwd: REPO_ROOT, env: { ...process.env, LOG_FORMAT: format } })).stdout
  const pretty = await logOf('pretty')
  t.match(pretty, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(demo\): serving\n\s+port: 8080\n$/, 'one readable entry, no colour on a pipe')
  const json = JSON.parse(await logOf('json')) as Record<string, unknown>
  t.match(json, { level: 30, name: 'demo', port: 8080, msg: 'serving' }, 'a JSON line')
  t.ok(JSON.parse(await logOf('auto')), 'auto on a pipe: JSON')
})
