/**
 * The edge's HTTP server (fastify): schemas, the Error envelope with a request id on every error,
 * and the routes. Listening is the caller's choice, so tests can use `inject` or a real port.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import type { Logger } from '../lib/logger.js'
import type { EngineClient } from './engine-client.js'
import { handleError, sendError } from './http-errors.js'
import { registerHealthRoute } from './routes/health.js'
import { registerSimulateRoute } from './routes/simulate.js'

export interface EdgeServerOptions {
  engine: EngineClient
  logger: Logger
  bodyLimitBytes: number
}

/** Creates the edge application with every route registered. */
export function createEdgeServer({ engine, logger, bodyLimitBytes }: EdgeServerOptions): FastifyInstance {
  const app = Fastify({
    // pino's Logger and fastify's FastifyBaseLogger are the same object under two types.
    loggerInstance: logger as FastifyBaseLogger,
    // No per-request log lines: at thousands of requests a second they would cost more than the work.
    logController: new LogController({ disableRequestLogging: true }),
    // The service's logger itself, not a child per request (≈10 µs a request); the few lines
    // logged per request carry the request id explicitly (edge/http-errors.ts).
    childLoggerFactory: (logger) => logger,
    bodyLimit: bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    // Requests that arrive while draining get the shutting_down envelope from the hook below.
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    ajv: {
      // Wrong types are errors, not values to coerce; unknown fields are reported, not dropped.
      customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false },
    },
  })
  // Only JSON bodies: fastify would otherwise parse text/plain and report a schema error.
  app.removeContentTypeParser('text/plain')
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // One callback-style hook: an async hook costs extra promise turns on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (!closing) return done()
    reply.header('connection', 'close')
    sendError(reply, request, 'shutting_down')
  })
  app.setErrorHandler(handleError)
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
  registerHealthRoute(app, engine)
  registerSimulateRoute(app, engine)
  return app
}
