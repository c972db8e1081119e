/**
 * What `npm run build` writes runs on its own: `node dist/main.js` (no tsx, no sources) starts on
 * embedded defaults, serves the README's flow — register, an API key, a transfer simulated on
 * localnet — and drains on SIGTERM with exit 0, its ports released. Every file the product reads
 * beside its modules at run time (contracts, migrations, the engine's data, the embedded
 * database's worker) must therefore be in dist/, and so must the dashboard (dist/dashboard). The build runs once, into the repository's dist/
 * (removed first, so a file an earlier build left there cannot hide one this build misses).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { buildTransfer } from '../helpers/localnet-transactions.js'
import { assertStopsOnSigterm, createServiceProcessSetup, postJson, startServiceProcess } from '../helpers/service-process.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DIST = join(REPO_ROOT, 'dist')

// tsc alone takes tens of seconds, more on a loaded machine.
t.setTimeout(300_000)

t.test('npm run build, then node dist/main.js serves a simulation and stops on SIGTERM', async (t) => {
  rmSync(DIST, { recursive: true, force: true })
  const build = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let buildOutput = ''
  build.stdout.on('data', (chunk: Buffer) => (buildOutput += chunk.toString()))
  build.stderr.on('data', (chunk: Buffer) => (buildOutput += chunk.toString()))
  const [buildCode] = (await once(build, 'exit')) as [number | null]
  if (!t.equal(buildCode, 0, 'npm run build exits 0', { output: buildOutput.slice(-4000) })) return
  t.ok(existsSync(join(DIST, 'main.js')), 'dist/main.js is written')
  t.notOk(existsSync(join(DIST, 'test')), 'tests are not part of the build')

  const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'info' })
  const running = await startServiceProcess(t, setup, { command: process.execPath, args: [join(DIST, 'main.js')] })
  if (!running) return

  const email = `build-${process.pid}@example.com`
  const registered = await postJson(`${setup.restUrl}/auth/register`, { email, password: 'correct horse battery staple' })
  t.equal(registered.status, 200, 'register (the migrations were found)')
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${setup.restUrl}/api/v1/api-keys`, { name: 'build' }, { authorization: `Bearer ${token}` })
  t.equal(created.status, 200, 'create an API key')
  const { key } = (await created.json()) as { key: string }

  const rpc = async <T>(method: string, params: unknown[]): Promise<T> =>
    ((await (await postJson(`http://127.0.0.1:${setup.ports.rpc}`, { jsonrpc: '2.0', id: 1, method, params })).json()) as { result: T })
      .result
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])
  const transfer = await buildTransfer({
    from: payer,
    to: recipient.address,
    lamports: 1_000_000n,
    blockhash: value.blockhash,
    sign: false,
  })
  const simulated = await postJson(
    `${setup.restUrl}/api/v1/solana/tx/simulate`,
    { transaction: Buffer.from(transfer).toString('base64') },
    { 'x-api-key': key },
  )
  t.equal(simulated.status, 200, 'simulate')
  const body = (await simulated.json()) as { success: boolean; compute_units: number; decision: string; risk: { risk_level: string } }
  // The detection vectors ran on the shipped data (MEV bot list, sandwich report, blacklist, banned tokens).
  t.match(
    body,
    { success: true, compute_units: 150, decision: 'approve', risk: { risk_level: 'safe' } },
    'the transfer succeeds and is approved',
  )

  // The dashboard is part of the build: its page and every script it loads come from dist/dashboard.
  const page = await fetch(`${setup.restUrl}/app/`)
  t.equal(page.status, 200, 'the dashboard page is served from the build')
  const html = await page.text()
  const scripts = [...html.matchAll(/src="(\/app\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string)
  t.ok(scripts.length > 0, 'it loads a hashed script')
  for (const script of scripts) {
    const response = await fetch(`${setup.restUrl}${script}`)
    t.equal(response.status, 200, `${script} is served`)
    t.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  }

  await assertStopsOnSigterm(t, running, setup, 10_000)
})
