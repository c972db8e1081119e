/**
 * The HTTP server's timeouts end at the upgrade: a stream socket with no traffic at all outlives the
 * idle, headers and request timeouts (Node drops an upgraded socket from its request checks; ws
 * clears the socket's idle timer), and still answers. Only the stream's own pings judge it.
 */
import { once } from 'node:events'
import t from 'tap'
import { WebSocket } from 'ws'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { STREAM_PATH } from '../../edge/ws/stream-route.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { listenOnFreePort, sendRaw } from '../helpers/raw-http.js'

const unreachableEngine: EngineClient = {
  watch: () => Promise.reject(createServiceError('engine_unavailable')),
  transport: 'in-process',
  simulate: async () => {
    throw createServiceError('engine_unavailable')
  },
  scanApprovals: async () => {
    throw createServiceError('engine_unavailable')
  },
  execute: async () => {
    throw createServiceError('engine_unavailable')
  },
  send: async () => {
    throw createServiceError('engine_unavailable')
  },
  submit: async () => {
    throw createServiceError('engine_unavailable')
  },
  getTips: async () => {
    throw createServiceError('engine_unavailable')
  },
  getTransaction: async () => {
    throw createServiceError('engine_unavailable')
  },
  health: async () => {
    throw createServiceError('engine_unavailable')
  },
  close: async () => undefined,
}

t.test('a silent stream socket outlives the HTTP timeouts and still answers', async (t) => {
  const { app, user } = await createTestEdgeWithUser(t, unreachableEngine, {
    http: { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, idleTimeoutMs: 1_000, keepAliveTimeoutMs: 1_000 },
  })
  const port = await listenOnFreePort(app)
  const socket = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}`, { headers: { 'x-api-key': user.apiKey } })
  t.teardown(() => socket.terminate())
  await once(socket, 'open')
  let closeCode: number | undefined
  socket.on('close', (code) => (closeCode = code))

  // The clock: two silent HTTP sockets, one after the other, each closed by the server once a timeout
  // is up (the idle one, here the first due). The stream socket has then been silent past every
  // timeout, at least twice over; its pings come every 30 s.
  await sendRaw(port, '')
  await sendRaw(port, '')

  t.equal(closeCode, undefined, 'the stream socket was not closed')
  t.equal(socket.readyState, WebSocket.OPEN, 'still open')
  socket.send(JSON.stringify({ id: 'after-the-timeouts', transaction: Buffer.alloc(200).toString('base64') }))
  const [data] = await once(socket, 'message')
  t.match(JSON.parse(String(data)), { id: 'after-the-timeouts', error: { code: 'engine_unavailable' } }, 'the server still answers on it')
})
