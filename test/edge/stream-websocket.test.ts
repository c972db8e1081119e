/**
 * `GET /api/v1/solana/stream` on a real listening edge over a real stack (localnet + engine,
 * accounts on a test database): handshake auth, JSON and MessagePack round trips, error frames
 * that leave the socket open, admission per message, back-pressure, keep-alive and the drain on
 * close. One part drives the connection with a fake socket, to set `bufferedAmount` at will.
 */
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { WebSocket, type RawData } from 'ws'
import { Packr } from 'msgpackr'
import { generateKeyPairSigner } from '@solana/kit'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { serializeSimulateResponse } from '../../engine/contract/serialized-simulate-response.js'
import type { SimulateRequest } from '../../engine/contract/simulate-request.js'
import type { Principal } from '../../callers/authenticator.js'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createFakeStreamConnection, FakeStreamSocket } from '../helpers/fake-stream-socket.js'
import { getStreamStats, STREAM_PATH } from '../../edge/ws/stream-route.js'
import { STREAM_MESSAGE_TYPES } from '../../edge/ws/stream-message.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createTestUserService } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson, postSimulate } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { waitUntil } from '../helpers/wait-until.js'

// What another client's decoder sends and reads: plain maps, no msgpackr records.
const packr = new Packr({ useRecords: false })

interface Frame {
  binary: boolean
  body: {
    id?: unknown
    error?: { code?: unknown; message?: unknown; request_id?: unknown; retry_after?: unknown }
  } & Partial<SimulateResponse>
  /** The first byte of a binary frame (a MessagePack map's marker). */
  firstByte?: number
  bytes: number
}

interface Inbox {
  /** Resolves with the next `count` frames; rejects if the socket closes first. */
  take(count: number): Promise<Frame[]>
  /** Frames received and not yet taken. */
  readonly waiting: Frame[]
  readonly closed: Promise<{ code: number; reason: string }>
}

function toBuffer(data: RawData): Buffer {
  return Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

/** Collects what a client socket receives, decoded by frame type. */
function createInbox(socket: WebSocket): Inbox {
  const waiting: Frame[] = []
  const takers: Array<{ count: number; resolve: (frames: Frame[]) => void; reject: (error: Error) => void }> = []
  let isClosed = false
  const serve = () => {
    while (takers.length > 0 && takers[0]!.count <= waiting.length) {
      const taker = takers.shift()!
      taker.resolve(waiting.splice(0, taker.count))
    }
    if (isClosed)
      for (const taker of takers.splice(0)) taker.reject(new Error(`socket closed with ${waiting.length} of ${taker.count} frames`))
  }
  socket.on('message', (data, isBinary) => {
    const buffer = toBuffer(data)
    waiting.push(
      isBinary
        ? { binary: true, body: packr.unpack(buffer) as Frame['body'], firstByte: buffer[0], bytes: buffer.length }
        : { binary: false, body: JSON.parse(buffer.toString('utf8')) as Frame['body'], bytes: buffer.length },
    )
    serve()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      isClosed = true
      serve()
      resolve({ code, reason: reason.toString() })
    }),
  )
  return {
    take: (count) =>
      new Promise((resolve, reject) => {
        takers.push({ count, resolve, reject })
        serve()
      }),
    waiting,
    closed,
  }
}

interface RefusedHandshake {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Opens the stream; rejects with the HTTP answer when the handshake is refused. */
function openStream(
  port: number,
  { headers = {}, query = '', autoPong = true }: { headers?: Record<string, string>; query?: string; autoPong?: boolean } = {},
): Promise<{ socket: WebSocket; inbox: Inbox }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}${query}`, { headers, autoPong })
  const inbox = createInbox(socket)
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, inbox }))
    socket.once('error', reject)
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        const refused: RefusedHandshake = { status: response.statusCode ?? 0, headers: response.headers, body }
        reject(Object.assign(new Error(`handshake refused: ${refused.status}`), { refused }))
        socket.terminate()
      })
    })
  })
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** The in-process engine behind a gate a test can close, to hold simulations in flight. */
function createGatedEngine(real: EngineClient) {
  let gate: Promise<void> | null = null
  let open = () => undefined as void
  let entered = 0
  const client: EngineClient = {
    watch: (transaction, options, listener) => real.watch(transaction, options, listener),
    transport: real.transport,
    close: () => real.close(),
    scanApprovals: (wallet) => real.scanApprovals(wallet),
    execute: (transaction, options) => real.execute(transaction, options),
    send: (transaction, options) => real.send(transaction, options),
    submit: (transaction, options) => real.submit(transaction, options),
    getTips: () => real.getTips(),
    getTransaction: (tenantId, signature) => real.getTransaction(tenantId, signature),
    health: () => real.health(),
    async simulate(transaction, options) {
      entered++
      if (gate) await gate
      return real.simulate(transaction, options)
    },
  }
  return {
    client,
    hold: () => {
      gate = new Promise<void>((resolve) => (open = resolve))
    },
    release: () => {
      gate = null
      open()
    },
    get entered() {
      return entered
    },
  }
}

function assertSimulated(t: Test, frame: Frame | undefined, id: unknown, label: string) {
  t.equal(frame?.body.id, id, `${label}: id echoed`)
  t.notOk(frame?.body.error, `${label}: not an error`, { error: frame?.body.error })
  t.equal(frame?.body.success, true, `${label}: success`)
  t.equal(frame?.body.decision, 'approve', `${label}: decision`)
}

function assertErrorFrame(t: Test, frame: Frame | undefined, id: unknown, code: string, label: string) {
  t.equal(frame?.body.id, id, `${label}: id ${JSON.stringify(id)}`)
  t.equal(frame?.body.error?.code, code, `${label}: ${code}`, { body: frame?.body })
  t.type(frame?.body.error?.message, 'string', `${label}: has a message`)
  t.ok(frame?.body.error?.message, `${label}: message is not empty`)
  t.type(frame?.body.error?.request_id, 'string', `${label}: request_id`)
}

t.test('WebSocket stream', async (t) => {
  const stack = await startStack(t)
  const users = await createTestUserService(t)
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = toBase64(
    await buildTransaction({
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, recipient.address, 1_000_000n)],
    }),
  )

  const { app, user } = await createTestEdgeWithUser(t, stack, { users })
  const port = await listen(app)
  const byKey = { 'x-api-key': user.apiKey }

  t.test('JSON: a message is answered with its id and SimulateResponse', async (t) => {
    const { socket, inbox } = await openStream(port, { headers: byKey })
    t.teardown(() => socket.terminate())
    socket.send(JSON.stringify({ id: 'tx-1', transaction }))
    const [frame] = await inbox.take(1)
    t.equal(frame?.binary, false, 'a text frame answers a text frame')
    assertSimulated(t, frame, 'tx-1', 'json')
    for (const field of [
      'compute_units',
      'fee_estimate_sol',
      'risk',
      'recommendations',
      'balance_changes',
      'logs',
      'context_slot',
      'decision_reasons',
      'cached',
    ]) {
      t.ok(frame && field in frame.body, `has ${field}`)
    }
    t.equal(frame?.body.compute_units, 150)
    t.equal(Object.keys(frame?.body ?? {})[0], 'id', 'id comes first')
  })

  t.test('MessagePack: a binary message is answered in binary, as a plain map', async (t) => {
    const { socket, inbox } = await openStream(port, { headers: byKey })
    t.teardown(() => socket.terminate())
    socket.send(packr.pack({ id: 42, transaction, vectors: ['simulation', 'priority_fee'], timeout_ms: 500 }))
    const [frame] = await inbox.take(1)
    t.equal(frame?.binary, true, 'binary answers binary')
    const marker = frame?.firstByte ?? 0
    t.ok((marker >= 0x80 && marker <= 0x8f) || marker === 0xde || marker === 0xdf, 'a MessagePack map, not a msgpackr record', { marker })
    assertSimulated(t, frame, 42, 'msgpack')
    t.type(frame?.body.logs, Array)
    t.type(frame?.body.risk, 'object')
    // An error is answered in the message's encoding too.
    socket.send(packr.pack({ id: 43, transaction: 7 }))
    const [error] = await inbox.take(1)
    t.equal(error?.binary, true)
    assertErrorFrame(t, error, 43, 'validation_error', 'msgpack schema error')
  })

  t.test('handshake auth: header, bearer, ?api_key=; none or a bad one is 401 with the envelope', async (t) => {
    const bearer = await openStream(port, { headers: { authorization: `Bearer ${user.token}` } })
    t.teardown(() => bearer.socket.terminate())
    bearer.socket.send(JSON.stringify({ id: 'bearer', transaction }))
    assertSimulated(t, (await bearer.inbox.take(1))[0], 'bearer', 'bearer token')

    const upgraded = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}`, {
      headers: { 'x-api-key': user.apiKey, 'x-request-id': 'ws-handshake-7' },
    })
    const upgradeId = await new Promise<unknown>((resolve, reject) => {
      upgraded.once('upgrade', (response) => resolve(response.headers['x-request-id']))
      upgraded.once('error', reject)
    })
    upgraded.terminate()
    t.equal(upgradeId, 'ws-handshake-7', 'the 101 answer carries the request id, an incoming one honoured')

    const query = await openStream(port, { query: `?api_key=${encodeURIComponent(user.apiKey)}` })
    t.teardown(() => query.socket.terminate())
    query.socket.send(JSON.stringify({ id: 'query', transaction }))
    assertSimulated(t, (await query.inbox.take(1))[0], 'query', '?api_key=')

    for (const [label, options] of [
      ['no credential', {}],
      ['an unknown key in the query', { query: '?api_key=pf_live_nope' }],
      ['a malformed bearer', { headers: { authorization: 'Bearer' } }],
    ] as const) {
      const requestId = `refused-${label.replaceAll(' ', '-')}`
      const headers = { ...('headers' in options ? options.headers : {}), 'x-request-id': requestId }
      const error = await openStream(port, { ...options, headers }).then(
        () => undefined,
        (e: { refused?: RefusedHandshake }) => e.refused,
      )
      t.equal(error?.status, 401, `${label}: HTTP 401`)
      const body = error ? (JSON.parse(error.body) as { error?: { code?: string; request_id?: string } }) : undefined
      t.equal(body?.error?.code, 'unauthorized', `${label}: unauthorized envelope`)
      t.equal(body?.error?.request_id, requestId, `${label}: request_id`)
      t.equal(error?.headers['x-request-id'], requestId, `${label}: x-request-id header`)
    }

    // A plain GET (no upgrade) is told how to open the stream; without a credential it is refused as the handshake is.
    const plain = await app.inject({ method: 'GET', url: STREAM_PATH, headers: byKey })
    t.equal(plain.statusCode, 200, 'plain GET: 200')
    t.same(plain.json(), { websocket: STREAM_PATH, encodings: ['json', 'msgpack'], message_types: [...STREAM_MESSAGE_TYPES] })
    assertErrorEnvelope(t, await app.inject({ method: 'GET', url: STREAM_PATH }), 'unauthorized', 'plain GET without a credential')
  })

  t.test('bad messages get error frames; the socket stays open and answers the next', async (t) => {
    const { socket, inbox } = await openStream(port, { headers: { ...byKey, 'x-request-id': 'stream-errors' } })
    t.teardown(() => socket.terminate())
    const cases: Array<[string | Buffer, unknown, string, RegExp | null]> = [
      ['{"id": "x", "transaction": ', null, 'invalid_json', null],
      [Buffer.from([0x82, 0xa2]), null, 'invalid_json', null],
      [JSON.stringify([1, 2]), null, 'validation_error', /^message: must be object/],
      [JSON.stringify({ transaction }), null, 'validation_error', /^message: .*'id'/],
      [JSON.stringify({ id: 'no-tx' }), 'no-tx', 'validation_error', /'transaction'/],
      [JSON.stringify({ id: 's', transaction: 5 }), 's', 'validation_error', /^transaction: must be string/],
      [JSON.stringify({ id: 'u', transaction, bogus: 1 }), 'u', 'validation_error', /^bogus: is not a known field/],
      [JSON.stringify({ id: 't', transaction, timeout_ms: 5000 }), 't', 'validation_error', /^timeout_ms: must be <= 800/],
      [JSON.stringify({ id: 'p', transaction, policy: { max_mev_score: 2 } }), 'p', 'validation_error', /^policy\.max_mev_score: /],
      [JSON.stringify({ id: 'x'.repeat(129), transaction }), null, 'validation_error', /^id: /],
      [JSON.stringify({ id: 1.5, transaction }), null, 'validation_error', /^id: must be integer/],
      [JSON.stringify({ id: true, transaction }), null, 'validation_error', /^id: /],
      [JSON.stringify({ id: 'b64', transaction: '@@@ not base64 @@@' }), 'b64', 'invalid_transaction', /base64/],
      [JSON.stringify({ id: 'short', transaction: 'AAAA' }), 'short', 'invalid_transaction', null],
    ]
    // One at a time: an engine error (invalid_transaction) is answered after later schema errors.
    for (const [message, id, code, pattern] of cases) {
      const label = typeof message === 'string' ? message.slice(0, 60) : `binary ${message.toString('hex')}`
      socket.send(message)
      const [frame] = await inbox.take(1)
      assertErrorFrame(t, frame, id, code, label)
      if (pattern) t.match(frame?.body.error?.message, pattern, `${label}: message names the field`)
      t.equal(frame?.body.error?.request_id, 'stream-errors', `${label}: the handshake's request id`)
    }
    socket.send(JSON.stringify({ id: 'after', transaction }))
    const [after] = await inbox.take(1)
    assertSimulated(t, after, 'after', 'the message after the errors')
    t.equal(socket.readyState, WebSocket.OPEN, 'still open')
  })

  t.test('several ids in flight are each answered once', async (t) => {
    const { socket, inbox } = await openStream(port, { headers: byKey })
    t.teardown(() => socket.terminate())
    const ids = [1, 2, 'three', 4, 'five', 0, -7]
    for (const id of ids) socket.send(JSON.stringify({ id, transaction }))
    const frames = await inbox.take(ids.length)
    t.same(frames.map((f) => f.body.id).sort(), [...ids].sort(), 'every id once (in any order)')
    for (const frame of frames) assertSimulated(t, frame, frame.body.id, `id ${String(frame.body.id)}`)
  })

  t.test("each message counts as a request of the caller's API key", async (t) => {
    const counted = await createTestEdgeWithUser(t, stack, { users, usageFlushIntervalMs: 20 })
    const countedPort = await listen(counted.app)
    const getCount = async () => {
      const response = await counted.app.inject({
        method: 'GET',
        url: '/api/v1/api-keys',
        headers: { authorization: `Bearer ${counted.user.token}` },
      })
      const keys = getJson<{ keys?: Array<{ id?: string; requests_count?: number }> }>(response)?.keys ?? []
      return keys.find((key) => key.id === counted.user.apiKeyId)?.requests_count ?? 0
    }
    const { socket, inbox } = await openStream(countedPort, { headers: { 'x-api-key': counted.user.apiKey } })
    t.teardown(() => socket.terminate())
    for (let id = 0; id < 3; id++) socket.send(JSON.stringify({ id, transaction }))
    socket.send('not json')
    await inbox.take(4)
    // The handshake is one request, and each message one more (even one that is not JSON, as over REST).
    let count = 0
    for (let attempt = 0; attempt < 200 && count < 5; attempt++) {
      count = await getCount()
      if (count < 5) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    t.equal(count, 5, 'handshake + 4 messages')
  })

  t.test('a message over the body limit closes the socket with 1009', async (t) => {
    const { socket, inbox } = await openStream(port, { headers: byKey })
    socket.send(JSON.stringify({ id: 'big', transaction: 'A'.repeat(300 * 1024) }))
    const { code } = await inbox.closed
    t.equal(code, 1009, 'message too big')
  })

  t.test('each message is charged like a REST simulate: the same rate limit', async (t) => {
    const limited = await createTestEdgeWithUser(t, stack, { users, admission: createInProcessAdmission() })
    const limitedPort = await listen(limited.app)
    // The test clock stands still: a card-less user's bucket of 10 never refills here.
    const { socket, inbox } = await openStream(limitedPort, { headers: { 'x-api-key': limited.user.apiKey } })
    t.teardown(() => socket.terminate())
    const count = 14
    for (let id = 0; id < count; id++) socket.send(JSON.stringify({ id, transaction }))
    const frames = await inbox.take(count)
    const refused = frames.filter((f) => f.body.error?.code === 'rate_limited')
    const answered = frames.filter((f) => f.body.success === true)
    t.ok(refused.length > 0, 'some messages are rate limited', { refused: refused.length })
    t.equal(refused.length + answered.length, count, 'every other message simulated')
    t.ok(answered.length <= 10, 'no more than the bucket', { answered: answered.length })
    t.same(
      frames.map((f) => f.body.id).sort((a, b) => Number(a) - Number(b)),
      [...Array(count).keys()],
      'every id answered once',
    )
    for (const frame of refused) {
      assertErrorFrame(t, frame, frame.body.id, 'rate_limited', `id ${String(frame.body.id)}`)
      const retryAfter = frame.body.error?.retry_after
      t.ok(Number.isInteger(retryAfter) && (retryAfter as number) >= 1, 'retry_after in whole seconds', { retryAfter })
    }
    // One budget for both doors: REST is refused too now.
    const rest = await postSimulate(limited.app, { transaction }, { 'x-api-key': limited.user.apiKey })
    t.equal(rest.statusCode, 429, 'REST shares the spent bucket')
    t.equal(getJson<{ error?: { code?: string } }>(rest)?.error?.code, 'rate_limited')
  })

  t.test('a client that sends 100 messages without reading: bounded state, then every answer', async (t) => {
    const gated = createGatedEngine(createInProcessEngineClient(stack.engine))
    const maxInFlight = 4
    const maxBufferedBytes = 8 * 1024
    const slow = await createTestEdgeWithUser(t, gated.client, { users, stream: { maxInFlight, maxBufferedBytes } })
    const slowPort = await listen(slow.app)
    const { socket, inbox } = await openStream(slowPort, { headers: { 'x-api-key': slow.user.apiKey } })
    t.teardown(() => socket.terminate())
    gated.hold()
    socket.pause()
    const count = 100
    for (let id = 0; id < count; id++) socket.send(JSON.stringify({ id, transaction }))
    await waitUntil(
      () => getStreamStats(slow.app)[0]?.inFlight === maxInFlight && gated.entered === maxInFlight,
      5_000,
      'in flight at the cap',
    )
    const held = getStreamStats(slow.app)[0]
    t.equal(held?.paused, true, 'reading stops while the cap is reached')
    t.equal(held?.inFlight, maxInFlight, 'no more simulations than the cap')
    t.equal(held?.queued, (held?.received ?? 0) - maxInFlight, 'what was read and not running waits in the queue (the rest in TCP)', {
      held,
    })

    gated.release()
    // The server has done all it can: everything answered, or stopped on a full outgoing buffer
    // (with nothing in flight, only the buffer keeps it paused) until the client reads.
    await waitUntil(
      () => {
        const stats = getStreamStats(slow.app)[0]
        return stats?.inFlight === 0 && (stats.answered === count || stats.paused)
      },
      10_000,
      'the server idle',
    )
    const after = getStreamStats(slow.app)[0]
    t.comment(`server before the client read: ${JSON.stringify(after)}`)
    t.equal(after?.peakInFlight, maxInFlight, 'simulations in flight never passed the cap')
    t.equal(inbox.waiting.length, 0, 'the client has read nothing yet')

    socket.resume()
    const frames = await inbox.take(count)
    t.same(
      frames.map((f) => Number(f.body.id)).sort((a, b) => a - b),
      [...Array(count).keys()],
      'all 100 answers arrive',
    )
    t.ok(
      frames.every((f) => f.body.success === true),
      'all simulated',
    )
    const final = getStreamStats(slow.app)[0]
    t.equal(final?.peakInFlight, maxInFlight, 'the cap held to the end')
    t.equal(final?.queued, 0)
    // The check is made before a message starts, so the answers of those in flight may land past the cap.
    const largest = Math.max(...frames.map((f) => f.bytes))
    const bound = maxBufferedBytes + maxInFlight * (largest + 16)
    t.ok((final?.peakBufferedBytes ?? 0) <= bound, 'the outgoing buffer stayed within the cap plus the answers in flight', { final, bound })
  })

  t.test('keep-alive: a ponging client stays, a silent one is terminated', async (t) => {
    const pinging = await createTestEdgeWithUser(t, stack, { users, stream: { pingIntervalMs: 200 } })
    const pingPort = await listen(pinging.app)
    const credential = { 'x-api-key': pinging.user.apiKey }

    const alive = await openStream(pingPort, { headers: credential })
    t.teardown(() => alive.socket.terminate())
    let alivePings = 0
    alive.socket.on('ping', () => alivePings++)
    // The interval leaves room for a busy CI box: a pong late by a whole interval would fail this.
    await waitUntil(() => alivePings >= 3, 5_000, 'three pings')
    t.equal(alive.socket.readyState, WebSocket.OPEN, 'still open after three pings answered')
    alive.socket.send(JSON.stringify({ id: 'alive', transaction }))
    assertSimulated(t, (await alive.inbox.take(1))[0], 'alive', 'answers after the pings')

    const silent = await openStream(pingPort, { headers: credential, autoPong: false })
    let silentPings = 0
    silent.socket.on('ping', () => silentPings++)
    const { code } = await silent.inbox.closed
    t.ok(silentPings >= 1, 'it was pinged')
    t.equal(code, 1006, 'terminated without a close frame')
    await waitUntil(() => getStreamStats(pinging.app).length === 1, 2_000, 'the silent socket forgotten')
    t.equal(alive.socket.readyState, WebSocket.OPEN, 'the ponging socket is still open')
  })

  t.test('app.close() answers what is in flight, refuses new messages, then closes with 1001', async (t) => {
    const gated = createGatedEngine(createInProcessEngineClient(stack.engine))
    const closing = await createTestEdgeWithUser(t, gated.client, { users })
    const closingPort = await listen(closing.app)
    const { socket, inbox } = await openStream(closingPort, { headers: { 'x-api-key': closing.user.apiKey } })
    t.teardown(() => socket.terminate())
    gated.hold()
    socket.send(JSON.stringify({ id: 'in-flight', transaction }))
    await waitUntil(() => gated.entered === 1, 5_000, 'the simulation started')

    let closed = false
    const closePromise = closing.app.close().then(() => (closed = true))
    await waitUntil(() => getStreamStats(closing.app)[0]?.draining === true, 5_000, 'draining')
    socket.send(JSON.stringify({ id: 'late', transaction }))
    const [late] = await inbox.take(1)
    assertErrorFrame(t, late, 'late', 'shutting_down', 'a message after close began')
    t.equal(closed, false, 'close() waits for the simulation in flight')

    gated.release()
    const [answer] = await inbox.take(1)
    assertSimulated(t, answer, 'in-flight', 'the answer in flight')
    const { code } = await inbox.closed
    t.equal(code, 1001, 'then going away')
    await closePromise
    t.equal(closed, true, 'close() resolved after the socket closed')
  })
})

t.test('back-pressure on the outgoing buffer (fake socket)', async (t) => {
  const socket = new FakeStreamSocket()
  const simulated: string[] = []
  const simulate = async (_principal: Principal, input: SimulateRequest) => {
    simulated.push(input.transaction)
    return { success: true } as SimulateResponse
  }
  const connection = createFakeStreamConnection(socket, {
    simulator: {
      simulate,
      simulateSerialized: async (principal, input) => serializeSimulateResponse(await simulate(principal, input)),
      watch: () => Promise.reject(new Error('this test does not watch')),
    },
  })
  t.teardown(() => socket.terminate())
  const message = (id: number) => Buffer.from(JSON.stringify({ id, transaction: `tx-${id}` }))

  socket.emit('message', message(1), false)
  await waitUntil(() => socket.sent.length === 1, 2_000, 'first answer')
  socket.emit('message', message(2), false)
  await waitUntil(() => socket.sent.length === 2, 2_000, 'second answer')
  t.equal(socket.bufferedAmount, 1200, 'two answers buffered, over the cap')
  t.equal(socket.paused, true, 'reading stops once the buffer passes the cap')
  t.equal(connection.getStats().paused, true)

  // What ws had already read still arrives: it waits, unsimulated.
  socket.emit('message', message(3), false)
  socket.emit('message', message(4), false)
  await new Promise((resolve) => setImmediate(resolve))
  t.same(simulated, ['tx-1', 'tx-2'], 'nothing more simulated while over the cap')
  t.equal(connection.getStats().queued, 2, 'two messages wait')

  // The client reads: both frames flush.
  socket.bufferedAmount = 0
  for (const { callback } of socket.sent.splice(0)) callback()
  await waitUntil(() => simulated.length === 4, 2_000, 'the waiting messages run')
  await waitUntil(() => socket.sent.length === 2, 2_000, 'their answers sent')
  t.same(simulated, ['tx-1', 'tx-2', 'tx-3', 'tx-4'])
  t.equal(connection.getStats().queued, 0)
  t.equal(connection.getStats().peakBufferedBytes, 1200, 'the peak is the cap plus one frame')

  socket.bufferedAmount = 0
  for (const { callback } of socket.sent.splice(0)) callback()
  t.equal(socket.paused, false, 'reading resumes under the cap')

  const drained = connection.drain(1_000)
  t.equal(socket.closeCode, 1001, 'an idle socket closes with 1001 at once')
  socket.emit('close', 1001, Buffer.alloc(0))
  await drained
})
