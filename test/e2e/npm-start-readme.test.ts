/**
 * `npm start` as a newcomer runs it: the real all-in-one process (localnet + engine + gRPC + edge)
 * on free ports, the README's copy-paste simulate flow against it, the engine's gRPC port dialled
 * directly, then SIGTERM and a clean exit (the drain completes, code 0).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import t from 'tap'
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
import { createGrpcEngineClient } from '../../edge/engine-client.js'
import type { SimulateResponse } from '../../engine/simulate/simulate-types.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 20_000
const EXIT_LIMIT_MS = 10_000

/** A port the OS says is free now (listen on 0, read it, close). */
async function getFreePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Whether a port can be bound again (the process released it). */
async function isPortFree(port: number): Promise<boolean> {
  const server = createServer()
  try {
    server.listen(port, '127.0.0.1')
    await once(server, 'listening')
    return true
  } catch {
    return false
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/** Resolves with the exit code/signal, or undefined if the child is still running after `limitMs`. */
async function waitForExit(child: ChildProcess, limitMs: number): Promise<{ code: number | null; signal: string | null } | undefined> {
  if (!isRunning(child)) return { code: child.exitCode, signal: child.signalCode }
  let timer: NodeJS.Timeout | undefined
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), limitMs)
  })
  try {
    return await Promise.race([exited, late])
  } finally {
    clearTimeout(timer)
  }
}

t.test('npm start serves the README flow over REST and gRPC, then drains on SIGTERM', async (t) => {
  const [port, rpcPort, grpcPort] = [await getFreePort(), await getFreePort(), await getFreePort()]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LOCALNET_RPC_PORT: String(rpcPort),
    ENGINE_GRPC_PORT: String(grpcPort),
    LOG_LEVEL: 'warn',
  }
  delete env.SOLANA_RPC_URLS
  delete env.ENGINE_URL
  delete env.HOST
  delete env.BODY_LIMIT_BYTES

  // Its own process group, so teardown can end tsx and the node it runs together.
  const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, ['main.ts'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    if (child.pid !== undefined && isRunning(child)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 2_000)
    }
  })

  const rest = `http://127.0.0.1:${port}`
  const rpcUrl = `http://127.0.0.1:${rpcPort}`

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
  if (!t.ok(health, `/health answers within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode })) return
  t.match(health, { status: 'ok', engine_transport: 'in-process' })

  // The README's copy-paste flow, in-process.
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> =>
    ((await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as { result: T }).result

  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const {
    value: { blockhash, lastValidBlockHeight },
  } = await rpc<{ value: { blockhash: Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]['blockhash']; lastValidBlockHeight: number } }>(
    'getLatestBlockhash',
    [],
  )
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

  const response = await fetch(`${rest}/api/v1/solana/tx/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transaction }),
  })
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

  // A co-located client dials the engine's gRPC port directly.
  const grpc = createGrpcEngineClient(`127.0.0.1:${grpcPort}`)
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

  // SIGTERM (what a container runtime sends): the drain completes and the process exits 0.
  t.ok(child.kill('SIGTERM'), 'SIGTERM delivered')
  const exit = await waitForExit(child, EXIT_LIMIT_MS)
  t.ok(exit, `exits within ${EXIT_LIMIT_MS} ms of SIGTERM`, { output: output.slice(-4000) })
  t.same(exit, { code: 0, signal: null }, 'exit code 0', { output: output.slice(-4000) })
  t.notMatch(output, /shutdown failed|unhandled|"level":50/, 'no error logged', { output: output.slice(-4000) })
  for (const [name, p] of [['PORT', port], ['LOCALNET_RPC_PORT', rpcPort], ['ENGINE_GRPC_PORT', grpcPort]] as const) {
    t.ok(await isPortFree(p), `${name} ${p} is released`)
  }
})
