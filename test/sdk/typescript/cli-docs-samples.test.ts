/**
 * The `solana-preflight` command line and the documentation's code samples against the real
 * service process: the readable simulate layout (colour on a terminal only), --json, the exit
 * codes a CI pipeline gates on (0 approve, 2 block, 3 a refused call, 4 wrong usage), execute,
 * tips, approvals, login and keys; then every block marked `tested` in docs/sdk-typescript.md
 * (TypeScript, compiled and run against the SDK's source) and docs/cli.md (shell, with the command
 * line as a real process). One service process serves every subtest.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import ts from 'typescript'
import { PreflightClient } from '../../../sdk/typescript/src/index.js'
import { runCli } from '../../../sdk/typescript/src/cli/run-cli.js'
import type { CliIo } from '../../../sdk/typescript/src/cli/cli-io.js'
import { createServiceProcessSetup, startServiceProcess } from '../../helpers/service-process.js'
import { createSdkWallet } from '../../helpers/sdk-wallet.js'

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SDK_ENTRY = join(REPO_ROOT, 'sdk/typescript/src/index.ts')
const GRPC_ENTRY = join(REPO_ROOT, 'sdk/typescript/src/grpc/index.ts')
const CLI_ENTRY = join(REPO_ROOT, 'sdk/typescript/src/cli/main.ts')
const PASSWORD = 'correct horse battery staple'

interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the command line in this process with `env`, stdout a terminal or not. */
async function runInProcess(
  argv: string[],
  env: Record<string, string>,
  options: { isTTY?: boolean; stdin?: string } = {},
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.isTTY ?? false },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => options.stdin ?? '',
    env,
  }
  const code = await runCli(argv, io)
  return { code, stdout, stderr }
}

/** The fenced blocks of `file` marked `<language> tested`. */
function getTestedBlocks(file: string, language: 'ts' | 'sh'): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8')
  return [...text.matchAll(new RegExp('```' + language + ' tested\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] as string)
}

// A boot, a compile of the samples and a dozen tsx processes: past tap’s 60 s on a loaded machine.
t.setTimeout(180_000)

t.test('the command line and the docs’ samples against the running service', async (t) => {
  const setup = await createServiceProcessSetup(t)
  const running = await startServiceProcess(t, setup)
  if (!running) return
  const rpcUrl = `http://127.0.0.1:${setup.ports.rpc}`
  const email = `sdk-cli-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const account = new PreflightClient({ baseUrl: setup.restUrl })
  const tokens = await account.auth.register(email, PASSWORD)
  const { key } = await account.apiKeys.create({ name: 'cli' })
  const env = { PREFLIGHT_BASE_URL: setup.restUrl, PREFLIGHT_API_KEY: key }
  const wallet = await createSdkWallet(rpcUrl)
  const unfunded = await createSdkWallet(rpcUrl, 0n)

  t.test('simulate: the layout, --json, and the exit code of the verdict', async (t) => {
    const transaction = await wallet.transferBase64(1_000_000n)
    const approved = await runInProcess(['simulate', transaction], env)
    t.equal(approved.code, 0, 'approve exits 0')
    t.match(approved.stdout, /^APPROVE {2}simulation succeeded {2}risk safe/, 'the verdict first')
    t.match(approved.stdout, /\nSummary\n {2}\w+\n {4}You send 0\.001 SOL to \w+/, 'the summary sentences')
    t.match(approved.stdout, /\nBalance changes\n {2}\w+ {2}SOL \(lamports\) {2}-1005000\n/, 'the balance changes')
    t.match(approved.stdout, /\nFee 0\.000005 SOL \(5000 lamports: base 5000, priority 0\) {2}compute units 150\n$/, 'the fee')
    t.notOk(approved.stdout.includes('\u001b['), 'no colour when stdout is not a terminal')
    t.ok((await runInProcess(['simulate', transaction], env, { isTTY: true })).stdout.includes('\u001b[32m'), 'colour on a terminal')
    t.notOk(
      (await runInProcess(['simulate', transaction], { ...env, NO_COLOR: '1' }, { isTTY: true })).stdout.includes('\u001b['),
      'NO_COLOR',
    )

    const json = await runInProcess(['simulate', '-', '--json', '--policy', 'strict'], env, { stdin: transaction + '\n' })
    t.equal(json.code, 0)
    t.match(JSON.parse(json.stdout), { decision: 'approve', success: true, summary: Array }, '--json prints the answer (read from stdin)')

    const file = join(mkdtempSync(join(tmpdir(), 'cli-tx-')), 'tx.bin')
    t.teardown(() => rmSync(file, { force: true }))
    writeFileSync(file, Buffer.from(transaction, 'base64'))
    t.equal((await runInProcess(['simulate', `@${file}`], env)).code, 0, '@file with raw bytes')

    const blocked = await runInProcess(['simulate', await unfunded.transferBase64(1_000_000n)], env)
    t.equal(blocked.code, 2, 'block exits 2')
    t.match(blocked.stdout, /^BLOCK {2}simulation failed: insufficient_sol/)
  })

  t.test('errors and usage', async (t) => {
    const refused = await runInProcess(['simulate', 'AAAA'], { ...env, PREFLIGHT_API_KEY: 'pf_live_nope' })
    t.equal(refused.code, 3, 'a refused call exits 3')
    t.match(refused.stderr, /^error unauthorized \(HTTP 401\): .+ \[request \S+\]\n$/)
    const invalid = await runInProcess(['simulate', 'AAAA', '--json'], env)
    t.equal(invalid.code, 3)
    t.match(JSON.parse(invalid.stdout), { error: { code: 'invalid_transaction', status: 422 } }, '--json prints the error')
    t.equal((await runInProcess([], env)).code, 4, 'no command exits 4')
    t.equal((await runInProcess(['simulate'], env)).code, 4, 'no transaction')
    t.equal((await runInProcess(['simulate', 'AAAA', '--bogus'], env)).code, 4, 'an unknown option')
    t.equal((await runInProcess(['submit', 'AAAA'], env)).code, 4, 'submit without a strategy')
    t.equal((await runInProcess(['simulate', 'AAAA', '--timeout-ms', 'soon'], env)).code, 4, 'a bad number')
    const help = await runInProcess(['--help'], env)
    t.equal(help.code, 0)
    t.match(help.stdout, /Exit codes\n {2}0 {2}approve/)
  })

  t.test('execute, tips, approvals', async (t) => {
    const executed = await runInProcess(['execute', await wallet.transferBase64(1_000_000n, { signed: true }), '--wait'], env)
    t.equal(executed.code, 0, executed.stderr)
    t.match(executed.stdout, /^SUBMITTED {2}.+\nsignature \w+ {2}route direct_rpc {2}confirmation (confirmed|finalized)\n$/)
    const failed = await runInProcess(['execute', await unfunded.transferBase64(1_000_000n, { signed: true }), '--json'], env)
    t.equal(failed.code, 2, 'an execute whose simulation failed exits 2')
    t.match(JSON.parse(failed.stdout), { action: 'simulation_failed', signature: null })
    const tips = await runInProcess(['tips'], env)
    t.match(tips.stdout, /^last 150 slots, \d+ samples \(lamports\): p25 .+\nfloor \d+ lamports\n$/)
    const approvals = await runInProcess(['approvals', wallet.payer.address], env)
    t.equal(approvals.code, 0)
    t.match(approvals.stdout, `${wallet.payer.address}: 0 approvals over 0 token accounts`)
  })

  t.test('history and stats', async (t) => {
    const signed = await wallet.transferBase64(2_000_000n, { signed: true })
    const executed = JSON.parse((await runInProcess(['execute', signed, '--json'], env)).stdout) as { signature: string }
    const history = await runInProcess(['history', '--limit', '3'], env)
    t.equal(history.code, 0, history.stderr)
    const lines = history.stdout.trimEnd().split('\n')
    t.equal(lines.length, 3, '--limit 3: three records')
    t.match(lines[0], /^\d{4}-\d\d-\d\dT\S+Z {2}execute +approve +risk safe +\d+\.\d ms {2}\w+$/, 'newest first: the execute')
    const one = JSON.parse((await runInProcess(['history', '--signature', executed.signature, '--json'], env)).stdout) as unknown[]
    t.match(one, [{ kind: 'execute', signature: executed.signature }], '--signature: that transaction only')
    t.equal((await runInProcess(['history', '--failed', '--json'], env)).code, 0, '--failed')
    const stats = await runInProcess(['stats', '--days', '3'], env)
    t.equal(stats.code, 0, stats.stderr)
    t.match(stats.stdout, /^\d+ simulations \(\d+ today, \d+ in 7 days\), [\d.]+ % succeeded, average [\d.]+ ms\n/)
    const days = stats.stdout.split('\n').filter((row) => /^\d{4}-\d\d-\d\d /.test(row))
    t.equal(days.length, 3, '--days 3: three days')
    t.match(days[2], new RegExp(`^${new Date().toISOString().slice(0, 10)} +[1-9]\\d*`), 'today last, with simulations')
    t.equal((await runInProcess(['stats', '--days', '91'], env)).code, 4, '--days out of range')
    t.equal((await runInProcess(['history', '--limit', 'all'], env)).code, 4, '--limit not a number')
  })

  t.test('login and keys', async (t) => {
    const login = await runInProcess(
      ['login', '--email', email, '--password-stdin'],
      { PREFLIGHT_BASE_URL: setup.restUrl },
      { stdin: PASSWORD + '\n' },
    )
    t.equal(login.code, 0, login.stderr)
    t.match(login.stdout, /^PREFLIGHT_TOKEN=\S+\nPREFLIGHT_REFRESH_TOKEN=\S+\n$/)
    const withToken = { PREFLIGHT_BASE_URL: setup.restUrl, PREFLIGHT_TOKEN: tokens.token }
    const created = await runInProcess(['keys', 'create', 'from the cli', '--json'], withToken)
    const issued = JSON.parse(created.stdout) as { id: string; key: string }
    t.match(issued, { name: 'from the cli', key: /^pf_live_/ })
    t.match((await runInProcess(['keys', 'list'], withToken)).stdout, `${issued.id}  from the cli  …${issued.key.slice(-4)}`)
    t.match((await runInProcess(['keys', 'rotate', issued.id], withToken)).stdout, /PREFLIGHT_API_KEY=pf_live_\w+\n/)
    t.equal((await runInProcess(['keys', 'revoke', issued.id], withToken)).stdout, `revoked ${issued.id}\n`)
    const byPassword = await runInProcess(['keys', 'list', '--email', email], {
      PREFLIGHT_BASE_URL: setup.restUrl,
      PREFLIGHT_PASSWORD: PASSWORD,
    })
    t.equal(byPassword.code, 0, 'keys logs in on the way with --email and PREFLIGHT_PASSWORD')
    t.equal((await runInProcess(['keys', 'list'], { PREFLIGHT_BASE_URL: setup.restUrl })).code, 4, 'keys without a bearer token')
  })

  const sampleEnv = async (): Promise<NodeJS.ProcessEnv> => ({
    ...process.env,
    ...env,
    PREFLIGHT_EMAIL: email,
    PREFLIGHT_PASSWORD: PASSWORD,
    PREFLIGHT_WEBHOOK_SECRET: 'whsec_sample',
    PREFLIGHT_GRPC_ADDRESS: `127.0.0.1:${setup.ports.grpc}`,
    TRANSACTION: await wallet.transferBase64(1_000_000n),
    SIGNED_TRANSACTION: await wallet.transferBase64(1_000_000n, { signed: true }),
  })

  t.test('every tested TypeScript sample of docs/sdk-typescript.md compiles and runs', async (t) => {
    const blocks = getTestedBlocks('docs/sdk-typescript.md', 'ts')
    t.ok(blocks.length >= 6, `${blocks.length} samples`)
    const directory = mkdtempSync(join(tmpdir(), 'sdk-samples-'))
    t.teardown(() => rmSync(directory, { recursive: true, force: true }))
    const files = blocks.map((block, index) => {
      const file = join(directory, `sample-${index}.mts`)
      const source = block
        .replaceAll("from 'solana-preflight/grpc'", `from ${JSON.stringify(GRPC_ENTRY.replace(/\.ts$/, '.js'))}`)
        .replaceAll("from 'solana-preflight'", `from ${JSON.stringify(SDK_ENTRY.replace(/\.ts$/, '.js'))}`)
      writeFileSync(file, source)
      return file
    })
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
      skipLibCheck: true,
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    t.same(diagnostics, [], 'the samples type-check against the SDK')
    // One process imports the samples in turn (each awaits its own top-level work): one tsx start, not one a sample.
    const runner = join(directory, 'run-samples.mts')
    writeFileSync(
      runner,
      files
        .map(
          (file, index) =>
            `try { await import(${JSON.stringify(file)}); console.error('sample ${index}: ok') } catch (error) { console.error('sample ${index}: failed', error); process.exitCode = 1 }`,
        )
        .join('\n'),
    )
    const run = spawnSync(process.execPath, ['--import', 'tsx', runner], {
      cwd: REPO_ROOT,
      env: await sampleEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    })
    for (const index of files.keys()) {
      t.match(run.stderr, `sample ${index}: ok`, `sample ${index} runs`, { stderr: run.stderr.slice(-3000), source: blocks[index] })
    }
    t.equal(run.status, 0, 'every sample ran', { stderr: run.stderr.slice(-3000) })
  })

  t.test('every tested shell sample of docs/cli.md runs, the command line a real process', async (t) => {
    const blocks = getTestedBlocks('docs/cli.md', 'sh')
    t.ok(blocks.length >= 5, `${blocks.length} samples`)
    const bin = mkdtempSync(join(tmpdir(), 'cli-bin-'))
    t.teardown(() => rmSync(bin, { recursive: true, force: true }))
    const tsx = import.meta.resolve('tsx')
    writeFileSync(join(bin, 'solana-preflight'), `#!/bin/sh\nexec "${process.execPath}" --import "${tsx}" "${CLI_ENTRY}" "$@"\n`)
    chmodSync(join(bin, 'solana-preflight'), 0o755)
    for (const [index, block] of blocks.entries()) {
      const sampleEnvironment = await sampleEnv()
      const run = spawnSync('sh', ['-e', '-c', block], {
        cwd: bin,
        env: { ...sampleEnvironment, PATH: `${bin}:${process.env.PATH}` },
        encoding: 'utf8',
        timeout: 60_000,
      })
      t.equal(run.status, 0, `sample ${index} runs`, { stdout: run.stdout.slice(-2000), stderr: run.stderr.slice(-2000), source: block })
    }
    const blocked = spawnSync('solana-preflight', ['simulate', await unfunded.transferBase64(1_000_000n)], {
      env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` },
      encoding: 'utf8',
    })
    t.equal(blocked.status, 2, 'the real process exits 2 on block')
  })
})
