/**
 * The engine's gRPC port (engine/server.ts) on the wire, against what an attacker's client sends:
 * a truncated frame, a length prefix beyond the body or beyond any limit, a compressed flag,
 * garbage bytes, a wrong content-type, an unknown method, no key or a wrong one. Each gets its
 * gRPC status (grpc-js's, the port's transport) and the port goes on serving. A call cancelled or
 * reset by its client, one past its deadline, and closePort with a call in flight or with a
 * request never ended (closePort still finishes) are covered too.
 */
import { constants } from 'node:http2'
import { connect as connectTcp } from 'node:net'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import type { Engine } from '../../../engine/engine.js'
import type { TipFloor } from '../../../engine/contract/tips-response.js'
import { createInternalOnlyGate } from '../../../engine/grpc/direct-call-gate.js'
import { startEngineServer, type EngineServer } from '../../../engine/server.js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import { TEST_INTERNAL_TOKEN } from '../../helpers/internal-token.js'
import { connectRaw, sendRaw, toGrpcFrame, type RawGrpcRequest } from '../../helpers/raw-grpc-client.js'

const TIPS = '/preflight.engine.v1.Engine/GetTips'
const SIMULATE = '/preflight.engine.v1.Engine/Simulate'
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024
const FLOOR: TipFloor = {
  slots: 1,
  sample_count: 0,
  p25: null,
  p50: null,
  p75: null,
  p95: null,
  p99: null,
  floor_lamports: 1000,
  tip_accounts: [],
}
const AUTHORIZED = { 'x-internal-token': TEST_INTERNAL_TOKEN }

interface HeldEngine {
  engine: Engine
  /** Resolves when a GetTips reached the engine; release() answers every held one. */
  entered(): Promise<void>
  release(): void
  tipsCalls(): number
}

/** An engine whose GetTips waits for release() (Health answers at once): enough for the transport. */
function createHeldEngine(hold: boolean): HeldEngine {
  let calls = 0
  let releaseAll: () => void = () => undefined
  let released = new Promise<void>((resolve) => (releaseAll = resolve))
  let signalEntered: () => void = () => undefined
  let entered = new Promise<void>((resolve) => (signalEntered = resolve))
  const engine = {
    getTips: async () => {
      calls++
      signalEntered()
      if (hold) await released
      return FLOOR
    },
    getHealth: () => ({ status: 'ok', slot: 1, freshness: 'live', geyser: null }),
  } as unknown as Engine
  return {
    engine,
    entered: () => entered,
    release() {
      releaseAll()
      released = new Promise<void>((resolve) => (releaseAll = resolve))
      entered = new Promise<void>((resolve) => (signalEntered = resolve))
    },
    tipsCalls: () => calls,
  }
}

async function startPort(t: Test, held: HeldEngine): Promise<EngineServer> {
  const server = await startEngineServer(held.engine, '127.0.0.1', 0, { gate: createInternalOnlyGate(TEST_INTERNAL_TOKEN) })
  t.teardown(() => {
    held.release()
    return server.close()
  })
  return server
}

/** A grpc-js client of the port, as edges and co-located callers dial it. */
function createClient(t: Test, address: string) {
  const { Engine: EngineClient } = loadEngineProto().preflight.engine.v1
  const client = new EngineClient(address, credentials.createInsecure())
  t.teardown(() => client.close())
  return client
}

function callTips(
  client: ReturnType<typeof createClient>,
  options: { token?: string; deadline?: number } = {},
): { done: Promise<{ error: GrpcServiceError | null }>; cancel(): void } {
  const metadata = new Metadata()
  if (options.token) metadata.set('x-internal-token', options.token)
  let cancel = () => undefined as void
  const done = new Promise<{ error: GrpcServiceError | null }>((resolve) => {
    const call = client.GetTips({}, metadata, options.deadline ? { deadline: options.deadline } : {}, (error) => resolve({ error }))
    cancel = () => call.cancel()
  })
  return { done, cancel: () => cancel() }
}

/** The port still answers: a grpc-js Health and an authorized GetTips succeed on a fresh connection. */
async function assertServing(t: Test, address: string, held: HeldEngine): Promise<void> {
  const client = createClient(t, address)
  const health = await new Promise<GrpcServiceError | null>((resolve) => client.Health({}, (error) => resolve(error)))
  t.equal(health, null, 'the port still serves Health')
  held.release()
  const tips = callTips(client, { token: TEST_INTERNAL_TOKEN })
  await held.entered()
  held.release()
  t.equal((await tips.done).error, null, 'the port still serves a gated call')
}

const tipsRequest = (overrides: Partial<RawGrpcRequest>): RawGrpcRequest => ({
  path: TIPS,
  headers: AUTHORIZED,
  body: toGrpcFrame(Buffer.alloc(0)),
  ...overrides,
})

t.test('malformed requests get their gRPC statuses and the port goes on serving', async (t) => {
  const held = createHeldEngine(false)
  const server = await startPort(t, held)
  const session = connectRaw(server.address)
  t.teardown(() => session.close())

  const cases: Array<{ name: string; request: RawGrpcRequest; status: number; message?: RegExp; httpStatus?: number }> = [
    {
      name: 'a truncated frame (3 bytes of a prefix)',
      request: tipsRequest({ body: Buffer.from([0, 0, 0]) }),
      status: GrpcStatus.UNIMPLEMENTED,
      message: /Received no request message/,
    },
    {
      name: 'a length prefix beyond the body',
      request: tipsRequest({ body: toGrpcFrame(Buffer.alloc(10), { length: 100 }) }),
      status: GrpcStatus.UNIMPLEMENTED,
      message: /Received no request message/,
    },
    {
      name: 'a second message in a unary call',
      request: tipsRequest({ body: Buffer.concat([toGrpcFrame(Buffer.alloc(0)), toGrpcFrame(Buffer.alloc(0))]) }),
      status: GrpcStatus.UNIMPLEMENTED,
      message: /second request message/,
    },
    {
      name: 'bytes that are no protobuf message',
      request: tipsRequest({ path: SIMULATE, body: toGrpcFrame(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff])) }),
      status: GrpcStatus.INTERNAL,
      message: /^Error deserializing request$/,
    },
    {
      name: 'a compressed flag with an encoding this server lacks',
      request: tipsRequest({ headers: { ...AUTHORIZED, 'grpc-encoding': 'br' }, body: toGrpcFrame(Buffer.alloc(3), { compressed: true }) }),
      status: GrpcStatus.UNIMPLEMENTED,
      message: /unsupported encoding "br"/,
    },
    {
      name: 'a compressed flag without an encoding',
      request: tipsRequest({ body: toGrpcFrame(Buffer.alloc(3), { compressed: true }) }),
      status: GrpcStatus.INTERNAL,
    },
    {
      name: 'gzip that inflates past the message limit',
      request: tipsRequest({
        headers: { ...AUTHORIZED, 'grpc-encoding': 'gzip' },
        body: toGrpcFrame(gzipSync(Buffer.alloc(MAX_MESSAGE_BYTES + 1)), { compressed: true }),
      }),
      status: GrpcStatus.RESOURCE_EXHAUSTED,
      message: /decompresses to a size larger than 4194304/,
    },
    {
      name: 'an invalid grpc-timeout',
      request: tipsRequest({ headers: { ...AUTHORIZED, 'grpc-timeout': 'soon' } }),
      status: GrpcStatus.INTERNAL,
      message: /Invalid grpc-timeout value "soon"/,
    },
    {
      name: 'an unknown method',
      request: tipsRequest({ path: '/preflight.engine.v1.Engine/Mint' }),
      status: GrpcStatus.UNIMPLEMENTED,
      message: /does not implement the method \/preflight\.engine\.v1\.Engine\/Mint/,
    },
    {
      name: 'no credential',
      request: tipsRequest({ headers: {} }),
      status: GrpcStatus.UNAUTHENTICATED,
    },
    {
      name: 'a wrong token',
      request: tipsRequest({ headers: { 'x-internal-token': `${TEST_INTERNAL_TOKEN}x` } }),
      status: GrpcStatus.UNAUTHENTICATED,
    },
    {
      name: 'an API key this engine cannot check',
      request: tipsRequest({ headers: { 'x-api-key': 'pk_live_wrong' } }),
      status: GrpcStatus.UNAUTHENTICATED,
    },
  ]
  for (const { name, request, status, message } of cases) {
    const answer = await sendRaw(session, request)
    t.equal(answer.httpStatus, 200, `${name}: HTTP 200, as gRPC answers`)
    t.equal(answer.grpcStatus, status, `${name}: ${GrpcStatus[status]}`)
    if (message) t.match(answer.grpcMessage, message, `${name}: its message`)
  }
  const refused = await sendRaw(session, tipsRequest({ headers: { ...AUTHORIZED, 'x-internal-token': undefined } }))
  t.equal(refused.trailers['error-code'] ?? refused.headers['error-code'], 'unauthorized', 'a refusal carries its catalogue code')

  const wrongType = await sendRaw(session, tipsRequest({ headers: { ...AUTHORIZED, 'content-type': 'application/json' } }))
  t.equal(wrongType.httpStatus, 415, 'a non-gRPC content-type: HTTP 415')
  t.equal(wrongType.grpcStatus, undefined, 'and no gRPC status')

  t.equal(held.tipsCalls(), 0, 'none of them reached the engine')
  const ok = await sendRaw(session, tipsRequest({}))
  t.equal(ok.grpcStatus, GrpcStatus.OK, 'the same connection still serves a good call')
  await assertServing(t, server.address, held)
})

t.test('a huge length prefix is refused at once, before its body arrives', async (t) => {
  const held = createHeldEngine(false)
  const server = await startPort(t, held)
  const session = connectRaw(server.address)
  t.teardown(() => session.close())
  // The request stays open: a server that buffered toward 4 GiB would never answer.
  const answer = await sendRaw(session, tipsRequest({ body: toGrpcFrame(Buffer.alloc(16), { length: 0xffffffff }), keepOpen: true }))
  t.equal(answer.grpcStatus, GrpcStatus.RESOURCE_EXHAUSTED)
  t.match(answer.grpcMessage, `Received message larger than max (4294967295 vs ${MAX_MESSAGE_BYTES})`)
  await assertServing(t, server.address, held)
})

t.test('a gzip-compressed request is read, as grpc-js reads it', async (t) => {
  const held = createHeldEngine(false)
  const server = await startPort(t, held)
  const session = connectRaw(server.address)
  t.teardown(() => session.close())
  const answer = await sendRaw(
    session,
    tipsRequest({
      headers: { ...AUTHORIZED, 'grpc-encoding': 'gzip' },
      body: toGrpcFrame(gzipSync(Buffer.alloc(0)), { compressed: true }),
    }),
  )
  t.equal(answer.grpcStatus, GrpcStatus.OK)
  t.equal(held.tipsCalls(), 1, 'the call reached the engine')
})

t.test('bytes that are not HTTP/2 end their own connection only', async (t) => {
  const held = createHeldEngine(false)
  const server = await startPort(t, held)
  const [host, port] = server.address.split(':') as [string, string]
  const socket = connectTcp(Number(port), host)
  socket.on('error', () => undefined)
  socket.resume()
  socket.end('GET / HTTP/1.1\r\nHost: x\r\n\r\n' + 'garbage'.repeat(100))
  await new Promise((resolve) => socket.on('close', resolve))
  await assertServing(t, server.address, held)
})

t.test('a call its client cancels mid-flight: the late answer is dropped, the port serves on', async (t) => {
  const held = createHeldEngine(true)
  const server = await startPort(t, held)
  const client = createClient(t, server.address)
  const call = callTips(client, { token: TEST_INTERNAL_TOKEN })
  await held.entered()
  call.cancel()
  t.equal((await call.done).error?.code, GrpcStatus.CANCELLED, 'the client sees its cancellation')
  held.release()
  await new Promise((resolve) => setTimeout(resolve, 20))
  await assertServing(t, server.address, held)
})

t.test('a client resetting its stream with an error code mid-flight ends that call only', async (t) => {
  const held = createHeldEngine(true)
  const server = await startPort(t, held)
  const session = connectRaw(server.address)
  t.teardown(() => session.close())
  const stream = session.request({ ':method': 'POST', ':path': TIPS, 'content-type': 'application/grpc', te: 'trailers', ...AUTHORIZED })
  stream.on('error', () => undefined)
  stream.end(toGrpcFrame(Buffer.alloc(0)))
  await held.entered()
  // Not CANCEL: an error code makes the server's stream emit 'error', which nothing may leave unheard.
  stream.close(constants.NGHTTP2_INTERNAL_ERROR)
  await new Promise((resolve) => stream.on('close', resolve))
  held.release()
  await new Promise((resolve) => setTimeout(resolve, 20))
  await assertServing(t, server.address, held)
})

t.test('a call past its deadline is DEADLINE_EXCEEDED while the engine still works on it', async (t) => {
  const held = createHeldEngine(true)
  const server = await startPort(t, held)
  const session = connectRaw(server.address)
  t.teardown(() => session.close())
  const answer = await sendRaw(session, tipsRequest({ headers: { ...AUTHORIZED, 'grpc-timeout': '50m' } }))
  t.equal(answer.grpcStatus, GrpcStatus.DEADLINE_EXCEEDED)
  t.equal(answer.grpcMessage, 'Deadline exceeded')
  held.release()
  await assertServing(t, server.address, held)
})

t.test('closePort lets a call in flight answer, then finishes; new connections are refused', async (t) => {
  const held = createHeldEngine(true)
  const server = await startEngineServer(held.engine, '127.0.0.1', 0, { gate: createInternalOnlyGate(TEST_INTERNAL_TOKEN) })
  t.teardown(() => held.release())
  const client = createClient(t, server.address)
  const call = callTips(client, { token: TEST_INTERNAL_TOKEN })
  await held.entered()
  let closed = false
  const closing = server.close().then(() => (closed = true))
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.equal(closed, false, 'close waits for the call in flight')
  const late = connectRaw(server.address)
  const refused = await new Promise<boolean>((resolve) => {
    late.on('error', () => resolve(true))
    late.on('connect', () => resolve(false))
  })
  late.destroy()
  t.equal(refused, true, 'no new connection is taken')
  held.release()
  t.equal((await call.done).error, null, 'the call in flight got its answer')
  await closing
  t.equal(closed, true, 'close finished')
})

t.test('closePort finishes even when a client never ends its request', async (t) => {
  const held = createHeldEngine(false)
  const server = await startEngineServer(held.engine, '127.0.0.1', 0, {
    gate: createInternalOnlyGate(TEST_INTERNAL_TOKEN),
    closeGraceMs: 200,
  })
  const session = connectRaw(server.address)
  // Half a request, left open: nothing for the handler to answer yet.
  const stream = session.request(
    { ':method': 'POST', ':path': TIPS, 'content-type': 'application/grpc', te: 'trailers' },
    { endStream: false },
  )
  stream.on('error', () => undefined)
  stream.write(Buffer.from([0, 0]))
  await new Promise((resolve) => setTimeout(resolve, 50))
  const started = Date.now()
  await server.close()
  t.ok(Date.now() - started < 5_000, 'close finished after its grace')
  session.destroy()
})
