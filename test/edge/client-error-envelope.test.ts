/**
 * What Node's HTTP parser refuses before fastify sees a request — a body or headers that stall,
 * oversized headers, a duplicate Content-Length, a malformed request line, a broken chunk — is
 * answered with the Error envelope (docs/api.md#errors) and a fresh request id, then the connection
 * closes. Over real sockets: `inject` bypasses the parser. The database is real (a login follows
 * the refusals).
 */
import t from 'tap'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError, type ErrorCode } from '../../lib/errors.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'
import { assertErrorEnvelope, createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { listenOnFreePort, parseRawResponse, sendRaw } from '../helpers/raw-http.js'

/** No test here reaches the engine. */
const absentEngine: EngineClient = {
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

const LOGIN = 'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'

const CASES: ReadonlyArray<{ label: string; request: string; code: ErrorCode }> = [
  {
    label: 'a body that stalls (Content-Length 100, 10 bytes sent)',
    request: `${LOGIN}Content-Length: 100\r\n\r\n{"email":"`,
    code: 'request_timeout',
  },
  { label: 'headers that stall', request: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n', code: 'request_timeout' },
  {
    label: 'headers over 16 KiB',
    request: `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    code: 'headers_too_large',
  },
  {
    label: 'two different Content-Length headers',
    request: `${LOGIN}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    code: 'bad_request',
  },
  { label: 'a malformed request line', request: 'NOT AN HTTP REQUEST\r\n\r\n', code: 'bad_request' },
  {
    label: 'a chunk size that is not hex',
    request: `${LOGIN}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    code: 'bad_request',
  },
  {
    label: 'chunk extensions over 16 KiB',
    request: `${LOGIN}Transfer-Encoding: chunked\r\n\r\n2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    code: 'payload_too_large',
  },
]

t.test('parser-level refusals carry the envelope, a fresh request id and Connection: close', async (t) => {
  const { logger, lines } = createCaptureLogger()
  const { app, user } = await createTestEdgeWithUser(t, absentEngine, {
    logger,
    http: { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 },
  })
  const port = await listenOnFreePort(app)

  // In parallel: the two timeouts are waited for once.
  const received = await Promise.all(CASES.map(({ request }) => sendRaw(port, request)))
  const requestIds = new Set<unknown>()
  for (const [index, { label, code }] of CASES.entries()) {
    const response = parseRawResponse(received[index] ?? '')
    if (!response) {
      t.fail(`${label}: an HTTP response before the close`, { received: received[index]?.slice(0, 200) })
      continue
    }
    const error = assertErrorEnvelope(t, { statusCode: response.status, headers: response.headers, body: response.body }, code, label)
    t.equal(response.headers.connection, 'close', `${label}: Connection: close`)
    t.match(response.headers['content-type'], /^application\/json/, `${label}: JSON`)
    requestIds.add(error?.request_id)
    t.ok(
      lines.some((line) => line.reqId === error?.request_id && line.code === code && line.level < LOG_LEVEL.warn),
      `${label}: logged below warn with its request id`,
    )
  }
  t.equal(requestIds.size, CASES.length, 'every refusal has its own request id')
  t.same(
    lines.filter((line) => line.level >= LOG_LEVEL.error).map((line) => line.msg),
    [],
    'a client error is never logged at error level',
  )

  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } })
  t.equal(login.statusCode, 200, 'the edge still serves afterwards')
})
