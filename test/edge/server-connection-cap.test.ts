/**
 * The edge's hold on sockets: at most `maxConnections` at once (the rest are closed at accept), a
 * silent new connection is answered 408 and closed after the headers timeout, an idle keep-alive
 * connection and a request nothing answers are closed too — and the edge still serves afterwards.
 * Over real sockets (`inject` has none); the database is real (a login follows).
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { FD_RESERVE, getDefaultMaxConnections } from '../../edge/max-connections.js'
import { createServiceError } from '../../lib/errors.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'
import { assertErrorEnvelope, createTestEdgeWithUser, SIMULATE_PATH } from '../helpers/edge-inject.js'
import { listenOnFreePort, openRawConnection, parseRawResponse, sendRaw } from '../helpers/raw-http.js'

/** An engine whose simulate answers only when the test releases it. */
function createHeldEngine(): { engine: EngineClient; release: () => void } {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const engine: EngineClient = {
    watch: () => Promise.reject(createServiceError('engine_unavailable')),
    transport: 'in-process',
    simulate: async () => {
      await released
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
  return { engine, release }
}

const LIMITS = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            ${soft}                1048576              files     \n`

t.test('the default cap is the soft open-files limit minus the reserve, never under half of it', async (t) => {
  t.equal(getDefaultMaxConnections(LIMITS('65536')), 65536 - FD_RESERVE)
  t.equal(getDefaultMaxConnections(LIMITS('1024')), 1024 - FD_RESERVE)
  t.equal(getDefaultMaxConnections(LIMITS('600')), 300, 'a small limit still leaves half to clients')
  const fallback = getDefaultMaxConnections('')
  t.ok(fallback > 0, 'no /proc (not Linux): a fixed fallback')
  t.equal(getDefaultMaxConnections(LIMITS('unlimited')), fallback, 'unlimited: the same fallback')
  if (process.platform === 'linux') {
    t.equal(getDefaultMaxConnections(), getDefaultMaxConnections(readFileSync('/proc/self/limits', 'utf8')), "this process's own limit")
  }
})

t.test('past maxConnections new sockets are closed at once; the held ones get 408 after the headers timeout', async (t) => {
  const { logger, lines } = createCaptureLogger()
  const { engine, release } = createHeldEngine()
  t.teardown(release)
  const cap = 20
  const { app, user } = await createTestEdgeWithUser(t, engine, {
    logger,
    http: { maxConnections: cap, requestTimeoutMs: 2_000, headersTimeoutMs: 2_000, keepAliveTimeoutMs: 1_000 },
  })
  const port = await listenOnFreePort(app)
  let dropped = 0
  app.server.on('drop', () => dropped++)

  // Idle sockets that never send a byte, more than the cap.
  const connections = await Promise.all(Array.from({ length: cap + 10 }, () => openRawConnection(port)))
  const received = await Promise.all(connections.map((connection) => connection.closed))
  const answered = received.filter((raw) => raw.length > 0)
  t.equal(dropped, 10, 'Node dropped the sockets past the cap')
  t.equal(received.length - answered.length, 10, 'those were closed without a byte')
  t.equal(answered.length, cap, 'the others were held until the headers timeout')
  for (const raw of answered) {
    const response = parseRawResponse(raw)
    if (!response) {
      t.fail('an HTTP response', { raw: raw.slice(0, 200) })
      continue
    }
    assertErrorEnvelope(
      t,
      { statusCode: response.status, headers: response.headers, body: response.body },
      'request_timeout',
      'silent socket',
    )
  }
  t.equal(
    lines.filter((line) => line.level === LOG_LEVEL.warn && line.maxConnections === cap).length,
    1,
    'the drops are logged once at warn, naming the cap',
  )

  t.test('a keep-alive socket left idle is closed after its one answer, without a 408', async (t) => {
    const raw = await sendRaw(port, 'GET /no-such-route HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n')
    const response = parseRawResponse(raw)
    t.equal(response?.status, 404)
    t.notMatch(raw, /request_timeout/, 'nothing after the answer: keep-alive sockets are not timed as requests')
  })

  t.test('a socket silent both ways past the idle timeout is closed while its handler waits', async (t) => {
    const { app: silent, user: silentUser } = await createTestEdgeWithUser(t, engine, {
      http: { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, idleTimeoutMs: 1_000, keepAliveTimeoutMs: 1_000 },
    })
    const silentPort = await listenOnFreePort(silent)
    // Were the socket kept, the engine's answer (503) would arrive after this and fail the test.
    const answerLater = setTimeout(release, 15_000)
    t.teardown(() => clearTimeout(answerLater))
    const body = JSON.stringify({ transaction: Buffer.alloc(200).toString('base64') })
    const raw = await sendRaw(
      silentPort,
      `POST ${SIMULATE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${silentUser.apiKey}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
    t.equal(raw, '', 'closed without an answer (the engine never answered)')
  })

  t.test('the edge still serves: a login over a new connection reaches the database', async (t) => {
    const response = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    t.equal(response.status, 200)
    t.type(((await response.json()) as { token?: unknown }).token, 'string')
  })
})
