/**
 * `npm start` runs the sources through tsx, which compiles with esbuild's `keepNames`: every named
 * closure (`const run = () => …`, `{ record: (…) => … }`) gets an `Object.defineProperty(fn, 'name')`
 * each time it is made, ≈0.4 µs apiece, and a function so redefined loses V8's fast paths. A gRPC
 * simulate went through seven such closures (bench/README.md, "Closures named per call"). This runs
 * the service as `npm start` does, with a preload counting those calls by name in every thread
 * (test/helpers/function-name-counter.mjs), sends simulations that succeed and that fail through
 * REST, a REST batch, the WebSocket stream and the engine's gRPC port (several at once, so calls
 * reach the simulate workers too), and checks that no name was given as many times as there were
 * calls: nothing on the hot path makes a named closure per call.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import WebSocket from 'ws'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createServiceProcessSetup, postJson, startServiceProcess } from '../helpers/service-process.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

t.setTimeout(180_000)

/** Calls of each door measured; a closure named per call would be named at least this often. */
const CALLS_PER_DOOR = 60
/** Calls sent at once: the first of a turn runs on the serving thread, the others on the workers. */
const AT_ONCE = 4

// The service's threads rewrite their counts here every 50 ms until it stops, so the folder goes
// after the service's own teardown (teardowns run last-added first). A t.testdir is removed before
// any teardown runs, while the service still writes into it (ENOTEMPTY, seen in CI).
const dir = mkdtempSync(join(tmpdir(), 'closures-named-per-call-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const countsPrefix = join(dir, 'names')
const setup = await createServiceProcessSetup(t, {
  RATE_LIMITS: 'off',
  AUTH_LIMITS: 'off',
  RESULT_CACHE_MAX_ENTRIES: '0',
  FUNCTION_NAME_COUNTS: countsPrefix,
})
const service = await startServiceProcess(t, setup, {
  command: process.execPath,
  args: ['--import', 'tsx', '--import', './test/helpers/function-name-counter.mjs', 'main.ts'],
})
if (!service) throw new Error('the service did not start')

/** Every thread's counts summed by name (each thread rewrites its file every 50 ms). */
const readCounts = async (): Promise<Map<string, number>> => {
  await new Promise((resolve) => setTimeout(resolve, 300))
  const counts = new Map<string, number>()
  for (const file of readdirSync(dir).filter((name) => name.startsWith('names-') && name.endsWith('.json'))) {
    const threadCounts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, number>
    for (const [name, count] of Object.entries(threadCounts)) counts.set(name, (counts.get(name) ?? 0) + count)
  }
  return counts
}

const rest = setup.restUrl
const registered = await postJson(`${rest}/auth/register`, {
  email: `names-${process.pid}@example.com`,
  password: 'correct horse battery staple',
})
const { token } = (await registered.json()) as { token: string }
const { key: apiKey } = (await (
  await postJson(`${rest}/api/v1/api-keys`, { name: 'names' }, { authorization: `Bearer ${token}` })
).json()) as {
  key: string
}

const rpc = await postJson(`http://127.0.0.1:${setup.ports.rpc}`, { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] })
const { blockhash } = ((await rpc.json()) as { result: { value: { blockhash: string } } }).result.value
const build = (lamports: bigint) =>
  buildTransaction({ feePayer: DEMO_WALLETS[0], blockhash, instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], lamports)] })
// A transfer that succeeds, and one of more than the payer holds (the failure path classifies it).
const transactions = [
  { bytes: await build(1_000n), success: true },
  { bytes: await build(10n ** 18n), success: false },
]
const pick = (i: number) => transactions[i % transactions.length] as (typeof transactions)[number]

const socket = new WebSocket(`${rest.replace(/^http/, 'ws')}/api/v1/solana/stream`, { headers: { 'x-api-key': apiKey } })
await new Promise<void>((resolve, reject) => {
  socket.once('open', () => resolve())
  socket.once('error', reject)
})
t.teardown(() => socket.terminate())
const waiting = new Map<number, (frame: { success?: boolean }) => void>()
socket.on('message', (data) => {
  const frame = JSON.parse(String(data)) as { id: number; success?: boolean }
  waiting.get(frame.id)?.(frame)
  waiting.delete(frame.id)
})
let nextId = 0

const grpc = createGrpcEngineClient(`127.0.0.1:${setup.ports.grpc}`, { apiKey })
t.teardown(() => grpc.close())

/** Each door's one call with transaction `i`: whether it answered as the transaction should. */
const doors: Record<string, (i: number) => Promise<boolean>> = {
  rest: async (i) => {
    const response = await postJson(`${rest}/api/v1/solana/tx/simulate`, { transaction: toBase64(pick(i).bytes) }, { 'x-api-key': apiKey })
    return response.status === 200 && ((await response.json()) as { success: boolean }).success === pick(i).success
  },
  batch: async (i) => {
    const body = { transactions: [toBase64(pick(i).bytes), toBase64(pick(i + 1).bytes)] }
    const response = await postJson(`${rest}/api/v1/solana/tx/simulate-batch`, body, { 'x-api-key': apiKey })
    const { results } = (await response.json()) as { results?: Array<{ success: boolean }> }
    return response.status === 200 && results?.[0]?.success === pick(i).success && results[1]?.success === pick(i + 1).success
  },
  websocket: (i) =>
    new Promise((resolve) => {
      const id = ++nextId
      waiting.set(id, (frame) => resolve(frame.success === pick(i).success))
      socket.send(JSON.stringify({ id, transaction: toBase64(pick(i).bytes) }))
    }),
  grpc: async (i) => (await grpc.simulate(pick(i).bytes, { replaceRecentBlockhash: true })).success === pick(i).success,
}

/** `calls` calls of every door, AT_ONCE at a time; how many answered as they should. */
const callEveryDoor = async (calls: number): Promise<Record<string, number>> => {
  const answered: Record<string, number> = {}
  for (const [door, call] of Object.entries(doors)) {
    answered[door] = 0
    for (let i = 0; i < calls; i += AT_ONCE) {
      const oks = await Promise.all(Array.from({ length: AT_ONCE }, (_, j) => call(i + j)))
      answered[door] += oks.filter(Boolean).length
    }
  }
  return answered
}

// Warm-up: modules loaded on first use, caches filled, workers started; their naming is not per call.
await callEveryDoor(AT_ONCE * 2)
const before = await readCounts()
const answered = await callEveryDoor(CALLS_PER_DOOR)
const after = await readCounts()

t.same(
  answered,
  { rest: CALLS_PER_DOOR, batch: CALLS_PER_DOOR, websocket: CALLS_PER_DOOR, grpc: CALLS_PER_DOOR },
  'every call answered, successes and failures as their transactions should',
)
t.ok(before.size > 0, 'the preload counted the names given at start-up (it ran in the service)')
const namedPerCall = [...after]
  .map(([name, count]) => [name, count - (before.get(name) ?? 0)] as const)
  .filter(([, count]) => count >= CALLS_PER_DOOR / 2)
t.same(namedPerCall, [], `no closure named once a call (${CALLS_PER_DOOR} calls a door, ${CALLS_PER_DOOR * 4} in all)`)
