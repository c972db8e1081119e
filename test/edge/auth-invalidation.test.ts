/**
 * Revocation, rotation and soft delete reach every edge's warm auth cache: at once in one process
 * (in-process bus), and within 1 s across processes through Redis pub/sub (REDIS_URL) — here two
 * edges with their own caches and their own Redis connections, one user service publishing.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { createUserService } from '../../accounts/create-user-service.js'
import { createEdgeServer } from '../../edge/server.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createRedisInvalidationBus } from '../../lib/redis-invalidation-bus.js'
import { createTestClock, registerTestUser, type TestUser } from '../helpers/user-service.js'
import { createTestDatabase } from '../helpers/database.js'
import { quietLogger } from '../helpers/stack.js'

const ME = '/auth/me'
const STATS = '/api/v1/solana/simulations/stats'
const DAY_MS = 24 * 3_600_000

/** These tests call account routes only; an engine call would be a bug in the test. */
const unusedEngine: EngineClient = {
  watch: () => Promise.reject(new Error('the engine is not part of this test')),
  transport: 'in-process',
  simulate: () => Promise.reject(new Error('the engine is not part of this test')),
  scanApprovals: () => Promise.reject(new Error('the engine is not part of this test')),
  execute: () => Promise.reject(new Error('the engine is not part of this test')),
  send: () => Promise.reject(new Error('the engine is not part of this test')),
  submit: () => Promise.reject(new Error('the engine is not part of this test')),
  getTips: () => Promise.reject(new Error('the engine is not part of this test')),
  getTransaction: () => Promise.reject(new Error('the engine is not part of this test')),
  health: () => Promise.reject(new Error('the engine is not part of this test')),
  close: async () => undefined,
}

const getStatus = async (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url, headers })).statusCode

/** Polls until `url` answers `status` on `app`; returns the ms it took, or -1 after `limitMs`. */
async function waitForStatus(app: FastifyInstance, url: string, headers: Record<string, string>, status: number, limitMs: number) {
  const started = performance.now()
  while (performance.now() - started < limitMs) {
    if ((await getStatus(app, url, headers)) === status) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return -1
}

async function createEdges(t: Test, redisUrl: string | undefined) {
  const db = await createTestDatabase(t)
  const clock = createTestClock()
  const signingKey = randomBytes(32)
  const channel = `test-invalidation-${randomBytes(4).toString('hex')}`
  const { createInProcessInvalidationBus } = await import('../../lib/auth-invalidation.js')
  const publisher = redisUrl ? await createRedisInvalidationBus(redisUrl, { channel }) : createInProcessInvalidationBus()
  t.teardown(() => publisher.close())
  const userService = createUserService({ db, signingKey, now: clock.now, onInvalidate: (event) => void publisher.publish(event) })
  const apps: FastifyInstance[] = []
  for (let i = 0; i < 2; i++) {
    // Across processes each edge has its own connection; in one process they share the bus.
    const bus = redisUrl ? await createRedisInvalidationBus(redisUrl, { channel }) : publisher
    if (redisUrl) t.teardown(() => bus.close())
    const app = createEdgeServer({
      engine: unusedEngine,
      userService,
      signingKey,
      invalidations: bus,
      now: clock.now,
      logger: quietLogger,
      bodyLimitBytes: 65_536,
    })
    await app.ready()
    t.teardown(() => app.close())
    apps.push(app)
  }
  return { apps: apps as [FastifyInstance, FastifyInstance], clock }
}

const kinds: Array<[string, string | undefined, number]> = [['in-process', undefined, 0]]
if (process.env.REDIS_URL) kinds.push(['redis', process.env.REDIS_URL, 1_000])

for (const [kind, redisUrl, limitMs] of kinds) {
  t.test(`${kind}: credentials stop working on every edge ${limitMs === 0 ? 'at once' : `within ${limitMs} ms`}`, async (t) => {
    const { apps, clock } = await createEdges(t, redisUrl)
    const [a, b] = apps
    // Everything is warm in both edges' caches before anything changes.
    const warm = async (user: TestUser) => {
      for (const app of apps) {
        t.equal(await getStatus(app, STATS, { 'x-api-key': user.apiKey }), 200, 'key warm')
        t.equal(await getStatus(app, ME, { authorization: `Bearer ${user.token}` }), 200, 'token warm')
      }
    }
    const expectRefused = async (app: FastifyInstance, headers: Record<string, string>, label: string) => {
      // In one process the very next request is refused; across processes, within the limit.
      const tookMs =
        limitMs === 0 ? ((await getStatus(app, STATS, headers)) === 401 ? 0 : -1) : await waitForStatus(app, STATS, headers, 401, limitMs)
      t.ok(tookMs >= 0, `${label}: refused${limitMs ? ` after ${Math.round(tookMs)} ms` : ''}`)
    }

    t.test('revoking a key', async (t) => {
      const user = await registerTestUser(a, 'revoke')
      await warm(user)
      const revoked = await a.inject({
        method: 'DELETE',
        url: `/api/v1/api-keys/${user.apiKeyId}`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      t.equal(revoked.statusCode, 200)
      await expectRefused(a, { 'x-api-key': user.apiKey }, 'the edge that revoked')
      await expectRefused(b, { 'x-api-key': user.apiKey }, 'the other edge')
      t.equal(await getStatus(b, ME, { authorization: `Bearer ${user.token}` }), 200, 'the token is unaffected')
    })

    t.test('rotating a key: the old one has 24 h left on every edge', async (t) => {
      const user = await registerTestUser(a, 'rotate')
      await warm(user)
      const rotated = await a.inject({
        method: 'POST',
        url: `/api/v1/api-keys/${user.apiKeyId}/rotate`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      t.equal(rotated.statusCode, 200)
      const newKey = (rotated.json() as { key: string }).key
      for (const app of apps) t.equal(await getStatus(app, STATS, { 'x-api-key': newKey }), 200, 'the new key works')
      const rotatedAtMs = clock.nowMs
      clock.nowMs = rotatedAtMs + DAY_MS - 1
      for (const app of apps) t.equal(await getStatus(app, STATS, { 'x-api-key': user.apiKey }), 200, 'the old key works until 24 h')
      clock.nowMs = rotatedAtMs + DAY_MS
      for (const app of apps) {
        // The grace period is known without a database query: it travelled with the invalidation.
        t.equal(await getStatus(app, STATS, { 'x-api-key': user.apiKey }), 401, 'the old key fails at 24 h')
        t.equal(await getStatus(app, STATS, { 'x-api-key': newKey }), 200, 'the new key still works')
      }
      clock.nowMs = rotatedAtMs
    })

    t.test('soft-deleting the account', async (t) => {
      const user = await registerTestUser(a, 'delete')
      await warm(user)
      const deleted = await b.inject({ method: 'DELETE', url: '/auth/account', headers: { authorization: `Bearer ${user.token}` } })
      t.equal(deleted.statusCode, 200)
      for (const [name, app] of [
        ['a', a],
        ['b', b],
      ] as const) {
        await expectRefused(app, { 'x-api-key': user.apiKey }, `edge ${name}: the key`)
        await expectRefused(app, { authorization: `Bearer ${user.token}` }, `edge ${name}: the token`)
      }
    })
  })
}
