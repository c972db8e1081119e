/**
 * A real user service for a test (on a fresh database from test/helpers/database.ts), the
 * in-process invalidation bus it announces on, and a mutable clock.
 */
import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { type UserService } from '../../accounts/contract/index.js'
import { createUserService } from '../../accounts/create-user-service.js'
import type { Database } from '../../accounts/db/database.js'
import type { WebhookUrlPolicy } from '../../accounts/webhooks/webhook-url-policy.js'
import type { BillingSettings } from '../../accounts/billing/billing-service.js'
import { createInProcessInvalidationBus, type InvalidationBus } from '../../lib/auth-invalidation.js'
import type { Logger } from '../../lib/logger.js'
import { createTestDatabase, type DatabaseKind } from './database.js'

export interface TestClock {
  nowMs: number
  now: () => number
}

/** A clock tests move by hand (starts at the real time). */
export function createTestClock(startMs = Date.now()): TestClock {
  const clock: TestClock = { nowMs: startMs, now: () => clock.nowMs }
  return clock
}

export interface TestUserService {
  userService: UserService
  db: Database
  signingKey: Uint8Array
  bus: InvalidationBus
  clock: TestClock
}

/** A user service on a migrated test database, announcing invalidations on an in-process bus. */
export async function createTestUserService(
  t: Test,
  options: {
    kind?: DatabaseKind
    /** A database of the test's own (one behind a proxy it cuts); else a fresh one of `kind`. */
    db?: Database
    clock?: TestClock
    webhookUrlPolicy?: WebhookUrlPolicy
    billing?: BillingSettings
    logger?: Logger
  } = {},
): Promise<TestUserService> {
  const db = options.db ?? (await createTestDatabase(t, options.kind))
  const clock = options.clock ?? createTestClock()
  const bus = createInProcessInvalidationBus()
  const signingKey = randomBytes(32)
  const userService = createUserService({
    db,
    signingKey,
    now: clock.now,
    onInvalidate: (event) => void bus.publish(event),
    webhookUrlPolicy: options.webhookUrlPolicy,
    billing: options.billing,
    logger: options.logger,
  })
  t.teardown(() => bus.close())
  return { userService, db, signingKey, bus, clock }
}

export interface TestUser {
  email: string
  password: string
  token: string
  refreshToken: string
  apiKey: string
  apiKeyId: string
}

let userCounter = 0

/** Registers a user through the edge's REST routes and creates an API key for it. */
export async function registerTestUser(app: FastifyInstance, label = 'user'): Promise<TestUser> {
  const email = `${label}-${process.pid}-${++userCounter}-${randomBytes(3).toString('hex')}@example.com`
  const password = 'correct horse battery staple'
  const registered = await app.inject({ method: 'POST', url: '/auth/register', payload: { email, password } })
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`)
  const auth = registered.json() as { token: string; refresh_token: string }
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { authorization: `Bearer ${auth.token}` },
    payload: { name: 'test key' },
  })
  if (created.statusCode !== 200) throw new Error(`key create failed: ${created.statusCode} ${created.body}`)
  const key = created.json() as { id: string; key: string }
  return { email, password, token: auth.token, refreshToken: auth.refresh_token, apiKey: key.key, apiKeyId: key.id }
}
