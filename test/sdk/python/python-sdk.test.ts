/**
 * The Python SDK (sdk/python) against the real service process: its unittest suite
 * (sdk/python/tests) runs under /usr/bin/python3 with a user, an API key, fresh localnet
 * transactions and a TCP proxy to cut, and this test fails naming the Python tests that failed.
 * Then the package is installed as users install it (a venv, pip offline) and the README's
 * quick start runs from outside the repository. Skipped when the machine's Python lacks httpx or
 * websockets (CI installs Debian's python3-httpx and python3-websockets).
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { createServiceProcessSetup, postJson, startServiceProcess } from '../../helpers/service-process.js'
import { getMissingPythonModules, runUnittest, SYSTEM_PYTHON } from '../../helpers/python-unittest.js'
import { startSdkFixtureServer } from '../../helpers/sdk-fixture-server.js'
import { startTcpProxy } from '../../helpers/tcp-proxy.js'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const SUITE_LIMIT_MS = 240_000
const PASSWORD = 'correct horse battery staple'

t.setTimeout(420_000)

/** The first ```python block of a Markdown file: the quick start. */
function getFirstPythonSample(path: string): string {
  const match = /```python\n([\s\S]*?)```/.exec(readFileSync(path, 'utf8'))
  if (!match) throw new Error(`${path} has no python sample`)
  return match[1] as string
}

const missing = getMissingPythonModules()
/** pip installs offline into a venv only with Debian's python3-venv (ensurepip), python3-setuptools and python3-wheel. */
const venvMissing =
  spawnSync(SYSTEM_PYTHON, ['-c', 'import venv, ensurepip, setuptools, wheel'], { encoding: 'utf8' }).status !== 0 &&
  'python3-venv, python3-setuptools or python3-wheel is not installed'

t.test('the Python SDK against the real service', { skip: missing ?? false }, async (t) => {
  const setup = await createServiceProcessSetup(t, { WEBHOOK_ALLOW_PRIVATE_URLS: '1', AUTH_LIMITS: 'off' })
  const running = await startServiceProcess(t, setup)
  if (!running) return
  const rest = setup.restUrl
  const email = `python-sdk-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const registered = await postJson(`${rest}/auth/register`, { email, password: PASSWORD })
  t.equal(registered.status, 200, 'a user')
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${rest}/api/v1/api-keys`, { name: 'python sdk' }, { authorization: `Bearer ${token}` })
  t.equal(created.status, 200, 'an API key')
  const { key } = (await created.json()) as { key: string }
  const proxy = await startTcpProxy(t, { host: '127.0.0.1', port: setup.ports.rest })
  const fixtures = await startSdkFixtureServer(t, { rpcUrl: `http://127.0.0.1:${setup.ports.rpc}`, proxy })
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    PYTHONPATH: join(REPO_ROOT, 'sdk/python/src'),
    PYTHONDONTWRITEBYTECODE: '1',
    PREFLIGHT_BASE_URL: rest,
    PREFLIGHT_API_KEY: key,
    PREFLIGHT_TEST_EMAIL: email,
    PREFLIGHT_TEST_PASSWORD: PASSWORD,
    PREFLIGHT_TEST_PROXY_URL: proxy.url,
    PREFLIGHT_TEST_FIXTURES_URL: fixtures.url,
  }

  t.test('its unittest suite passes', async (t) => {
    const started = Date.now()
    const run = await runUnittest({
      args: ['-m', 'unittest', 'discover', '-s', 'sdk/python/tests', '-v'],
      cwd: REPO_ROOT,
      env,
      limitMs: SUITE_LIMIT_MS,
    })
    t.comment(`the Python suite ran ${run.ran} tests in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    t.ok(run.ran >= 20, `it ran the suite (${run.ran} tests)`, { output: run.output.slice(-3000) })
    t.same(run.failed, [], `no Python test failed${run.failed.length > 0 ? `: ${run.failed.join(', ')}` : ''}`, {
      output: run.output.slice(-12_000),
    })
    t.equal(run.code, 0, 'python -m unittest exits 0', { output: run.output.slice(-3000) })
  })

  t.test('installs into a venv offline, and the README quick start runs outside the repository', { skip: venvMissing }, async (t) => {
    const home = mkdtempSync(join(tmpdir(), 'python-sdk-venv-'))
    t.teardown(() => rmSync(home, { recursive: true, force: true }))
    const venv = join(home, 'venv')
    const made = spawnSync(SYSTEM_PYTHON, ['-m', 'venv', '--system-site-packages', venv], { encoding: 'utf8' })
    t.equal(made.status, 0, 'python3 -m venv --system-site-packages', { output: made.stderr })
    // pip builds in the tree (build/, *.egg-info): removed afterwards unless they were there before
    for (const built of ['sdk/python/build', 'sdk/python/src/solana_preflight.egg-info']) {
      if (!existsSync(join(REPO_ROOT, built))) t.teardown(() => rmSync(join(REPO_ROOT, built), { recursive: true, force: true }))
    }
    const installed = spawnSync(join(venv, 'bin/pip'), ['install', '--no-build-isolation', '--no-index', './sdk/python'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: home, PIP_DISABLE_PIP_VERSION_CHECK: '1' },
    })
    t.equal(installed.status, 0, 'pip install --no-build-isolation --no-index ./sdk/python', {
      output: `${installed.stdout}\n${installed.stderr}`.slice(-3000),
    })
    const transaction = (await (await fetch(`${fixtures.url}/transactions/unsigned`, { method: 'POST' })).json()) as {
      transaction: string
    }
    const example = join(home, 'quick_start.py')
    writeFileSync(
      example,
      `${getFirstPythonSample(join(REPO_ROOT, 'sdk/python/README.md'))}\nimport solana_preflight\nprint("from", solana_preflight.__file__)\n`,
    )
    const ran = spawnSync(join(venv, 'bin/python'), [example], {
      cwd: home,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: home,
        PREFLIGHT_BASE_URL: rest,
        PREFLIGHT_API_KEY: key,
        TRANSACTION_BASE64: transaction.transaction,
      },
      timeout: 60_000,
    })
    t.equal(ran.status, 0, 'the quick start runs', { output: `${ran.stdout}\n${ran.stderr}`.slice(-3000) })
    t.match(ran.stdout, /\b(approve|warn|block)\b/, 'it prints the verdict')
    t.match(
      ran.stdout,
      new RegExp(`from ${venv}/lib/python3[.0-9]*/site-packages/solana_preflight/__init__\\.py`),
      'the installed package, not the sources',
    )
  })
})
