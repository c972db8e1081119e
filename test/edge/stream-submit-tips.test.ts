/**
 * Submit and tips over the WebSocket stream, on a real listening edge with real sockets and a real
 * user service, over a STAND-IN of the engine's landing (test/helpers/stand-in-transaction-engine.ts:
 * nothing is linted or sent; a test hands it the refusal it needs). Real: the routing by `type`,
 * validation against REST's schema and limits, what each message is charged, that a refusal's
 * details (bundle_rejected's `bundle_lint`) and relay_busy's Retry-After (`retry_after`) reach the
 * error frame — also when the engine is reached over gRPC — and that a submitted transaction's
 * status changes are pushed to its owner.
 */
import t from 'tap'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { Packr } from 'msgpackr'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import type { BundleLintEntry } from '../../engine/contract/submit-response.js'
import { SUBMIT_LIMITS } from '../../engine/contract/submit-response.js'
import { startEngineServer } from '../../engine/server.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import {
  streamErrorFrameSchema,
  streamSubmitFrameSchema,
  streamTipsFrameSchema,
  streamTransactionPushSchema,
} from '../../edge/schemas/stream.js'
import { toBase58 } from '../../lib/base58.js'
import { createRetryableError, createServiceError, ServiceError } from '../../lib/errors.js'
import { createInProcessTransactionUpdates } from '../../lib/transaction-updates.js'
import { createStandInTransactionEngine, STAND_IN_SUBMIT, STAND_IN_TIPS } from '../helpers/stand-in-transaction-engine.js'
import { openStream, startStreamEdge, type StreamEdge } from '../helpers/stream-edge.js'
import { createTestClock, createTestUserService, registerTestUser } from '../helpers/user-service.js'

const packr = new Packr({ useRecords: false })

let nextFill = 1
/** Wire-shaped bytes with a distinct non-zero first signature (the stand-in reads no further), and that signature. */
function createSigned(): { base64: string; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(nextFill++, 1, 65)
  return { base64: Buffer.from(bytes).toString('base64'), signature: toBase58(bytes.subarray(1, 65)) }
}

const FAILED_LINT: BundleLintEntry[] = [
  { rule: 'tip_present', ok: true, detail: 'The last transaction tips a tip account.' },
  { rule: 'dont_front_first', ok: false, detail: 'The tip is in the first transaction: an unbundled replay would pay it.' },
]

t.test('submit and tips messages (stand-in engine)', async (t) => {
  // Noon UTC: the clock moves by hand only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const standIn = createStandInTransactionEngine()
  // As main.ts wires it: the engine's updates feed the bus, the edge subscribes.
  const updates = createInProcessTransactionUpdates<TrackedTransaction>()
  t.teardown(() => updates.close())
  standIn.engine.onTransactionUpdate((tenantId, transaction) => void updates.publish(tenantId, transaction))
  const edge = await startStreamEdge(t, users, standIn, updates)
  // The same stand-in behind a real gRPC server: the refusals cross gRPC before the stream.
  const server = await startEngineServer(standIn.engine, '127.0.0.1', 0)
  const grpcClient = createGrpcEngineClient(server.address)
  t.teardown(async () => {
    await grpcClient.close()
    await server.close()
  })
  const remote = await startStreamEdge(t, users, standIn, undefined, grpcClient)
  const edges: Array<[string, StreamEdge]> = [
    ['in-process', edge],
    ['over gRPC', remote],
  ]
  const alice = await registerTestUser(edge.app, 'alice')
  const me = await edge.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${alice.token}` } })
  const aliceId = (me.json() as { id: string }).id
  const refill = () => (users.clock.nowMs += 2_000)
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats.default(ajv)
  const frames = {
    submit: ajv.compile(streamSubmitFrameSchema),
    tips: ajv.compile(streamTipsFrameSchema),
    error: ajv.compile(streamErrorFrameSchema),
    push: ajv.compile(streamTransactionPushSchema),
  }

  t.test("{type: 'submit'} and {type: 'tips'} are answered {id, type, ...response}, in the message's encoding", async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    standIn.calls.length = 0
    const submitted = createSigned()
    client.socket.send(
      JSON.stringify({
        id: 'sub',
        type: 'submit',
        transaction: submitted.base64,
        strategy: 'managed_tip_bundle',
        tip_lamports: 50_000,
        deadline_ms: 2_000,
      }),
    )
    const [submit] = await client.take(1)
    t.strictSame(submit?.body, {
      id: 'sub',
      type: 'submit',
      ...STAND_IN_SUBMIT,
      signature: submitted.signature,
      strategy: 'managed_tip_bundle',
      tip_lamports: 50_000,
      billable: true,
    })
    t.ok(frames.submit(submit?.body), 'fits streamSubmitFrameSchema', { errors: frames.submit.errors })
    client.socket.send(packr.pack({ id: 7, type: 'tips' }))
    const [tips] = await client.take(1)
    t.strictSame(tips, { binary: true, body: { id: 7, type: 'tips', ...STAND_IN_TIPS } }, 'MessagePack in, MessagePack out')
    t.ok(frames.tips(tips?.body), 'fits streamTipsFrameSchema', { errors: frames.tips.errors })
    t.strictSame(
      standIn.calls.map((call) => [call.method, call.options]),
      [
        ['submit', { tenantId: aliceId, strategy: 'managed_tip_bundle', tipLamports: 50_000, waitConfirmation: false, deadlineMs: 2_000 }],
        ['getTips', undefined],
      ],
      "the options as REST passes them, as the caller's tenant",
    )
  })

  t.test("bad messages are validation errors naming the field, with REST's limits; nothing charged, the socket stays open", async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    const { base64 } = createSigned()
    const good = { type: 'submit', transaction: base64, strategy: 'direct' }
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ id: 1, type: 'submit', transaction: base64 }, /required property 'strategy'/],
      [{ id: 2, ...good, strategy: 'jito' }, /^strategy: must be equal to one of the allowed values/],
      [{ id: 3, ...good, tip_lamports: -1 }, /^tip_lamports: must be >= 0/],
      [{ id: 4, ...good, tip_lamports: SUBMIT_LIMITS.maxTipLamports + 1 }, /^tip_lamports: must be <= /],
      [{ id: 5, ...good, tip_lamports: '5000' }, /^tip_lamports: must be integer/],
      [{ id: 6, ...good, deadline_ms: 99 }, /^deadline_ms: must be >= 100/],
      [{ id: 7, ...good, deadline_ms: 60_001 }, /^deadline_ms: must be <= 60000/],
      [{ id: 8, ...good, wait_confirmation: 1 }, /^wait_confirmation: must be boolean/],
      [{ id: 9, ...good, max_retries: 1 }, /^max_retries: is not a known field/],
      [{ id: 10, ...good, transaction: '' }, /^transaction: /],
      [{ id: 11, type: 'tips', strategy: 'direct' }, /^strategy: is not a known field/],
      [{ type: 'tips' }, /required property 'id'/],
      [{ id: 12, type: 'tip' }, /^type: must be one of simulate, execute, send, submit, tips, unsubscribe$/],
    ]
    const charged = edge.charges.length
    const calls = standIn.calls.length
    for (const [message] of cases) client.socket.send(JSON.stringify(message))
    const answers = await client.take(cases.length)
    cases.forEach(([message, problem], index) => {
      const answer = answers[index]?.body
      t.equal(answer?.id, message.id ?? null, 'the id echoed (null when there was none)')
      t.equal(answer?.error?.code, 'validation_error', JSON.stringify(message))
      t.match(answer?.error?.message, problem)
      t.ok(frames.error(answer), 'fits streamErrorFrameSchema', { errors: frames.error.errors })
    })
    t.equal(edge.charges.length, charged, 'nothing charged')
    t.equal(standIn.calls.length, calls, 'nothing reached the engine')
    client.socket.send(JSON.stringify({ id: 13, ...good, transaction: 'not base64!' }))
    t.match((await client.take(1))[0]?.body, { id: 13, error: { code: 'invalid_transaction' } }, "the edge's own decoding")
    client.socket.send('{"id": 14, "type": "tips"')
    t.match((await client.take(1))[0]?.body, { id: null, error: { code: 'invalid_json' } }, 'not JSON')
  })

  t.test('each is charged as its REST call: one request, no simulation', async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    edge.charges.length = 0
    client.socket.send(JSON.stringify({ id: 1, type: 'submit', transaction: createSigned().base64, strategy: 'staked_sender' }))
    t.match((await client.take(1))[0]?.body, { id: 1, type: 'submit', billable: true })
    client.socket.send(JSON.stringify({ id: 2, type: 'tips' }))
    t.match((await client.take(1))[0]?.body, { id: 2, type: 'tips' })
    t.same(edge.charges, [
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 0 },
    ])
  })

  t.test(
    "the engine's refusals reach the error frame whole: relay_unavailable, bundle_rejected's lint, relay_busy's retry_after",
    async (t) => {
      for (const [label, { port }] of edges) {
        refill()
        const client = await openStream(t, port, alice.apiKey)
        const message = (id: number) => JSON.stringify({ id, type: 'submit', transaction: createSigned().base64, strategy: 'auto_direct' })

        standIn.rejectNextSubmit(createServiceError('relay_unavailable', 'submit: the bundle relay is not wired yet.'))
        client.socket.send(message(1))
        const [unavailable] = await client.take(1)
        t.strictSame(
          unavailable?.body,
          {
            id: 1,
            error: {
              code: 'relay_unavailable',
              message: 'submit: the bundle relay is not wired yet.',
              request_id: unavailable?.body.error?.request_id,
            },
          },
          `${label}: relay_unavailable, nothing beside code, message and request_id`,
        )
        t.type(unavailable?.body.error?.request_id, 'string')

        standIn.rejectNextSubmit(new ServiceError('bundle_rejected', undefined, { details: { bundle_lint: FAILED_LINT } }))
        client.socket.send(message(2))
        const [rejected] = await client.take(1)
        t.match(rejected?.body, { id: 2, error: { code: 'bundle_rejected' } }, `${label}: bundle_rejected`)
        t.strictSame(rejected?.body.error?.bundle_lint, FAILED_LINT, `${label}: error.bundle_lint as the engine listed it`)
        t.ok(frames.error(rejected?.body), `${label}: fits streamErrorFrameSchema`, { errors: frames.error.errors })

        standIn.rejectNextSubmit(createRetryableError('relay_busy', 4))
        client.socket.send(message(3))
        const [busy] = await client.take(1)
        t.match(busy?.body, { id: 3, error: { code: 'relay_busy', retry_after: 4 } }, `${label}: relay_busy with retry_after (seconds)`)
        t.ok(frames.error(busy?.body), `${label}: fits streamErrorFrameSchema`, { errors: frames.error.errors })
        t.notOk(Object.hasOwn(busy?.body.error ?? {}, 'bundle_lint'), `${label}: no lint beside it`)

        client.socket.send(JSON.stringify({ id: 4, type: 'tips' }))
        t.match((await client.take(1))[0]?.body, { id: 4, type: 'tips', p99: STAND_IN_TIPS.p99 }, `${label}: the socket still serves`)
      }
    },
  )

  t.test("a submitted transaction's status changes are pushed to its owner's socket", async (t) => {
    refill()
    const client = await openStream(t, edge.port, alice.apiKey)
    const submitted = createSigned()
    client.socket.send(JSON.stringify({ id: 'p', type: 'submit', transaction: submitted.base64, strategy: 'direct' }))
    t.match((await client.take(1))[0]?.body, { id: 'p', type: 'submit', signature: submitted.signature })
    standIn.advance(aliceId, submitted.signature, 'confirmed')
    const [push] = await client.take(1)
    t.match(push?.body, { type: 'transaction', signature: submitted.signature, status: 'confirmed' })
    t.ok(frames.push(push?.body), 'fits streamTransactionPushSchema', { errors: frames.push.errors })
  })
})
