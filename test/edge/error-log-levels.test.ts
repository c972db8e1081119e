/**
 * Which answered failures are logged at error: the service's faults (500, a 503 naming a service
 * that did not answer) with their cause, over REST and batch items alike; a route that is not built
 * yet (501), a drain (shutting_down) and every 4xx only at debug, so they never drown those faults.
 * An outage (accounts_unavailable, engine_unavailable) is met by every request: its first at error,
 * the rest at debug until the next error line, 10 s later, counts them.
 */
import t from 'tap'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { isServiceFault, toClientError, type ErrorLogLevel } from '../../edge/http-errors.js'
import { createServiceError, ERROR_CATALOGUE, type ErrorCode } from '../../lib/errors.js'
import { LOG_THROTTLE_INTERVAL_MS } from '../../lib/log-throttle.js'
import { createCaptureLogger, LOG_LEVEL, type LogLine } from '../helpers/capture-logger.js'
import { createTestEdgeWithUser, getJson, postSimulate } from '../helpers/edge-inject.js'
import { registerTestUser } from '../helpers/user-service.js'

/** An engine that fails each simulate with the next of `failures`. */
function createFailingEngine(failures: unknown[]): EngineClient {
  return {
    watch: () => Promise.reject(createServiceError('engine_unavailable')),
    transport: 'in-process',
    simulate: async () => {
      throw failures.shift() ?? new Error('no failure queued')
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
}

/** The lines logged for request `reqId`. */
function linesOf(lines: LogLine[], reqId: unknown): LogLine[] {
  return lines.filter((line) => line.reqId === reqId)
}

t.test('isServiceFault: the 5xx that need someone, not 501, billing or the relay left unconfigured, or a drain', async (t) => {
  const faults = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter(isServiceFault)
  t.same(faults.sort(), [
    'accounts_unavailable',
    'engine_unavailable',
    'internal_error',
    'payment_provider_error',
    'simulation_timeout',
    'upstream_unavailable',
  ])
})

t.test('toClientError logs a drain at debug and a fault at error, with its cause', async (t) => {
  const logged: Array<{ level: ErrorLogLevel; fields: Record<string, unknown> }> = []
  const log = (level: ErrorLogLevel, fields: Record<string, unknown>) => void logged.push({ level, fields })
  t.equal(toClientError(createServiceError('shutting_down'), log, 'failed').code, 'shutting_down')
  t.equal(toClientError(createServiceError('not_implemented'), log, 'failed').code, 'not_implemented')
  const cause = new Error('connection refused')
  t.equal(toClientError(createServiceError('engine_unavailable', undefined, cause), log, 'failed').code, 'engine_unavailable')
  t.equal(toClientError(new Error('bug'), log, 'failed').code, 'internal_error')
  t.same(
    logged.map(({ level }) => level),
    ['debug', 'debug', 'error', 'error'],
  )
  t.equal(logged[2]?.fields.cause, cause, 'the cause travels with the fault')
})

t.test('over REST and batch: billing_unavailable (no Stripe key) and 4xx below error, 500 and 503 at error', async (t) => {
  const { logger, lines } = createCaptureLogger()
  const failures: unknown[] = []
  const { app, user } = await createTestEdgeWithUser(t, createFailingEngine(failures), { logger })
  const transaction = Buffer.alloc(200).toString('base64')

  const billingOff = await app.inject({
    method: 'POST',
    url: '/api/v1/billing/portal',
    headers: { authorization: `Bearer ${user.token}` },
  })
  t.equal(billingOff.statusCode, 503)
  const billingOffLines = linesOf(lines, billingOff.headers['x-request-id'])
  t.same(
    billingOffLines.map((line) => [line.level, line.code]),
    [[LOG_LEVEL.debug, 'billing_unavailable']],
    'billing off by configuration: one debug line',
  )

  const invalid = await postSimulate(app, { transaction, timeout_ms: 5 })
  t.equal(invalid.statusCode, 422)
  t.same(
    linesOf(lines, invalid.headers['x-request-id']).map((line) => line.level),
    [LOG_LEVEL.debug],
    '422: one debug line',
  )

  failures.push(new Error('disk on fire'))
  const bug = await postSimulate(app, { transaction })
  t.equal(bug.statusCode, 500)
  const bugLines = linesOf(lines, bug.headers['x-request-id'])
  t.same(
    bugLines.map((line) => line.level),
    [LOG_LEVEL.error],
    '500: logged at error',
  )
  t.match(bugLines[0]?.err, { message: 'disk on fire' }, 'with what failed')

  failures.push(createServiceError('engine_unavailable', undefined, new Error('connection refused')))
  const unavailable = await postSimulate(app, { transaction })
  t.equal(unavailable.statusCode, 503)
  const unavailableLines = linesOf(lines, unavailable.headers['x-request-id'])
  t.same(
    unavailableLines.map((line) => line.level),
    [LOG_LEVEL.error],
    '503 engine_unavailable: logged at error',
  )
  // pino's err serializer carries the cause chain (the `cause` field itself serializes as {}).
  t.match(unavailableLines[0]?.err, { message: /connection refused/ }, 'with its cause')

  failures.push(createServiceError('not_implemented'), new Error('batch bug'))
  const batch = await app.inject({
    method: 'POST',
    url: '/api/v1/solana/tx/simulate-batch',
    headers: { 'x-api-key': user.apiKey },
    payload: { transactions: [transaction, transaction] },
  })
  t.equal(batch.statusCode, 200)
  t.same(
    getJson<{ results: Array<{ error?: { code: string } }> }>(batch)?.results.map((item) => item.error?.code),
    ['not_implemented', 'internal_error'],
  )
  const batchLines = linesOf(lines, batch.headers['x-request-id'])
  t.same(
    batchLines.map((line) => [line.index, line.level]),
    [
      [0, LOG_LEVEL.debug],
      [1, LOG_LEVEL.error],
    ],
    'batch items: 501 at debug, the bug at error',
  )
})

t.test(
  'an outage met by every request: its first at error with the cause, the rest at debug, counted by the next error line',
  async (t) => {
    const { logger, lines } = createCaptureLogger()
    const failures: unknown[] = []
    const { app } = await createTestEdgeWithUser(t, createFailingEngine(failures), { logger })
    const transaction = Buffer.alloc(200).toString('base64')
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:5432')
    const answers: Awaited<ReturnType<typeof postSimulate>>[] = []
    const startedMs = Date.now()
    for (let i = 0; i < 30; i++) {
      failures.push(createServiceError('accounts_unavailable', undefined, cause))
      answers.push(await postSimulate(app, { transaction }))
    }
    t.ok(
      answers.every((answer) => answer.statusCode === 503 && answer.headers['retry-after'] === '1'),
      '30 answers: 503 with Retry-After',
    )
    const outageLines = lines.filter((line) => answers.some((answer) => answer.headers['x-request-id'] === line.reqId))
    t.equal(outageLines.length, 30, 'each request still has its line')
    const errors = outageLines.filter((line) => line.level === LOG_LEVEL.error)
    // One a window of 10 s, however slow the machine: not one a request.
    const windows = 1 + Math.floor((Date.now() - startedMs) / LOG_THROTTLE_INTERVAL_MS)
    t.ok(errors.length >= 1 && errors.length <= windows, `${errors.length} at error for 30 requests in ${windows} window(s)`)
    t.match(errors[0], { failed: 1, err: { message: /ECONNREFUSED/ } }, 'the first, with its cause')
    t.ok(
      outageLines
        .filter((line) => line.level !== LOG_LEVEL.error)
        .every((line) => line.level === LOG_LEVEL.debug && line.code === 'accounts_unavailable'),
      'the rest at debug',
    )

    failures.push(createServiceError('engine_unavailable', undefined, cause))
    const other = await postSimulate(app, { transaction })
    t.same(
      linesOf(lines, other.headers['x-request-id']).map((line) => line.level),
      [LOG_LEVEL.error],
      'another outage code has a count of its own',
    )

    // A batch's items share the count with REST (one log destination).
    failures.push(createServiceError('accounts_unavailable'), createServiceError('accounts_unavailable'))
    const batch = await app.inject({
      method: 'POST',
      url: '/api/v1/solana/tx/simulate-batch',
      headers: { 'x-api-key': (await registerTestUser(app, 'batch')).apiKey },
      payload: { transactions: [transaction, transaction] },
    })
    // Unless a slow machine has let the window pass (a line is then due anyway).
    if (Date.now() - startedMs < LOG_THROTTLE_INTERVAL_MS) {
      t.same(
        linesOf(lines, batch.headers['x-request-id']).map((line) => line.level),
        [LOG_LEVEL.debug, LOG_LEVEL.debug],
        'batch items within the same window: at debug',
      )
    }
  },
)
