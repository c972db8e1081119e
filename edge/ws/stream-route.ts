/**
 * `GET /api/v1/solana/stream` (docs/api.md#websocket-stream): a WebSocket of simulate (watched or
 * not), execute, send, submit and tips requests, which also pushes the caller's own tracked transactions as their status changes
 * (from the transaction update bus, when the edge has one). The upgrade request goes through
 * fastify's routing first, so the global hooks run for it (request id, shutting_down, the admission
 * of one request) and a refused credential is the 401 envelope. Closing the app drains every socket
 * before the HTTP server closes (see `drain`).
 */
import type { IncomingMessage } from 'node:http'
import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { WebSocket } from 'ws'
import type { EdgeContext } from '../edge-context.js'
import { STREAM_ENCODINGS, streamRouteSchema } from '../schemas/stream.js'
import { getValidationMessage } from '../validation-message.js'
import { createStreamAuthHook } from './stream-auth-hook.js'
import { createStreamConnection, type StreamConnection, type StreamConnectionStats, type StreamLimits } from './stream-connection.js'
import {
  getStreamMessageType,
  STREAM_MESSAGE_TYPES,
  streamExecuteMessageSchema,
  streamMessageSchema,
  streamSendMessageSchema,
  streamSubmitMessageSchema,
  streamTipsMessageSchema,
  streamUnsubscribeMessageSchema,
  type StreamMessageType,
} from './stream-message.js'

export const STREAM_PATH = '/api/v1/solana/stream'

export const DEFAULT_STREAM_LIMITS: Readonly<StreamLimits> = Object.freeze({
  pingIntervalMs: 30_000,
  maxInFlight: 32,
  maxBufferedBytes: 1024 * 1024,
  maxWatches: 8,
})

/** How long app.close() waits for sockets to answer what they hold and close. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000

export interface StreamRouteOptions extends Partial<StreamLimits> {
  drainTimeoutMs?: number
}

const connectionsByApp = new WeakMap<FastifyInstance, Set<StreamConnection>>()
/** The request id of each upgrade request, for the 101 answer ws writes itself (ids are checked safe in edge/server.ts). */
const requestIds = new WeakMap<IncomingMessage, string>()

/** The state of every open stream socket of `app` (for tests and diagnostics). */
export function getStreamStats(app: FastifyInstance): StreamConnectionStats[] {
  return [...(connectionsByApp.get(app) ?? [])].map((connection) => connection.getStats())
}

/** Registers the WebSocket plugin and the stream route. */
export function registerStreamRoute(app: FastifyInstance, context: EdgeContext, options: StreamRouteOptions = {}): void {
  const limits: StreamLimits = {
    pingIntervalMs: options.pingIntervalMs ?? DEFAULT_STREAM_LIMITS.pingIntervalMs,
    maxInFlight: options.maxInFlight ?? DEFAULT_STREAM_LIMITS.maxInFlight,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_STREAM_LIMITS.maxBufferedBytes,
    maxWatches: options.maxWatches ?? DEFAULT_STREAM_LIMITS.maxWatches,
  }
  const drainTimeoutMs = options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS
  const { authenticator, simulator, transactions, admission, keyUsage, logger, now } = context
  const connections = new Set<StreamConnection>()
  connectionsByApp.set(app, connections)
  let draining = false
  // Each update goes to the sockets of its owner only: one lookup, whatever the number of sockets.
  const byTenant = new Map<string, Set<StreamConnection>>()
  const unsubscribe = context.transactionUpdates?.subscribe((tenantId, transaction) => {
    const owned = byTenant.get(tenantId)
    if (!owned) return
    const push = {
      type: 'transaction',
      signature: transaction.signature,
      status: transaction.status,
      outcome: transaction.outcome,
    } as const
    for (const connection of owned) connection.push(push)
  })
  if (unsubscribe) app.addHook('onClose', async () => unsubscribe())

  app.register(fastifyWebsocket, {
    // A message may be as large as a REST body; past it ws closes the socket with 1009.
    options: { maxPayload: app.initialConfig.bodyLimit, clientTracking: false },
    // ws has already started closing on a protocol or socket error; only a throwing handler leaves it open.
    errorHandler(error, socket, request) {
      logger.debug({ reqId: request.id, err: error }, 'stream socket error')
      if (socket.readyState === WebSocket.OPEN) socket.terminate()
    },
    // Replaces the plugin's default, which closes every socket at once with answers still in flight.
    async preClose() {
      draining = true
      await Promise.all([...connections].map((connection) => connection.drain(drainTimeoutMs)))
    },
  })

  // Registered after the plugin, whose onRoute hook turns `wsHandler` into the upgrade.
  app.register(async function streamRoute(scope) {
    // ws writes the 101 itself: its `headers` event is where the request id joins it, as on every other answer.
    scope.websocketServer.on('headers', (headers: string[], raw: IncomingMessage) => {
      const requestId = requestIds.get(raw)
      if (requestId !== undefined) headers.push(`X-Request-Id: ${requestId}`)
    })
    scope.route({
      method: 'GET',
      url: STREAM_PATH,
      onRequest: [
        (request, _reply, done) => {
          requestIds.set(request.raw, String(request.id))
          done()
        },
        createStreamAuthHook(authenticator),
      ],
      config: { auth: 'either' },
      schema: streamRouteSchema,
      // A plain GET (a browser's address bar, a curious curl) learns how to open the stream.
      handler: async () => ({ websocket: STREAM_PATH, encodings: [...STREAM_ENCODINGS], message_types: [...STREAM_MESSAGE_TYPES] }),
      wsHandler(socket, request) {
        const principal = request.principal
        // Only reachable if the auth hook were removed: never serve a socket unauthenticated.
        if (!principal) throw new Error(`${STREAM_PATH} has no principal`)
        // Fastify's own ajv with the edge's options (no coercion, unknown fields reported), compiled once per route.
        const checks: Record<StreamMessageType, ReturnType<typeof request.compileValidationSchema>> = {
          simulate: request.compileValidationSchema(streamMessageSchema, 'body'),
          execute: request.compileValidationSchema(streamExecuteMessageSchema, 'body'),
          send: request.compileValidationSchema(streamSendMessageSchema, 'body'),
          submit: request.compileValidationSchema(streamSubmitMessageSchema, 'body'),
          tips: request.compileValidationSchema(streamTipsMessageSchema, 'body'),
          unsubscribe: request.compileValidationSchema(streamUnsubscribeMessageSchema, 'body'),
        }
        const validate = (message: unknown): string | null => {
          const type = getStreamMessageType(message)
          if (type === null) return `type: must be one of ${STREAM_MESSAGE_TYPES.join(', ')}`
          const check = checks[type]
          return check(message) ? null : getValidationMessage(check.errors, 'message')
        }
        const connection = createStreamConnection({
          socket,
          principal,
          requestId: String(request.id),
          simulator,
          transactions,
          admission,
          keyUsage,
          validate,
          logger,
          now,
          limits,
        })
        connections.add(connection)
        const owned = byTenant.get(principal.userId) ?? new Set<StreamConnection>()
        byTenant.set(principal.userId, owned.add(connection))
        void connection.closed.then(() => {
          connections.delete(connection)
          owned.delete(connection)
          if (owned.size === 0 && byTenant.get(principal.userId) === owned) byTenant.delete(principal.userId)
        })
        // A handshake that was authenticating when close() began.
        if (draining) void connection.drain(drainTimeoutMs)
      },
    })
  })
}
