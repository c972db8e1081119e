/**
 * The edge's HTTP server (fastify): schemas, the Error envelope with a request id on every error,
 * and the routes. Listening is the caller's choice, so tests can use `inject` or a real port.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import type { UserService } from '../accounts/contract/index.js'
import type { InvalidationBus } from '../lib/auth-invalidation.js'
import { createLogThrottle, LOG_THROTTLE_INTERVAL_MS } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'
import { createAuthHook } from './auth/auth-hook.js'
import type { EdgeContext } from './edge-context.js'
import type { EngineClient } from '../engine/client/engine-client.js'
import { createClientErrorHandler } from './client-error-handler.js'
import { createConnectionDrain } from './connection-drain.js'
import { edgeConfigSchema } from './config.js'
import { handleError, sendError } from './http-errors.js'
import { getDefaultMaxConnections } from './max-connections.js'
import { registerApiKeyRoutes } from './routes/api-keys.js'
import { registerDashboardRoutes, type DashboardOptions } from './dashboard/dashboard-routes.js'
import { registerAuthRoutes } from './routes/auth.js'
import { registerHealthRoute } from './routes/health.js'
import { registerOpenApiRoute } from './openapi/openapi-route.js'
import { registerPlatformRoutes } from './routes/platform.js'
import { registerProgramBlockRoutes } from './routes/program-blocks.js'
import { registerWebhookRoutes } from './routes/webhooks.js'
import { registerBillingRoutes } from './routes/billing.js'
import { registerSimulateRoute } from './routes/simulate.js'
import { registerSimulationsRoutes } from './routes/simulations.js'
import { registerWalletApprovalsRoute } from './routes/wallet-approvals.js'
import { getEngineState } from './status/engine-state.js'
import { getJournalState } from './status/journal-state.js'
import { createServiceStatus } from './status/service-status.js'
import { createCallerServices, type CallerServices } from '../callers/caller-services.js'
import { createAdmissionHook } from './limits/admission-hook.js'
import { createCallerSimulator } from './simulate/caller-simulator.js'
import { createCallerTransactions } from './transactions/caller-transactions.js'
import { registerExecuteRoute } from './routes/execute.js'
import { registerSendRoute } from './routes/send.js'
import { registerSubmitRoute } from './routes/submit.js'
import { registerTipsRoute } from './routes/tips.js'
import { registerTransactionsRoute } from './routes/transactions.js'
import { registerSimulateBatchRoute } from './routes/simulate-batch.js'
import { registerStreamRoute, type StreamRouteOptions } from './ws/stream-route.js'
import type { Admission } from '../lib/limits/admission.js'
import { createDisabledAdmission } from '../lib/limits/disabled-admission.js'
import type { KeyedLimiter } from '../lib/limits/keyed-limiter.js'
import { createAuthLimits } from './limits/auth-limits.js'
import type { TrustProxy } from './trust-proxy.js'
import type { TransactionUpdates } from '../lib/transaction-updates.js'
import type { TrackedTransaction } from '../engine/contract/transaction-tracking.js'

export interface EdgeServerOptions {
  engine: EngineClient
  userService: UserService
  /** The access tokens' HS256 key (the user service signs with the same one). */
  signingKey: Uint8Array
  logger: Logger
  bodyLimitBytes: number
  /** Rate limits and quota (docs/api.md#rate-limits-and-quota); `createDisabledAdmission()` for RATE_LIMITS=off. Ignored when `callers` is given. */
  admission?: Admission
  /**
   * Authentication, admission and recorders shared with other doors (the engine's direct gRPC
   * port); their owner closes them. Without it the edge builds its own and closes them itself.
   */
  callers?: CallerServices
  /** Where the user service announces revoked keys and deleted users; without it, cached answers expire after `authCacheTtlMs`. */
  invalidations?: InvalidationBus
  /** How long a cached credential is trusted without an invalidation (default 60 s). */
  authCacheTtlMs?: number
  /** How often key counts and history are written to the user service (tests lengthen it to see the request path alone). */
  usageFlushIntervalMs?: number
  /** The buckets of register, login, refresh and logout (edge/limits/auth-limits.ts); without it those routes are unlimited. Its owner closes it. */
  authLimiter?: KeyedLimiter
  /** Proxies whose X-Forwarded-For gives `request.ip` (TRUST_PROXY); default none: the socket's peer. */
  trustProxy?: TrustProxy
  /**
   * Where tracked transactions' status changes arrive (the engine's, in-process or over Redis), for
   * the stream's pushes to their owners; without it nothing is pushed. Its owner closes it.
   */
  transactionUpdates?: Pick<TransactionUpdates<TrackedTransaction>, 'subscribe'>
  /** The WebSocket stream's limits (ping interval, in-flight and buffer caps, drain timeout); defaults in edge/ws/stream-route.ts. */
  stream?: StreamRouteOptions
  /** A request's headers and body must both arrive within this, else 408 request_timeout (default 10 s). */
  requestTimeoutMs?: number
  /** Its headers (and a new connection's first request line) within this; capped at requestTimeoutMs (default 5 s). */
  headersTimeoutMs?: number
  /**
   * A socket on which nothing moves either way for this long while a request is read or answered
   * is closed without an answer (a silent handler, a client that does not read); default 30 s.
   * Keep it above requestTimeoutMs plus a second (Node sweeps request timeouts once a second), so a
   * stalled request gets its 408 before the socket is dropped without one.
   */
  idleTimeoutMs?: number
  /** An idle keep-alive connection is closed after this (default 72 s: above the 60 s of common load balancers, so they close first). */
  keepAliveTimeoutMs?: number
  /** Client connections (WebSockets included) held at once; past it Node closes new ones at accept (default: getDefaultMaxConnections()). */
  maxConnections?: number
  /**
   * When the server closes, how long requests on connections already open are still answered (each
   * with `Connection: close`) before what is idle is closed; new connections are refused from the
   * start (edge/connection-drain.ts). Default 1 s (SHUTDOWN_GRACE_MS).
   */
  shutdownGraceMs?: number
  /** The dashboard at /app/ (docs/dashboard.md): where its build is, and the chain its playground's demos use. */
  dashboard?: DashboardOptions
  now?: () => number
}

/** What an incoming request id may be: printable ASCII without spaces, at most 128 characters. */
const SAFE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/

/**
 * How often Node looks for requests past their headers or request timeout. Node's default (30 s)
 * would let a 10 s timeout fire up to 40 s late; the sweep only visits requests still arriving.
 */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000

/** Creates the edge application with every route registered. */
export function createEdgeServer(options: EdgeServerOptions): FastifyInstance {
  const { engine, userService, logger, bodyLimitBytes } = options
  const now = options.now ?? Date.now
  // The environment's defaults, so an edge built without them (tests) runs as a deployed one.
  const defaults = edgeConfigSchema
  const requestTimeoutMs = options.requestTimeoutMs ?? defaults.requestTimeoutMs.default
  const headersTimeoutMs = Math.min(options.headersTimeoutMs ?? defaults.headersTimeoutMs.default, requestTimeoutMs)
  const app = Fastify({
    // pino's Logger and fastify's FastifyBaseLogger are the same object under two types; without the
    // assertion fastify infers its instance type from pino's and the app no longer fits FastifyInstance.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: logger as FastifyBaseLogger,
    // No per-request log lines: at thousands of requests a second they would cost more than the work.
    logController: new LogController({ disableRequestLogging: true }),
    // The service's logger itself, not a child per request (≈10 µs a request); the few lines
    // logged per request carry the request id explicitly (edge/http-errors.ts).
    childLoggerFactory: (logger) => logger,
    bodyLimit: bodyLimitBytes,
    // fastify's defaults leave a request that never finishes arriving open for good (0: no limit).
    requestTimeout: requestTimeoutMs,
    connectionTimeout: options.idleTimeoutMs ?? defaults.idleTimeoutMs.default,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? defaults.keepAliveTimeoutMs.default,
    // Passed to http.createServer: the settings fastify has no option of its own for.
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
    clientErrorHandler: createClientErrorHandler(logger),
    trustProxy: options.trustProxy ?? false,
    // An incoming X-Request-Id is honoured only when it is safe to echo in a header and a log line.
    requestIdHeader: false,
    // Requests that arrive while draining get the shutting_down envelope from the hook below.
    return503OnClosing: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    // Errors fastify raises before routing (an over-long path parameter, a broken %-escape) get
    // the envelope too: a path parameter nothing can match is an unknown resource.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id)
      void sendError(reply, request, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'not_found' : 'validation_error', error.message)
    },
    ajv: {
      // Wrong types are errors, not values to coerce; unknown fields are reported, not dropped.
      customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false },
    },
  })
  const maxConnections = options.maxConnections ?? getDefaultMaxConnections()
  app.server.maxConnections = maxConnections
  // A flood must not flood the log too: one line per window, with the count.
  const drops = createLogThrottle(LOG_THROTTLE_INTERVAL_MS, now)
  app.server.on('drop', () => {
    const dropped = drops()
    if (dropped > 0) logger.warn({ dropped, maxConnections }, 'connections dropped: the connection cap (MAX_CONNECTIONS) is reached')
  })
  // Only JSON bodies: fastify would otherwise parse text/plain and report a schema error.
  app.removeContentTypeParser('text/plain')
  // Closing: `draining` while connections already open may still send requests (answered, and
  // closed after the answer), then `shedding`: what still arrives gets shutting_down.
  let phase: 'serving' | 'draining' | 'shedding' = 'serving'
  const connections = createConnectionDrain(app.server, options.shutdownGraceMs ?? defaults.shutdownGraceMs.default)
  app.addHook('preClose', async () => {
    phase = 'draining'
    await connections.drain()
    phase = 'shedding'
  })
  // Callback-style hooks: an async hook costs extra promise turns on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (phase === 'serving') return done()
    reply.header('connection', 'close')
    const upgrade = request.raw.headers.upgrade !== undefined
    // A WebSocket opened now would only be closed again by the drain.
    if (phase === 'draining' && !upgrade) return done()
    // An upgrade's socket is the WebSocket plugin's, closed by a hook of its own this answer skips.
    if (upgrade) reply.raw.once('finish', () => request.raw.socket.end())
    sendError(reply, request, 'shutting_down')
  })
  // Also on the answers to requests that were in flight when the close began: a socket kept alive
  // after its answer would be closed by nothing but its keep-alive timeout (past the shutdown
  // deadline), and closing it while idle races with the client's next request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (phase !== 'serving') reply.header('connection', 'close')
    done(null, payload)
  })
  app.setErrorHandler(handleError)
  // Response schemas only document (GET /openapi.json): fast-json-stringify would drop undeclared fields and coerce types.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  // A known path asked with another method is 405 with Allow, not 404.
  const methodsByPath = new Map<string, string[]>()
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    methodsByPath.set(route.url, [...(methodsByPath.get(route.url) ?? []), ...methods])
  })
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsByPath.get(request.url.split('?', 1)[0] as string)
    if (!allowed) return sendError(reply, request, 'not_found', `no route ${request.method} ${request.url}`)
    reply.header('allow', allowed.join(', '))
    return sendError(reply, request, 'method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}`)
  })
  app.decorateRequest('principal', null)

  const ownsCallers = !options.callers
  const callers =
    options.callers ??
    createCallerServices({
      userService,
      signingKey: options.signingKey,
      admission: options.admission ?? createDisabledAdmission(),
      logger,
      invalidations: options.invalidations,
      authCacheTtlMs: options.authCacheTtlMs,
      usageFlushIntervalMs: options.usageFlushIntervalMs,
      now,
    })
  const { authenticator, keyUsage, history } = callers
  const context: EdgeContext = {
    engine,
    userService,
    authenticator,
    auth: { bearer: createAuthHook(authenticator, 'bearer'), either: createAuthHook(authenticator, 'either') },
    keyUsage,
    history,
    simulator: createCallerSimulator({ engine, recordSimulation: callers.recordSimulation, assertRecordable: callers.assertRecordable }),
    transactions: createCallerTransactions({
      engine,
      recordTransactionCall: callers.recordTransactionCall,
      assertRecordable: callers.assertRecordable,
    }),
    admission: callers.admission,
    transactionUpdates: options.transactionUpdates,
    authLimits: createAuthLimits({ limiter: options.authLimiter, now }),
    logger,
    now,
  }
  // Every authenticated route is charged to its caller (after auth and schema validation).
  app.addHook('preHandler', createAdmissionHook(callers.admission, now))
  // Runs after in-flight requests finished: what they counted and recorded is written before exit.
  app.addHook('onClose', async () => {
    if (ownsCallers) await callers.close()
  })

  // Before the OpenAPI route: the dashboard's pages are not part of the API's document.
  registerDashboardRoutes(app, options.dashboard)
  // First of the API: its onRoute hook collects every route registered after it.
  registerOpenApiRoute(app)
  registerHealthRoute(app, engine, logger, callers.getJournalHealth)
  registerAuthRoutes(app, context)
  registerApiKeyRoutes(app, context)
  registerSimulateRoute(app, context)
  registerSimulateBatchRoute(app, context)
  registerExecuteRoute(app, context)
  registerSendRoute(app, context)
  registerSubmitRoute(app, context)
  registerTipsRoute(app, context)
  registerTransactionsRoute(app, context)
  registerStreamRoute(app, context, options.stream)
  registerSimulationsRoutes(app, context)
  registerProgramBlockRoutes(app, context)
  registerWebhookRoutes(app, context)
  registerWalletApprovalsRoute(app, context)
  registerBillingRoutes(app, context)
  const status = createServiceStatus({
    getTotals: () => userService.getServiceTotals(),
    getComponentStates: async () => [(await getEngineState(engine, logger)).state, getJournalState(callers.getJournalHealth())],
    now,
    logger,
  })
  registerPlatformRoutes(app, status, userService)
  return app
}
