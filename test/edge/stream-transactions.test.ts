/**
 * Execute and send over the WebSocket stream, and the pushes of tracked transactions, on a real
 * listening edge with real sockets and a real user service, over a STAND-IN of the engine's landing
 * (test/helpers/stand-in-transaction-engine.ts: nothing is judged or sent; its status changes are
 * made by the test). Real: the routing by `type` (none is still a simulate), validation against
 * REST's schemas, what each message is charged, and that a push reaches its owner's sockets only —
 * user B never sees user A's — through the in-process bus, and through Redis between an engine and
 * an edge apart when REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto'
import t from 'tap'
import { Packr } from 'msgpackr'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Engine } from '../../engine/engine.js'
import { serializeSimulateResponse } from '../../engine/contract/serialized-simulate-response.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import {
  streamErrorFrameSchema,
  streamExecuteFrameSchema,
  streamSendFrameSchema,
  streamTransactionPushSchema,
} from '../../edge/schemas/stream.js'
import { toBase58 } from '../../lib/base58.js'
import { createInProcessTransactionUpdates } from '../../lib/transaction-updates.js'
import { createRedisTransactionUpdates } from '../../lib/redis-transaction-updates.js'
import { createStandInTransactionEngine } from '../helpers/stand-in-transaction-engine.js'
import { openStream, startStreamEdge } from '../helpers/stream-edge.js'
import { createTestClock, createTestUserService, registerTestUser, type TestUser } from '../helpers/user-service.js'

const packr = new Packr({ useRecords: false })

let nextFill = 1
/** Wire-shaped bytes with a distinct non-zero first signature (the stand-in reads no further), and that signature. */
function createSigned(): { base64: string; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(nextFill++, 1, 65)
  return { base64: Buffer.from(bytes).toString('base64'), signature: toBase58(bytes.subarray(1, 65)) }
}

/** A simulate answer for the stand-in's base: the stream's simulate path is not what is tested here. */
const SIMULATED = {
  success: true,
  decision: 'approve',
  risk: { risk_level: 'safe', mev_score: 0, mev_level: 'none' },
  failure_code: null,
  failure_reason: null,
  compute_units: 150,
  fee_estimate_sol: 0.000005,
  latency_ms: 0.1,
  cached: false,
} as unknown as SimulateResponse
/** The part of an engine the stand-in passes through: simulate, as an object and as JSON text. */
const SIMULATING_ENGINE = {
  simulate: async () => SIMULATED,
  simulateSerialized: async () => serializeSimulateResponse(SIMULATED),
} as unknown as Engine

t.test('execute and send messages, and pushes to their owner only (stand-in engine)', async (t) => {
  // Noon UTC: the clock moves by hand only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const standIn = createStandInTransactionEngine(SIMULATING_ENGINE)
  // As main.ts wires it: the engine's updates feed the bus, the edge subscribes.
  const updates = createInProcessTransactionUpdates<TrackedTransaction>()
  t.teardown(() => updates.close())
  standIn.engine.onTransactionUpdate((tenantId, transaction) => void updates.publish(tenantId, transaction))
  const edge = await startStreamEdge(t, users, standIn, updates)
  const alice = await registerTestUser(edge.app, 'alice')
  const bob = await registerTestUser(edge.app, 'bob')
  const userIds = new Map<TestUser, string>()
  const getUserId = async (user: TestUser) => {
    const known = userIds.get(user)
    if (known) return known
    const me = await edge.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${user.token}` } })
    const id = (me.json() as { id: string }).id
    userIds.set(user, id)
    return id
  }
  const refill = () => (users.clock.nowMs += 2_000)
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats.default(ajv)
  const frames = {
    execute: ajv.compile(streamExecuteFrameSchema),
    send: ajv.compile(streamSendFrameSchema),
    error: ajv.compile(streamErrorFrameSchema),
    push: ajv.compile(streamTransactionPushSchema),
  }

  t.test('a message is routed by its type and answered {id, type, ...response}; no type is a simulate, answered as always', async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    const executed = createSigned()
    const sent = createSigned()
    client.socket.send(
      JSON.stringify({ id: 'e', type: 'execute', transaction: executed.base64, policy: 'strict', wait_confirmation: true }),
    )
    const [execute] = await client.take(1)
    t.match(execute?.body, { id: 'e', type: 'execute', action: 'submitted', signature: executed.signature })
    t.ok(frames.execute(execute?.body), 'fits streamExecuteFrameSchema', { errors: frames.execute.errors })
    client.socket.send(JSON.stringify({ id: 's', type: 'send', transaction: sent.base64, max_retries: 0, use_relay: false }))
    const [send] = await client.take(1)
    t.match(send?.body, { id: 's', type: 'send', signature: sent.signature, confirmation: 'failed' })
    t.ok(frames.send(send?.body), 'fits streamSendFrameSchema', { errors: frames.send.errors })
    client.socket.send(JSON.stringify({ id: 'plain', transaction: createSigned().base64 }))
    const [plain] = await client.take(1)
    t.match(plain?.body, { id: 'plain', success: true })
    t.notOk('type' in (plain?.body ?? {}), 'a message without type is answered without one, as before')
    client.socket.send(JSON.stringify({ id: 'named', type: 'simulate', transaction: createSigned().base64 }))
    const [named] = await client.take(1)
    t.match(named?.body, { id: 'named', type: 'simulate', success: true }, 'a named simulate gets its type back')
    const aliceId = await getUserId(alice)
    const last = standIn.calls.slice(-2)
    t.match(last, [
      { method: 'execute', tenantId: aliceId, options: { waitConfirmation: true, policy: 'strict' } },
      { method: 'send', tenantId: aliceId, options: { maxRetries: 0, useRelay: false } },
    ])
  })

  t.test("bad messages are validation errors naming the field, with REST's limits; the socket stays open", async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    const { base64 } = createSigned()
    const cases: Array<[unknown, RegExp]> = [
      [{ id: 1, type: 'bogus', transaction: base64 }, /^type: must be one of simulate, execute, send, submit, tips, unsubscribe$/],
      [{ id: 2, type: 'send', transaction: base64, max_retries: 6 }, /max_retries/],
      [{ id: 3, type: 'send', transaction: base64, wait_confirmation: 'yes' }, /wait_confirmation/],
      [{ id: 4, type: 'execute', transaction: base64, vectors: ['mev'] }, /vectors: is not a known field/],
      [{ id: 5, type: 'execute' }, /transaction/],
      [{ id: 6, transaction: base64, wait_confirmation: true }, /wait_confirmation: is not a known field/],
      [{ id: 7, type: 'send', transaction: base64, policy: 'strict' }, /policy: is not a known field/],
    ]
    const charged = edge.charges.length
    for (const [message] of cases) client.socket.send(JSON.stringify(message))
    const answers = await client.take(cases.length)
    cases.forEach(([message, problem], index) => {
      const answer = answers[index]?.body
      t.equal(answer?.id, (message as { id: number }).id)
      t.equal(answer?.error?.code, 'validation_error', JSON.stringify(message))
      t.match(answer?.error?.message, problem)
      t.ok(frames.error(answer), 'fits streamErrorFrameSchema')
    })
    t.equal(edge.charges.length, charged, 'nothing charged')
    client.socket.send(JSON.stringify({ id: 8, type: 'send', transaction: 'not base64!' }))
    t.match((await client.take(1))[0]?.body, { id: 8, error: { code: 'invalid_transaction' } })
    const unsigned = Buffer.from(new Uint8Array(105).fill(1, 0, 1)).toString('base64')
    client.socket.send(JSON.stringify({ id: 9, type: 'execute', transaction: unsigned }))
    t.match((await client.take(1))[0]?.body, { id: 9, error: { code: 'invalid_signature' } }, "the engine's refusal")
  })

  t.test('each message is charged as its REST call: execute and simulate a simulation, send none', async (t) => {
    refill()
    const client = await openStream(t, edge.port, bob.apiKey)
    edge.charges.length = 0
    for (const message of [
      { id: 1, type: 'execute', transaction: createSigned().base64 },
      { id: 2, type: 'send', transaction: createSigned().base64 },
      { id: 3, transaction: createSigned().base64 },
    ]) {
      client.socket.send(JSON.stringify(message))
      await client.take(1)
    }
    t.same(edge.charges, [
      { requests: 1, simulations: 1 },
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 1 },
    ])
  })

  t.test("pushes reach every socket of the owner, in its latest encoding, and never another user's", async (t) => {
    refill()
    const aliceJson = await openStream(t, edge.port, alice.apiKey)
    const aliceBinary = await openStream(t, edge.port, alice.apiKey)
    const bobs = await openStream(t, edge.port, bob.apiKey)
    // A message first, so the binary socket's latest encoding is MessagePack.
    const executed = createSigned()
    aliceBinary.socket.send(packr.pack({ id: 'x', type: 'execute', transaction: executed.base64 }))
    t.match((await aliceBinary.take(1))[0], { binary: true, body: { id: 'x', type: 'execute' } })
    const aliceId = await getUserId(alice)
    const bobId = await getUserId(bob)

    const landed = standIn.advance(aliceId, executed.signature, 'confirmed')
    const expected = { type: 'transaction', signature: executed.signature, status: 'confirmed', outcome: landed.outcome }
    const [onJson] = await aliceJson.take(1)
    t.strictSame(onJson, { binary: false, body: expected }, "alice's other socket: JSON (it sent nothing)")
    t.ok(frames.push(onJson?.body), 'fits streamTransactionPushSchema', { errors: frames.push.errors })
    t.strictSame(await aliceBinary.take(1), [{ binary: true, body: expected }], 'MessagePack on the socket that used it')

    // Bob's own push comes next on his socket: had alice's reached him, it would be first.
    const bobsOwn = createSigned()
    bobs.socket.send(JSON.stringify({ id: 'b', type: 'send', transaction: bobsOwn.base64 }))
    await bobs.take(1)
    standIn.advance(bobId, bobsOwn.signature, 'processed')
    const [first] = await bobs.take(1)
    t.match(first?.body, { type: 'transaction', signature: bobsOwn.signature, status: 'processed', outcome: null })
    t.not(first?.body.signature, executed.signature, "bob never sees alice's push")
    // And alice's sockets did not get bob's: her next push is her own.
    standIn.advance(aliceId, executed.signature, 'finalized')
    t.match((await aliceJson.take(1))[0]?.body, { signature: executed.signature, status: 'finalized' })
  })

  t.test('a closed socket is forgotten: later pushes go to the open ones only', async (t) => {
    refill()
    const leaving = await openStream(t, edge.port, alice.apiKey)
    const staying = await openStream(t, edge.port, alice.apiKey)
    const executed = createSigned()
    staying.socket.send(JSON.stringify({ id: 1, type: 'execute', transaction: executed.base64 }))
    await staying.take(1)
    const closed = new Promise((resolve) => leaving.socket.once('close', resolve))
    leaving.socket.close()
    await closed
    standIn.advance(await getUserId(alice), executed.signature, 'processed')
    t.match((await staying.take(1))[0]?.body, { signature: executed.signature, status: 'processed' })
  })

  t.test('an engine and an edge apart: pushes travel over Redis', { skip: !process.env.REDIS_URL && 'REDIS_URL is not set' }, async (t) => {
    const redisUrl = process.env.REDIS_URL as string
    const channel = `preflight:test:transaction-updates:${randomUUID()}`
    // Two buses on one channel: the engine's process publishes, the edge's subscribes.
    const engineSide = await createRedisTransactionUpdates<TrackedTransaction>(redisUrl, { channel })
    const edgeSide = await createRedisTransactionUpdates<TrackedTransaction>(redisUrl, { channel })
    t.teardown(async () => {
      await engineSide.close()
      await edgeSide.close()
    })
    const remote = createStandInTransactionEngine(SIMULATING_ENGINE)
    remote.engine.onTransactionUpdate((tenantId, transaction) => void engineSide.publish(tenantId, transaction))
    const apart = await startStreamEdge(t, users, remote, edgeSide)
    const carol = await registerTestUser(apart.app, 'carol')
    const dave = await registerTestUser(apart.app, 'dave')
    const carols = await openStream(t, apart.port, carol.apiKey)
    const daves = await openStream(t, apart.port, dave.apiKey)
    const executed = createSigned()
    carols.socket.send(JSON.stringify({ id: 1, type: 'execute', transaction: executed.base64 }))
    await carols.take(1)
    const davesOwn = createSigned()
    daves.socket.send(JSON.stringify({ id: 2, type: 'send', transaction: davesOwn.base64 }))
    await daves.take(1)
    remote.advance(await getUserId(carol), executed.signature, 'confirmed')
    remote.advance(await getUserId(dave), davesOwn.signature, 'failed')
    t.match((await carols.take(1))[0]?.body, { type: 'transaction', signature: executed.signature, status: 'confirmed' })
    // Redis delivers in order: carol's update was published first, so dave's first push shows he did not get it.
    t.match((await daves.take(1))[0]?.body, { type: 'transaction', signature: davesOwn.signature, status: 'failed' })
  })
})
