/**
 * Closing the edge drains: a simulate in flight when close() starts still gets its answer, close()
 * waits for it, and a request that reaches the draining server on a live keep-alive socket gets the
 * `shutting_down` envelope (503, docs/api.md#errors). Needs a real socket, so the edge listens on
 * port 0. The engine client is the real in-process one behind a gate that holds the first call.
 */
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createInProcessEngineClient, type EngineClient } from '../../edge/engine-client.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { createTestEdgeWithUser, SIMULATE_PATH } from '../helpers/edge-inject.js'

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

t.test('close() drains the request in flight and sheds the next one', async (t) => {
  const stack = await startStack(t)
  const real = createInProcessEngineClient(stack.engine)
  let entered!: () => void
  const engineEntered = new Promise<void>((resolve) => (entered = resolve))
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let calls = 0
  const gated: EngineClient = {
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
  const { app, user } = await createTestEdgeWithUser(t, gated, { bodyLimitBytes: 64 * 1024 })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    release()
    await app.close()
  })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const port = address.port

  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
  })
  const body = JSON.stringify({ transaction: toBase64(bytes) })

  const socket: Socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  const socketClosed = once(socket, 'close')

  socket.write(toRequest(port, body, 'drain-a', user.apiKey))
  await engineEntered
  let closed = false
  const closing = app.close().then(() => (closed = true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  // Pipelined on the same, still active, socket: it reaches the server while it drains.
  socket.write(toRequest(port, body, 'drain-b', user.apiKey))
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.equal(closed, false, 'close() waits for the request in flight')

  release()
  await closing
  await socketClosed
  const [a, b] = parseResponses(received)
  t.equal(calls, 1, 'the engine saw only the request that was in flight')

  t.equal(a?.status, 200, 'the request in flight is answered')
  t.equal(a?.headers['x-request-id'], 'drain-a')
  t.equal((JSON.parse(a?.body ?? '{}') as { success?: boolean }).success, true)

  t.equal(b?.status, 503, 'the request that arrived while draining is shed with 503')
  let envelope: { error?: { code?: string; request_id?: string } } = {}
  try {
    envelope = JSON.parse(b?.body ?? '{}') as typeof envelope
  } catch {
    // asserted below
  }
  t.equal(envelope.error?.code, 'shutting_down', 'the shutting_down envelope', { body: b?.body })
  t.equal(envelope.error?.request_id, 'drain-b', 'with the request id')
  t.equal(b?.headers['x-request-id'], 'drain-b', 'and the x-request-id header')
})
