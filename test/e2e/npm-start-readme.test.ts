/**
 * `npm start` as a newcomer runs it: the real all-in-one process (localnet + engine + accounts on
 * the embedded PGlite + edge) on free ports, the README's copy-paste flow against it (register, an
 * API key, simulate a transaction built with kit and one from `npm run -s localnet:transaction`,
 * submit a signed one as a managed-tip bundle through localnet's relay), the engine's gRPC port
 * dialled directly, then SIGTERM and a clean exit (the
 * drain completes, code 0) — and a second start on the same DATA_DIR that still knows the user,
 * the key and the history the first one flushed on its way out.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { isServiceError } from '../../lib/errors.js'
import { getFreePort } from '../../lib/free-port.js'
import { SHUTDOWN_DEADLINE_MS } from '../../lib/shutdown.js'
import { isPortFree, isRunning, postJson, waitForExit } from '../helpers/service-process.js'

// Two boots of npm start (each may take up to its 40 s /health wait on a slow machine) and the
// README's whole flow: tap's default 60 s per file is too short for that, not a speed bound.
t.setTimeout(240_000)

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
// The first start on an empty DATA_DIR creates the embedded database (PGlite's initdb: ≈4 s).
const BOOT_LIMIT_MS = 40_000
// The drain has the service's own deadline (it then exits 1 and says so, which fails 'exit code 0'),
// and 5 s more for npm and the exit. A fixed 10 s failed once on a slow CI machine with the second
// start still running (its logs, at warn, did not say where the drain was).
const EXIT_LIMIT_MS = SHUTDOWN_DEADLINE_MS + 5_000

interface Running {
  child: ChildProcess
  output: () => string
}

/** Runs `npm start` with `env`, as the README says, and waits for /health; undefined if it never answers. */
async function startService(t: Test, env: NodeJS.ProcessEnv, rest: string): Promise<Running | undefined> {
  // Its own process group, so teardown can end npm and the node it runs together. SIGTERM goes to
  // npm itself, as a terminal's or a supervisor's would: npm forwards it to the service.
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    if (child.pid !== undefined && isRunning(child)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 2_000)
    }
  })
  // Boot: poll /health (bounded), failing fast if the process dies.
  const bootStarted = Date.now()
  let health: { status?: string; engine_transport?: string } | undefined
  while (Date.now() - bootStarted < BOOT_LIMIT_MS && isRunning(child)) {
    try {
      const response = await fetch(`${rest}/health`)
      if (response.ok) {
        health = (await response.json()) as typeof health
        break
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!t.ok(health, `/health answers within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode }))
    return undefined
  t.match(health, { status: 'ok', engine_transport: 'in-process' })
  // The engine follows localnet through its geyser stream, as it would follow mainnet.
  let engine: { freshness?: string; geyser?: { state?: string; endpoints?: Array<{ endpoint: string }> } } | undefined
  const streamStarted = Date.now()
  while (Date.now() - streamStarted < 10_000) {
    const body = (await (await fetch(`${rest}/health`)).json()) as { state?: string; details?: { engine?: typeof engine } }
    engine = body.details?.engine
    if (body.state === 'operational' && engine?.geyser?.state === 'connected') break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.match(
    engine,
    { freshness: 'geyser', geyser: { state: 'connected', endpoints: [{ endpoint: /^127\.0\.0\.1:\d+$/ }] } },
    'the engine is fed by localnet’s geyser stream',
  )
  return { child, output: () => output }
}

/** SIGTERM (what a container runtime sends): the drain completes and the process exits 0, releasing its ports. */
async function stopService(t: Test, running: Running, ports: Record<string, number>): Promise<void> {
  t.ok(running.child.kill('SIGTERM'), 'SIGTERM delivered')
  const exit = await waitForExit(running.child, EXIT_LIMIT_MS)
  t.ok(exit, `exits within ${EXIT_LIMIT_MS} ms of SIGTERM`, { output: running.output().slice(-4000) })
  t.same(exit, { code: 0, signal: null }, 'exit code 0', { output: running.output().slice(-4000) })
  t.notMatch(running.output(), /shutdown failed|unhandled|"level":50/, 'no error logged', { output: running.output().slice(-4000) })
  for (const [name, p] of Object.entries(ports)) t.ok(await isPortFree(p), `${name} ${p} is released`)
}

t.test('npm start serves the README flow over REST and gRPC, drains on SIGTERM, and keeps its data', async (t) => {
  const [port, rpcPort, grpcPort, accountsPort, geyserPort, relayPort, wsPort] = [
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
  ]
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-e2e-data-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_GEYSER_PORT: String(geyserPort),
    LOCALNET_RELAY_PORT: String(relayPort),
    LOCALNET_WS_PORT: String(wsPort),
    ENGINE_GRPC_PORT: String(grpcPort),
    ACCOUNTS_GRPC_PORT: String(accountsPort),
    DATA_DIR: dataDir,
    // info: a failing stop shows the drain's start and its `stopped` line (with drainMs), or where it stopped.
    LOG_LEVEL: 'info',
  }
  // The embedded defaults, as on a fresh machine.
  for (const name of [
    'SOLANA_RPC_URLS',
    'ENGINE_URL',
    'ACCOUNTS_URL',
    'HOST',
    'BODY_LIMIT_BYTES',
    'DATABASE_URL',
    'REDIS_URL',
    'JWT_SECRET',
    'AUTH_LIMITS',
    'TRUST_PROXY',
  ])
    delete env[name]
  for (const name of ['ACCOUNTS_INTERNAL_TOKEN', 'ENGINE_INTERNAL_TOKEN']) delete env[name]
  const ports = {
    PORT: port,
    LOCALNET_RPC_PORT: rpcPort,
    LOCALNET_GEYSER_PORT: geyserPort,
    LOCALNET_RELAY_PORT: relayPort,
    LOCALNET_WS_PORT: wsPort,
    ENGINE_GRPC_PORT: grpcPort,
  }
  const rest = `http://127.0.0.1:${port}`
  const rpcUrl = `http://127.0.0.1:${rpcPort}`

  const first = await startService(t, env, rest)
  if (!first) return
  // Everything runs in this one process: the accounts port would only be a door for others.
  t.ok(await isPortFree(accountsPort), 'the accounts gRPC port is not opened under npm start')

  // The README's copy-paste flow: an account, an API key, then simulate with it.
  const email = `e2e-${process.pid}@example.com`
  const password = 'correct horse battery staple'
  const registered = await postJson(`${rest}/auth/register`, { email, password })
  t.equal(registered.status, 200, 'register')
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${rest}/api/v1/api-keys`, { name: 'my bot' }, { authorization: `Bearer ${token}` })
  t.equal(created.status, 200, 'create an API key')
  const apiKey = ((await created.json()) as { key: string }).key
  t.match(apiKey, /^pf_live_[1-9A-HJ-NP-Za-km-z]{40,}$/, 'pf_live_ + base58')

  const rpc = async <T>(method: string, params: unknown[]): Promise<T> =>
    ((await (await postJson(rpcUrl, { jsonrpc: '2.0', id: 1, method, params })).json()) as { result: T }).result

  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const {
    value: { blockhash, lastValidBlockHeight },
  } = await rpc<{
    value: { blockhash: Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]['blockhash']; lastValidBlockHeight: number }
  }>('getLatestBlockhash', [])
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: recipient.address, amount: lamports(1_000_000n) }),
        m,
      ),
  )
  const compiled = compileTransaction(message)
  const transaction = getBase64EncodedWireTransaction(compiled)

  const anonymous = await postJson(`${rest}/api/v1/solana/tx/simulate`, { transaction })
  t.equal(anonymous.status, 401, 'simulate without a credential is 401')
  const response = await postJson(`${rest}/api/v1/solana/tx/simulate`, { transaction }, { 'x-api-key': apiKey })
  t.equal(response.status, 200)
  t.type(response.headers.get('x-request-id'), 'string')
  const body = (await response.json()) as SimulateResponse
  // What the README says the script prints.
  t.equal(body.success, true, body.failure_reason ?? '')
  t.equal(body.compute_units, 150)
  t.equal(body.fee_estimate_sol, 0.000005)
  t.equal(body.balance_changes.length, 2, 'the two balance changes')
  t.match(body.call_tree, [{ program_id: '11111111111111111111111111111111', success: true }])
  t.equal(body.decision, 'approve')

  // The README's curl flow takes its transaction from `npm run -s localnet:transaction`.
  const { stdout: printed } = await promisify(execFile)(`${REPO_ROOT}node_modules/.bin/tsx`, ['localnet/example/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, LOCALNET_RPC_URL: rpcUrl },
    timeout: 30_000,
  })
  const example = await postJson(
    `${rest}/api/v1/solana/tx/simulate`,
    { transaction: printed.trim(), timeout_ms: 200 },
    { 'x-api-key': apiKey },
  )
  t.equal(example.status, 200, 'the example transaction simulates')
  const exampleBody = (await example.json()) as { decision: string; timed_out_vectors: string[] }
  t.match(exampleBody, { success: true, compute_units: 150, fee_estimate_sol: 0.000005 }, 'as the README says')
  // A fresh wallet's accounts are fetched within the README's 200 ms on an idle machine; on a
  // loaded one a vector may run out of it, and the verdict then warns and names the vector
  // (timed_out_vectors), as docs/detection.md says. Anything else than approve must be that.
  t.ok(
    exampleBody.decision === 'approve' || (exampleBody.decision === 'warn' && exampleBody.timed_out_vectors.length > 0),
    'approved, or warned only for a vector out of time',
    { decision: exampleBody.decision, timed_out_vectors: exampleBody.timed_out_vectors },
  )

  // A co-located client dials the engine's gRPC port directly, with its API key.
  const keyless = createGrpcEngineClient(`127.0.0.1:${grpcPort}`)
  const refused = await keyless.simulate(new Uint8Array(Buffer.from(transaction, 'base64')), {}).catch((error: unknown) => error)
  await keyless.close()
  t.ok(isServiceError(refused, 'unauthorized'), 'the gRPC port refuses a call without an API key')
  const grpc = createGrpcEngineClient(`127.0.0.1:${grpcPort}`, { apiKey })
  try {
    const viaGrpc = await grpc.simulate(new Uint8Array(Buffer.from(transaction, 'base64')), { timeoutMs: 800 })
    t.equal(viaGrpc.success, true, viaGrpc.failure_reason ?? '')
    t.equal(viaGrpc.compute_units, body.compute_units)
    t.equal(viaGrpc.fee_estimate_sol, body.fee_estimate_sol)
    t.same(viaGrpc.balance_changes, body.balance_changes, 'same balance changes over gRPC as over REST')
    t.equal(viaGrpc.decision, 'approve')
  } finally {
    await grpc.close()
  }

  // The README's submit: the example script's signed transfer, landed as a managed-tip bundle
  // through localnet's relay with the tip wallet npm start funded; then its tracking and the tips.
  const { stdout: signed } = await promisify(execFile)(`${REPO_ROOT}node_modules/.bin/tsx`, ['localnet/example/main.ts', '--signed'], {
    cwd: REPO_ROOT,
    env: { ...env, LOCALNET_RPC_URL: rpcUrl },
    timeout: 30_000,
  })
  const submitted = await postJson(
    `${rest}/api/v1/solana/tx/submit`,
    { transaction: signed.trim(), strategy: 'managed_tip_bundle', wait_confirmation: true },
    { 'x-api-key': apiKey },
  )
  t.equal(submitted.status, 200, 'the signed example transaction is submitted as a bundle')
  const submit = (await submitted.json()) as { signature: string; bundle_id: string; bundle_lint: Array<{ ok: boolean }> }
  t.match(
    submit,
    {
      strategy: 'managed_tip_bundle',
      route: 'relay_bundle',
      bundle_id: /^\w+$/,
      tip_lamports: 1000,
      confirmation: 'confirmed',
      billable: true,
    },
    'as the README shows it',
  )
  t.ok(submit.bundle_lint.length > 0 && submit.bundle_lint.every((entry) => entry.ok), 'every lint rule passed')
  const tracked = await fetch(`${rest}/api/v1/solana/transactions/${submit.signature}`, { headers: { 'x-api-key': apiKey } })
  t.match(
    await tracked.json(),
    { kind: 'submit', strategy: 'managed_tip_bundle', route: 'relay_bundle', relay_bundle_id: submit.bundle_id, tip_lamports: '1000' },
    'its tracking, as the README says',
  )
  const tips = await fetch(`${rest}/api/v1/solana/tips`, { headers: { 'x-api-key': apiKey } })
  t.match(await tips.json(), { slots: 150, floor_lamports: 1000, tip_accounts: Array(8).fill(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/) }, 'the tips')

  // No history read before the stop: what the simulate recorded must be flushed by the drain.
  await stopService(t, first, ports)

  const second = await startService(t, env, rest)
  if (!second) return
  const login = await postJson(`${rest}/auth/login`, { email, password })
  t.equal(login.status, 200, 'the account survived the restart')
  const guesses: number[] = []
  for (let i = 0; i < 6; i++) guesses.push((await postJson(`${rest}/auth/login`, { email, password: 'wrong password!' })).status)
  t.same(guesses, [401, 401, 401, 401, 401, 429], 'wrong passwords lock the account after five (AUTH_LIMITS is on by default)')
  const history = await fetch(`${rest}/api/v1/solana/simulations`, { headers: { 'x-api-key': apiKey } })
  t.equal(history.status, 200, 'the API key survived the restart')
  const records = ((await history.json()) as { simulations: { kind: string; success: boolean; signature: string | null }[] }).simulations
  t.match(
    records.find((record) => record.kind === 'submit'),
    { signature: /\w/ },
    'the submit recorded before SIGTERM is in the history',
  )
  const simulations = records.filter((record) => record.kind === 'simulate')
  t.equal(simulations.length, 3, 'the REST and the gRPC simulations recorded before SIGTERM are in the history')
  t.ok(simulations.every((simulation) => simulation.success))
  t.ok(
    simulations.every((simulation) => simulation.signature === null),
    'the transaction was not signed, so it has no signature',
  )
  const me = await fetch(`${rest}/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(me.status, 200, 'the access token issued before the restart verifies after it (the signing key is kept in DATA_DIR)')
  await stopService(t, second, ports)
})
