/**
 * Closing the edge drains: a simulate in flight when close() starts still gets its answer, with
 * `Connection: close`, and close() waits for it (and for nothing more: a socket kept alive after
 * that answer would hold the close until its keep-alive timeout). A request that reaches the
 * draining server on a kept-alive socket within the shutdown grace is answered in full, with
 * `Connection: close` (closing the socket under it would reset a client already writing); one that
 * is still arriving when the grace ends gets the `shutting_down` envelope (503, docs/api.md#errors).
 * Needs real sockets, so the edge listens on port 0. The engine client is the real in-process one
 * behind a gate that holds every simulate until the test releases it.
 */
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import t, { type Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { createTestEdgeWithUser, SIMULATE_PATH } from '../helpers/edge-inject.js'
import { STREAM_PATH } from '../../edge/ws/stream-route.js'

interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Splits what a socket received into HTTP/1.1 responses (content-length framed). */
/** Responses in `raw`, read byte for byte (latin1): Content-Length counts bytes, and a body may hold UTF-8 (the summary's "…"). */
function parseResponses(raw: string): RawResponse[] {
  const out: RawResponse[] = []
  let rest = raw
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n')
    if (headEnd < 0) break
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = Number(headers['content-length'] ?? 0)
    out.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: Buffer.from(rest.slice(headEnd + 4, headEnd + 4 + length), 'latin1').toString('utf8'),
    })
    rest = rest.slice(headEnd + 4 + length)
  }
  return out
}

function toRequest(port: number, body: string, requestId: string, apiKey: string): string {
  return (
    `POST ${SIMULATE_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nX-API-Key: ${apiKey}\r\n` +
    `Content-Type: application/json\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

interface GatedEdge {
  port: number
  /** A simulate request's JSON body. */
  body: string
  apiKey: string
  /** Resolves when the engine's first simulate call arrives (and is held). */
  engineEntered: Promise<void>
  release(): void
  calls(): number
  close(): Promise<void>
}

/** An edge whose engine holds every simulate until release(), with `shutdownGraceMs`, listening on a free port. */
async function startGatedEdge(t: Test, shutdownGraceMs: number): Promise<GatedEdge> {
  const stack = await startStack(t)
  const real = createInProcessEngineClient(stack.engine)
  let entered!: () => void
  const engineEntered = new Promise<void>((resolve) => (entered = resolve))
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let calls = 0
  const gated: EngineClient = {
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
      calls++
      entered()
      await gate
      return real.simulate(transaction, options)
    },
  }
  const { app, user } = await createTestEdgeWithUser(t, gated, { bodyLimitBytes: 64 * 1024, http: { shutdownGraceMs } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    release()
    await app.close()
  })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')

  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
  })
  return {
    port: address.port,
    body: JSON.stringify({ transaction: toBase64(bytes) }),
    apiKey: user.apiKey,
    engineEntered,
    release,
    calls: () => calls,
    close: () => app.close(),
  }
}

interface Connection {
  socket: Socket
  /** What it received so far, as responses. */
  answers(): RawResponse[]
  closed: Promise<unknown>
}

async function openConnection(port: number): Promise<Connection> {
  const socket: Socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  return { socket, answers: () => parseResponses(received), closed: once(socket, 'close') }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test(
  'within the grace: the request in flight and one sent on an idle kept-alive socket are answered, each with Connection: close; a WebSocket upgrade is refused',
  async (t) => {
    const edge = await startGatedEdge(t, 5_000)
    const inFlight = await openConnection(edge.port)
    inFlight.socket.write(toRequest(edge.port, edge.body, 'drain-a', edge.apiKey))
    await edge.engineEntered
    // A kept-alive connection, idle when the close begins: it answered one request already.
    const idle = await openConnection(edge.port)
    idle.socket.write(`GET /api/v1/plans HTTP/1.1\r\nHost: 127.0.0.1:${edge.port}\r\nConnection: keep-alive\r\n\r\n`)
    while (idle.answers().length === 0) await once(idle.socket, 'data')
    t.equal(idle.answers()[0]?.headers.connection, 'keep-alive', 'kept alive before the close')

    const upgrading = await openConnection(edge.port)
    upgrading.socket.write(`GET /api/v1/plans HTTP/1.1\r\nHost: 127.0.0.1:${edge.port}\r\nConnection: keep-alive\r\n\r\n`)
    while (upgrading.answers().length === 0) await once(upgrading.socket, 'data')

    let closed = false
    const closing = edge.close().then(() => (closed = true))
    await pause(50)
    // The client reuses its kept-alive connection, as a client that has not seen the close does.
    idle.socket.write(toRequest(edge.port, edge.body, 'drain-b', edge.apiKey))
    // A WebSocket opened now would only be closed again by the drain: refused, with an answer.
    upgrading.socket.write(
      `GET ${STREAM_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${edge.port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-API-Key: ${edge.apiKey}\r\nX-Request-Id: drain-ws\r\n\r\n`,
    )
    await pause(100)
    t.equal(closed, false, 'close() waits for the requests in flight')
    edge.release()
    await closing
    await Promise.all([inFlight.closed, idle.closed, upgrading.closed])

    const upgrade = upgrading.answers()[1]
    t.equal(upgrade?.status, 503, 'a WebSocket upgrade during the drain is refused with 503')
    t.match(upgrade?.body, /"code":"shutting_down"/)
    t.equal(upgrade?.headers.connection, 'close')

    t.equal(edge.calls(), 2, 'the engine saw both requests')
    for (const [answer, id] of [
      [inFlight.answers()[0], 'drain-a'],
      [idle.answers()[1], 'drain-b'],
    ] as const) {
      t.equal(answer?.status, 200, `${id} is answered`)
      t.equal(answer?.headers['x-request-id'], id)
      t.equal((JSON.parse(answer?.body ?? '{}') as { success?: boolean }).success, true, `${id} in full`)
      t.equal(answer?.headers.connection, 'close', `${id}: Connection: close, then the socket closes`)
    }
  },
)

t.test('past the grace, a request still arriving is shed with shutting_down', async (t) => {
  const edge = await startGatedEdge(t, 0)
  const inFlight = await openConnection(edge.port)
  inFlight.socket.write(toRequest(edge.port, edge.body, 'drain-a', edge.apiKey))
  await edge.engineEntered
  // A request whose first bytes arrived before the close, and the rest after it.
  const arriving = await openConnection(edge.port)
  const request = toRequest(edge.port, edge.body, 'drain-b', edge.apiKey)
  arriving.socket.write(request.slice(0, 40))
  await pause(50)

  let closed = false
  const closing = edge.close().then(() => (closed = true))
  await pause(50)
  arriving.socket.write(request.slice(40))
  await pause(100)
  t.equal(closed, false, 'close() waits for the request in flight')
  edge.release()
  await closing
  await Promise.all([inFlight.closed, arriving.closed])
  t.equal(edge.calls(), 1, 'the engine saw only the request that was in flight')

  const [a] = inFlight.answers()
  t.equal(a?.status, 200, 'the request in flight is answered')
  t.equal(a?.headers['x-request-id'], 'drain-a')
  t.equal((JSON.parse(a?.body ?? '{}') as { success?: boolean }).success, true)
  t.equal(a?.headers.connection, 'close')

  const [b] = arriving.answers()
  t.equal(b?.status, 503, 'the request that arrived past the grace is shed with 503')
  let envelope: { error?: { code?: string; request_id?: string } } = {}
  try {
    envelope = JSON.parse(b?.body ?? '{}') as typeof envelope
  } catch {
    // asserted below
  }
  t.equal(envelope.error?.code, 'shutting_down', 'the shutting_down envelope', { body: b?.body })
  t.equal(envelope.error?.request_id, 'drain-b', 'with the request id')
  t.equal(b?.headers['x-request-id'], 'drain-b', 'and the x-request-id header')
  t.equal(b?.headers.connection, 'close')
})
