// ENGINE_WORKERS: simulations on worker threads answer exactly as the serving thread's engine does
// (every field but the time it took), as objects, as JSON text and as gRPC message bytes, tenants' program blocks reach the workers, a call made before
// any worker is ready runs on the serving thread, and a worker that dies mid-flight is replaced: the
// calls it held answer a retriable engine_unavailable, every other call succeeds.
import t from 'tap'
import type { Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { readConfig } from '../../../../lib/config.js'
import { ServiceError } from '../../../../lib/errors.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import type { SimulateOptions } from '../../../../engine/contract/simulate-request.js'
import type { SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import { stringifyAscii } from '../../../../engine/contract/ascii-json.js'
import { toSimulateSummary, type SerializedSimulateResponse } from '../../../../engine/contract/serialized-simulate-response.js'
import { createSimulateWorkerPool, type SimulateWorkerPool } from '../../../../engine/hot-path/workers/simulate-worker-pool.js'
import type { EncodedSimulateResponse } from '../../../../engine/messages/simulate-response-encoding.js'
import { fromSimulateResponseMessage } from '../../../../engine/messages/simulate-message.js'
import { loadEngineProto } from '../../../../lib/grpc/load-proto.js'
import type { SimulateResponse__Output } from '../../../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import { quietLogger, startStack, type Stack } from '../../../helpers/stack.js'
import { createStackTransfer } from '../../../helpers/stack-transfer.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { createTestEdgeWithUser, getJson, postSimulate } from '../../../helpers/edge-inject.js'
import { createInProcessEngineClient } from '../../../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../../../engine/client/grpc-engine-client.js'
import type { Engine } from '../../../../engine/engine.js'
import { TEST_INTERNAL_TOKEN } from '../../../helpers/internal-token.js'
import { startStackEngine } from '../../../helpers/stack-engine.js'

// Worker threads start, crash and are replaced many times over: about 50 s on a busy 2-core
// machine, close to tap's default 60 s per file. Not a speed bound.
t.setTimeout(180_000)

const SYSTEM = '11111111111111111111111111111111'
const SOL = 1_000_000_000n
// Every call simulates: a cached answer would differ in `cached` and `latency_ms` only, but hide the work.
const ENGINE_ENV = { RESULT_CACHE_MAX_ENTRIES: '0' }

const blockedTenants = new Map<string, ReadonlySet<AccountKey> | Error>([
  ['blocks-system', new Set([fromBase58Address(SYSTEM)])],
  ['blocks-nothing', new Set()],
  ['unreadable', new Error('the user service is down')],
])
/** A tenant named `…-loading` has the list of the tenant without it, from a read under way (as a first call's from the user service). */
const LOADING = '-loading'
function getTenantBlocks(tenantId: string): ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>> {
  if (tenantId.endsWith(LOADING)) {
    return new Promise((resolve) => setTimeout(resolve, 5)).then(() => getTenantBlocks(tenantId.slice(0, -LOADING.length)))
  }
  const blocks = blockedTenants.get(tenantId) ?? new Set<AccountKey>()
  return blocks instanceof Error ? Promise.reject(blocks) : blocks
}

type Settled = { answer: Omit<SimulateResponse, 'latency_ms'> } | { error: { name: string; message: string; code?: string } }

/** The answer without its timing, or the rejection's catalogue fields: what must match across threads. */
async function settle(call: Promise<SimulateResponse>): Promise<Settled> {
  try {
    const { latency_ms: _latency, ...answer } = await call
    return { answer }
  } catch (error) {
    const { name, message } = error as Error
    return { error: { name, message, ...(error instanceof ServiceError ? { code: error.code } : {}) } }
  }
}

/**
 * A serialized answer settled as `settle` does its object: the text parsed. Its summary must be the
 * parsed answer's, and the text exactly what JSON.stringify makes of the answer (what REST sends).
 */
function settleSerialized(t: Test, call: Promise<SerializedSimulateResponse>): Promise<Settled> {
  return settle(
    call.then(({ json, summary }) => {
      const response = JSON.parse(json) as SimulateResponse
      // A summary may carry more (the serving thread's is the answer itself); its own fields must be the answer's.
      t.same(toSimulateSummary(summary as SimulateResponse), toSimulateSummary(response), "the summary is the answer's")
      t.equal(json, stringifyAscii(response), 'the text is the answer serialized, in ASCII')
      return response
    }),
  )
}

const decodeSimulateResponse = loadEngineProto().preflight.engine.v1.Engine.service.Simulate.responseDeserialize as (
  bytes: Buffer,
) => SimulateResponse__Output

/**
 * An encoded answer settled as `settle` does its object: the bytes decoded as a gRPC client does.
 * The summary must be the answer's, and bytes a worker sent sit in a buffer of their own (it was
 * transferred, where a slice of a shared slab would have been copied whole).
 */
function settleEncoded(t: Test, call: Promise<EncodedSimulateResponse>, from: 'worker' | 'serving thread' = 'worker'): Promise<Settled> {
  return settle(
    call.then(({ message, summary }) => {
      if (from === 'worker') t.equal(message.byteLength, message.buffer.byteLength, 'the bytes fill a buffer of their own')
      const response = fromSimulateResponseMessage(decodeSimulateResponse(Buffer.from(message)))
      t.same(toSimulateSummary(summary as SimulateResponse), toSimulateSummary(response), "the summary is the answer's")
      return response
    }),
  )
}

function startPool(t: Test, stack: Stack, workers: number, fallback: (tx: Uint8Array, o: SimulateOptions) => Promise<SimulateResponse>) {
  const pool = createSimulateWorkerPool({
    workers,
    config: readConfig(engineConfigSchema, { SOLANA_RPC_URLS: stack.localnet.rpcUrl, ENGINE_GRPC_PORT: '0', ...ENGINE_ENV }),
    logger: quietLogger,
    fallback,
    getTenantBlocks,
    // These tests are about the workers: no call runs on this (idle) thread unless none is ready.
    inlineLoneCalls: false,
  })
  t.teardown(() => pool.close())
  return pool
}

async function startReadyPool(t: Test, stack: Stack, workers: number): Promise<{ pool: SimulateWorkerPool; fallbackCalls: () => number }> {
  let fallbackCalls = 0
  const pool = startPool(t, stack, workers, (transaction, options) => {
    fallbackCalls++
    return stack.engine.simulate(transaction, options)
  })
  await pool.whenReady(120_000)
  t.equal(pool.readyCount, workers, 'every worker started')
  return { pool, fallbackCalls: () => fallbackCalls }
}

t.test('workers answer as the serving thread does', async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV, engineOptions: { getTenantBlocks } })
  const { pool, fallbackCalls } = await startReadyPool(t, stack, 2)
  const transfer = await createStackTransfer(stack)
  const overdraft = await createStackTransfer(stack, { lamports: 5n * SOL })
  const stranger = await generateKeyPairSigner()
  const unfunded = await buildTransaction({
    feePayer: stranger.address,
    blockhash: (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash,
    instructions: [transferSol(stranger.address, transfer.receiver.address, 1n)],
  })
  const cases: Array<[string, Uint8Array, SimulateOptions]> = [
    ['a transfer', transfer.bytes, {}],
    ['a transfer, simulation vector only', transfer.bytes, { vectors: ['simulation'] }],
    ['a transfer under the strict policy', transfer.bytes, { policy: 'strict' }],
    ['a transfer by a tenant blocking the System program', transfer.bytes, { tenantId: 'blocks-system' }],
    ['the same, program vector not asked for', transfer.bytes, { tenantId: 'blocks-system', vectors: ['simulation'] }],
    ['a transfer by a tenant blocking nothing', transfer.bytes, { tenantId: 'blocks-nothing' }],
    ['a tenant whose blocks cannot be read', transfer.bytes, { tenantId: 'unreadable' }],
    // The call reaches the worker before its list, which follows it (a second call: the worker has the list).
    ['a tenant blocking the System program, its list still loading', transfer.bytes, { tenantId: `blocks-system${LOADING}` }],
    ['a tenant whose blocks cannot be read, still loading', transfer.bytes, { tenantId: `unreadable${LOADING}` }],
    ['more than the payer holds', overdraft.bytes, {}],
    ['a payer that does not exist', unfunded, {}],
    ['bytes that are no transaction', new Uint8Array([1, 2, 3]), {}],
    ['a deadline out of range', transfer.bytes, { timeoutMs: 5 }],
  ]
  for (const [name, bytes, options] of cases) {
    const inThread = await settle(stack.engine.simulate(bytes, options))
    // Two at once: the second goes to the other worker (the fewest calls in flight).
    const inWorkers = await Promise.all([settle(pool.simulate(bytes, options)), settle(pool.simulate(bytes, options))])
    t.same(inWorkers[0], inThread, `${name}: the first worker`)
    t.same(inWorkers[1], inThread, `${name}: the second worker`)
    const asText = await Promise.all([
      settleSerialized(t, pool.simulateSerialized(bytes, options)),
      settleSerialized(t, pool.simulateSerialized(bytes, options)),
    ])
    t.same(asText[0], inThread, `${name}: the first worker, as JSON text`)
    t.same(asText[1], inThread, `${name}: the second worker, as JSON text`)
    const asMessage = await Promise.all([
      settleEncoded(t, pool.simulateEncoded(bytes, options)),
      settleEncoded(t, pool.simulateEncoded(bytes, options)),
    ])
    t.same(asMessage[0], inThread, `${name}: the first worker, as gRPC message bytes`)
    t.same(asMessage[1], inThread, `${name}: the second worker, as gRPC message bytes`)
  }
  const blocked = await pool.simulate(transfer.bytes, { tenantId: 'blocks-system' })
  t.equal(blocked.decision, 'block', "a tenant's blocks reach the workers")
  t.equal(fallbackCalls(), 0, 'every call ran on a worker')
})

t.test('a call overlapping no other runs on the serving thread; overlapping calls go to the workers', async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  let inline = 0
  const pool = createSimulateWorkerPool({
    workers: 2,
    config: readConfig(engineConfigSchema, { SOLANA_RPC_URLS: stack.localnet.rpcUrl, ENGINE_GRPC_PORT: '0', ...ENGINE_ENV }),
    logger: quietLogger,
    fallback: (transaction, options) => {
      inline++
      return stack.engine.simulate(transaction, options)
    },
  })
  t.teardown(() => pool.close())
  await pool.whenReady(120_000)
  const { bytes } = await createStackTransfer(stack)
  await new Promise((resolve) => setTimeout(resolve, 50))
  const one = await pool.simulate(bytes, {})
  t.equal(one.success, true)
  t.equal(inline, 1, 'one caller: on the serving thread, no hop')
  await new Promise((resolve) => setImmediate(resolve))
  const burst = pool.simulate(bytes, {})
  const second = pool.simulate(bytes, {})
  const third = pool.simulate(bytes, {})
  t.equal(inline, 2, 'the first call of the next turn ran here too')
  t.equal(pool.inFlight, 2, 'the two calls after it in the same turn went to the workers')
  await new Promise((resolve) => setImmediate(resolve))
  const whileWaiting = pool.simulate(bytes, {})
  t.equal(inline, 2, 'a call of a later turn goes to a worker while the workers hold calls')
  for (const answer of await Promise.all([burst, second, third, whileWaiting])) t.equal(answer.success, true)
  t.equal(pool.inFlight, 0)
  await new Promise((resolve) => setImmediate(resolve))
  await pool.simulate(bytes, {})
  t.equal(inline, 3, 'and once they answered, a lone call runs here again')
})

t.test('before any worker is ready, calls run on the serving thread', async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  let fallbackCalls = 0
  const pool = startPool(t, stack, 1, (transaction, options) => {
    fallbackCalls++
    return stack.engine.simulate(transaction, options)
  })
  t.equal(pool.readyCount, 0)
  const { bytes } = await createStackTransfer(stack)
  const answer = await pool.simulate(bytes, {})
  t.equal(answer.success, true)
  t.equal(fallbackCalls, 1, 'the serving thread answered')
  const serialized = await settleSerialized(t, pool.simulateSerialized(bytes, {}))
  t.equal('answer' in serialized && serialized.answer.success, true, 'as JSON text too')
  t.equal(fallbackCalls, 2, 'the serving thread answered and serialized it')
  const encoded = await settleEncoded(t, pool.simulateEncoded(bytes, {}), 'serving thread')
  t.equal('answer' in encoded && encoded.answer.success, true, 'as gRPC message bytes too')
  t.equal(fallbackCalls, 3, 'the serving thread answered and encoded it')
})

t.test('a worker that dies is replaced; only its calls fail, retriably', async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  const { pool } = await startReadyPool(t, stack, 2)
  const { bytes } = await createStackTransfer(stack)
  const [doomed, survivor] = pool.threads()
  if (!doomed || !survivor) throw new Error('two workers expected')
  const doomedId = doomed.threadId
  // 60 calls spread over both workers, then one worker is stopped before it can answer them all.
  const calls = Array.from({ length: 60 }, () => settle(pool.simulate(bytes, {})))
  void doomed.terminate()
  const outcomes = await Promise.all(calls)
  const failed = outcomes.filter((outcome) => 'error' in outcome)
  const answered = outcomes.filter((outcome) => 'answer' in outcome)
  t.ok(failed.length > 0, 'the stopped worker held calls')
  t.ok(answered.length >= 30, 'the other worker answered its share')
  for (const outcome of failed)
    t.same(outcome, {
      error: { name: 'ServiceError', message: 'The simulation worker handling this call stopped; retry it.', code: 'engine_unavailable' },
    })
  for (const outcome of answered) t.equal('answer' in outcome && outcome.answer.success, true)
  await waitUntil(() => pool.readyCount === 2, 120_000, 'the replacement worker ready')
  const ids = pool.threads().map((thread) => thread.threadId)
  t.notOk(ids.includes(doomedId), 'a new thread took its place')
  const again = await Promise.all([settle(pool.simulate(bytes, {})), settle(pool.simulate(bytes, {}))])
  for (const outcome of again) t.equal('answer' in outcome && outcome.answer.success, true, 'both workers answer again')
})

t.test('the error a dead worker leaves is retriable', async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  const { pool } = await startReadyPool(t, stack, 1)
  const { bytes } = await createStackTransfer(stack)
  const [thread] = pool.threads()
  const calls = Array.from({ length: 20 }, () => pool.simulate(bytes, {}).catch((error: unknown) => error))
  void thread?.terminate()
  const errors = (await Promise.all(calls)).filter((outcome): outcome is ServiceError => outcome instanceof ServiceError)
  t.ok(errors.length > 0)
  for (const error of errors)
    t.same({ code: error.code, retryAfter: error.headers?.['retry-after'] }, { code: 'engine_unavailable', retryAfter: '1' })
})

t.test("over REST, a dead worker's calls answer 503 engine_unavailable in the envelope, with Retry-After", async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  const { pool } = await startReadyPool(t, stack, 1)
  const engine = Object.setPrototypeOf(
    {
      simulate: (tx: Uint8Array, options: SimulateOptions = {}) => pool.simulate(tx, options),
      simulateSerialized: (tx: Uint8Array, options: SimulateOptions = {}) => pool.simulateSerialized(tx, options),
    },
    stack.engine,
  ) as Engine
  const { app } = await createTestEdgeWithUser(t, createInProcessEngineClient(engine))
  const { bytes } = await createStackTransfer(stack)
  const body = { transaction: Buffer.from(bytes).toString('base64') }
  const requests = Array.from({ length: 20 }, () => postSimulate(app, body))
  // The requests reach the worker once authenticated; stop it when the first has been sent to it.
  await waitUntil(() => (pool.threads()[0] ? pool.inFlight > 0 : false), 10_000, 'a call on the worker')
  void pool.threads()[0]?.terminate()
  const responses = await Promise.all(requests)
  const refused = responses.filter((response) => response.statusCode !== 200)
  t.ok(refused.length > 0, 'some requests were on the stopped worker')
  for (const response of refused) {
    t.equal(response.statusCode, 503)
    t.equal(response.headers['retry-after'], '1')
    t.match(getJson(response), { error: { code: 'engine_unavailable' } })
  }
})

t.test("the engine's health says how many workers are ready; none with ENGINE_WORKERS=0", async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  const withWorker = await startStackEngine(t, stack, { ENGINE_WORKERS: '1' })
  t.same(withWorker.engine.getHealth().workers, { configured: 1, ready: withWorker.workers?.readyCount })
  await withWorker.workers?.whenReady(120_000)
  t.same(withWorker.engine.getHealth().workers, { configured: 1, ready: 1 }, 'ready once started')
  t.equal(withWorker.engine.getHealth().status, 'operational')
  const without = await startStackEngine(t, stack, { ENGINE_WORKERS: '0' })
  t.equal(without.engine.getHealth().workers, null)
  t.equal(without.workers, undefined)
})

t.test("the engine's gRPC port sends a worker's encoded answer: a client gets the serving thread's answer", async (t) => {
  const stack = await startStack(t, { engineEnv: ENGINE_ENV })
  const started = await startStackEngine(t, stack, {
    ENGINE_WORKERS: '1',
    // Every call to the worker, so every answer below was encoded there.
    ENGINE_WORKERS_INLINE: 'never',
    ...ENGINE_ENV,
  })
  await started.workers?.whenReady(120_000)
  t.equal(started.workers?.readyCount, 1, 'the worker started')
  const client = createGrpcEngineClient(started.grpcAddress, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(() => client.close())
  const transfer = await createStackTransfer(stack)
  const overdraft = await createStackTransfer(stack, { lamports: 5n * SOL })
  const cases: Array<[string, Uint8Array, SimulateOptions]> = [
    ['a transfer', transfer.bytes, {}],
    ['a transfer under the strict policy', transfer.bytes, { policy: 'strict' }],
    ['more than the payer holds', overdraft.bytes, {}],
    ['bytes that are no transaction', new Uint8Array([1, 2, 3]), {}],
  ]
  for (const [name, bytes, options] of cases) {
    const inThread = await settle(stack.engine.simulate(bytes, options))
    const overGrpc = await settle(client.simulate(bytes, options))
    t.same(overGrpc, inThread, name)
  }
})
