/**
 * The SDK installs as users install it: `npm pack` of sdk/typescript (its prepack builds ESM,
 * CommonJS and declarations with tsc), the tarball installed offline into a fresh project (so the
 * package needs nothing from the registry: no required runtime dependency), then an ESM example
 * and a CommonJS `require` example simulate against the running service, a TypeScript consumer
 * type-checks against the shipped declarations, and `npx solana-preflight --help` runs the bin.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { PreflightClient, SDK_VERSION } from '../../../sdk/typescript/src/index.js'
import { createServiceProcessSetup, startServiceProcess } from '../../helpers/service-process.js'
import { createSdkWallet } from '../../helpers/sdk-wallet.js'

const SDK_DIR = fileURLToPath(new URL('../../../sdk/typescript/', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const ESM_EXAMPLE = `import { PreflightClient, isPreflightError } from 'solana-preflight'
const client = new PreflightClient({ baseUrl: process.env.PREFLIGHT_BASE_URL, apiKey: process.env.PREFLIGHT_API_KEY })
const result = await client.simulate(process.env.TRANSACTION)
console.log('esm', result.decision, result.success)
try { await client.simulate('AAAA') } catch (error) { console.log('esm error', isPreflightError(error, 'invalid_transaction')) }
const grpc = await import('solana-preflight/grpc')
console.log('esm grpc', typeof grpc.createGrpcClient)
`

const CJS_EXAMPLE = `const { PreflightClient } = require('solana-preflight')
const client = new PreflightClient({ baseUrl: process.env.PREFLIGHT_BASE_URL, apiKey: process.env.PREFLIGHT_API_KEY })
client.simulate(process.env.TRANSACTION).then((result) => console.log('cjs', result.decision, result.success))
console.log('cjs grpc', typeof require('solana-preflight/grpc').createGrpcClient)
`

const TS_CONSUMER = `import { PreflightClient, type SimulateResponse } from 'solana-preflight'
export async function run(client: PreflightClient): Promise<SimulateResponse['decision']> {
  return (await client.simulate('AAAA', { policy: 'strict', timeout_ms: 200 })).decision
}
`

// Two tsc builds, npm pack and install and a boot: past tap’s 60 s on a loaded machine.
t.setTimeout(180_000)

t.test('npm pack, install offline, run ESM, CommonJS and the bin against the service', async (t) => {
  const setup = await createServiceProcessSetup(t)
  const started = startServiceProcess(t, setup)
  const packDir = mkdtempSync(join(tmpdir(), 'sdk-pack-'))
  const project = mkdtempSync(join(tmpdir(), 'sdk-consumer-'))
  t.teardown(() => {
    rmSync(packDir, { recursive: true, force: true })
    rmSync(project, { recursive: true, force: true })
  })
  // The build runs while the service boots.
  const packed = await new Promise<string>((resolve, reject) => {
    import('node:child_process').then(({ execFile }) =>
      execFile('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: SDK_DIR }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim().split('\n').pop() as string),
      ),
    )
  })
  const tarball = join(packDir, packed)
  const packageJson = JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8')) as { version: string; dependencies?: object }
  t.equal(packageJson.version, SDK_VERSION, 'SDK_VERSION is the package’s version')
  t.same(packageJson.dependencies ?? {}, {}, 'no required runtime dependency')

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }))
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tarball], { cwd: project })
  const installed = readdirSync(join(project, 'node_modules/solana-preflight/dist'))
  t.same(installed.sort(), ['cjs', 'esm', 'proto'], 'ESM, CommonJS and the .proto are shipped')

  const running = await started
  if (!running) return
  const account = new PreflightClient({ baseUrl: setup.restUrl })
  await account.auth.register(`sdk-pack-${process.pid}-${randomBytes(3).toString('hex')}@example.com`, 'correct horse battery staple')
  const { key } = await account.apiKeys.create({ name: 'pack' })
  const wallet = await createSdkWallet(`http://127.0.0.1:${setup.ports.rpc}`)
  const env = {
    ...process.env,
    PREFLIGHT_BASE_URL: setup.restUrl,
    PREFLIGHT_API_KEY: key,
    TRANSACTION: await wallet.transferBase64(1_000_000n),
  }

  writeFileSync(join(project, 'example.mjs'), ESM_EXAMPLE)
  writeFileSync(join(project, 'example.cjs'), CJS_EXAMPLE)
  const esm = spawnSync(process.execPath, ['example.mjs'], { cwd: project, env, encoding: 'utf8' })
  t.equal(esm.stdout, 'esm approve true\nesm error true\nesm grpc function\n', 'the ESM example', { stderr: esm.stderr })
  const cjs = spawnSync(process.execPath, ['example.cjs'], { cwd: project, env, encoding: 'utf8' })
  t.equal(cjs.stdout, 'cjs grpc function\ncjs approve true\n', 'the CommonJS example', { stderr: cjs.stderr })

  writeFileSync(join(project, 'consumer.ts'), TS_CONSUMER)
  const tsc = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      '--typeRoots',
      join(REPO_ROOT, 'node_modules/@types'),
      'consumer.ts',
    ],
    { cwd: project, encoding: 'utf8' },
  )
  t.equal(tsc.status, 0, 'a TypeScript consumer type-checks against the shipped declarations', { stdout: tsc.stdout })

  const help = spawnSync('npx', ['--offline', 'solana-preflight', '--help'], { cwd: project, env, encoding: 'utf8' })
  t.equal(help.status, 0, 'npx solana-preflight --help', { stderr: help.stderr })
  t.match(help.stdout, /^solana-preflight: pre-flight Solana transactions/)
  const simulate = spawnSync('npx', ['--offline', 'solana-preflight', 'simulate', env.TRANSACTION, '--json'], {
    cwd: project,
    env,
    encoding: 'utf8',
  })
  t.equal(simulate.status, 0, 'the installed bin simulates', { stderr: simulate.stderr })
  t.match(JSON.parse(simulate.stdout), { decision: 'approve' })
})
