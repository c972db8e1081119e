/** Helpers for edge tests: an edge on a real stack, and the Error envelope checks every error shares. */
import type { Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer, type EdgeServerOptions } from '../../edge/server.js'
import type { Logger } from '../../lib/logger.js'
import type { Admission } from '../../lib/limits/admission.js'
import type { KeyedLimiter } from '../../lib/limits/keyed-limiter.js'
import type { TrustProxy } from '../../edge/trust-proxy.js'
import type { StreamRouteOptions } from '../../edge/ws/stream-route.js'
import { ERROR_CATALOGUE, type ErrorCode } from '../../lib/errors.js'
import { createTestUserService, registerTestUser, type TestUserService, type TestUser } from './user-service.js'
import { quietLogger, type Stack } from './stack.js'

export const SIMULATE_PATH = '/api/v1/solana/tx/simulate'

/** The user each test edge registers, whose API key postSimulate sends unless told otherwise. */
const defaultUsers = new WeakMap<FastifyInstance, TestUser>()

export interface TestEdge {
  app: FastifyInstance
  user: TestUser
  users: TestUserService
}

export interface TestEdgeOptions {
  bodyLimitBytes?: number
  users?: TestUserService
  usageFlushIntervalMs?: number
  /** Rate limits and quota; none (limits off) unless a test is about them. */
  admission?: Admission
  /** The WebSocket stream's limits (a short ping interval, small caps). */
  stream?: StreamRouteOptions
  /** The HTTP server's timeouts, connection cap and shutdown grace (short ones, a small cap). */
  http?: Pick<
    EdgeServerOptions,
    'requestTimeoutMs' | 'headersTimeoutMs' | 'idleTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections' | 'shutdownGraceMs'
  >
  /** Where the edge logs (silent unless a test asserts what is logged). */
  logger?: Logger
  /** The limits of register, login and refresh; none unless a test is about them. */
  authLimiter?: KeyedLimiter
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client; none by default. */
  trustProxy?: TrustProxy
}

/**
 * An edge on `stack`'s engine (in-process) or on the given engine client, with a real user service
 * on a test database and a registered user; closed with the test.
 */
export async function createTestEdgeWithUser(t: Test, engine: Stack | EngineClient, options: TestEdgeOptions = {}): Promise<TestEdge> {
  const users = options.users ?? (await createTestUserService(t))
  const app = createEdgeServer({
    engine: 'localnet' in engine ? createInProcessEngineClient(engine.engine) : engine,
    usageFlushIntervalMs: options.usageFlushIntervalMs,
    admission: options.admission,
    stream: options.stream,
    authLimiter: options.authLimiter,
    trustProxy: options.trustProxy,
    userService: users.userService,
    signingKey: users.signingKey,
    invalidations: users.bus,
    now: users.clock.now,
    logger: options.logger ?? quietLogger,
    bodyLimitBytes: options.bodyLimitBytes ?? 256 * 1024,
    ...options.http,
  })
  await app.ready()
  t.teardown(() => app.close())
  const user = await registerTestUser(app)
  defaultUsers.set(app, user)
  return { app, user, users }
}

/** An edge on `stack` whose simulate calls postSimulate authenticates with a test user's key. */
export async function createTestEdge(t: Test, stack: Stack, bodyLimitBytes = 256 * 1024): Promise<FastifyInstance> {
  return (await createTestEdgeWithUser(t, stack, { bodyLimitBytes })).app
}

/**
 * POSTs `body` (serialized as JSON unless a string) to the simulate route, with the edge's test
 * user's API key unless `headers` carry a credential (or `auth: false` sends none).
 */
export function postSimulate(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  { auth = true }: { auth?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const user = defaultUsers.get(app)
  const hasCredential = 'x-api-key' in headers || 'authorization' in headers
  const credential = auth && user && !hasCredential ? { 'x-api-key': user.apiKey } : {}
  return app.inject({
    method: 'POST',
    url: SIMULATE_PATH,
    headers: { 'content-type': 'application/json', ...credential, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** The parsed JSON body of a response (undefined if it is not JSON); the caller's assertions check the shape. */
export function getJson<T = unknown>(response: Pick<LightMyRequestResponse, 'body'>): T | undefined {
  try {
    return JSON.parse(response.body) as T
  } catch {
    return undefined
  }
}

/** What an error response may hold; every field is checked before it is trusted. */
export interface ErrorBodyShape {
  error?: { code?: unknown; message?: unknown; request_id?: unknown; bundle_lint?: unknown }
}

/**
 * Asserts the Error envelope with `code`, the catalogue's HTTP status, a message, and a non-empty
 * request_id equal to the x-request-id header. Returns the envelope's error.
 */
export function assertErrorEnvelope(
  t: Test,
  response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
  code: ErrorCode,
  label: string,
) {
  const body = getJson<ErrorBodyShape>(response)
  t.not(response.statusCode, 500, `${label}: never a 500`)
  t.equal(response.statusCode, ERROR_CATALOGUE[code].http, `${label}: HTTP ${ERROR_CATALOGUE[code].http}`, { body: response.body })
  t.equal(body?.error?.code, code, `${label}: code ${code}`, { body: response.body })
  t.type(body?.error?.message, 'string', `${label}: has a message`)
  t.ok(body?.error?.message, `${label}: message is not empty`)
  const header = response.headers['x-request-id']
  t.type(header, 'string', `${label}: x-request-id header`)
  t.ok(typeof body?.error?.request_id === 'string' && body.error.request_id.length > 0, `${label}: non-empty request_id`)
  t.equal(body?.error?.request_id, header, `${label}: request_id equals the x-request-id header`)
  t.same(Object.keys(body ?? {}), ['error'], `${label}: nothing beside "error"`)
  return body?.error
}
