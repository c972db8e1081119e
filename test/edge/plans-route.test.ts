/**
 * GET /api/v1/plans over REST (fastify inject): schedule 1's prices and `billing_enabled`, which is
 * false without Stripe settings and true with them (the Stripe stand-in), alike with the user
 * service in-process and over gRPC. The edge asks the accounts service once and keeps the answer
 * (concurrent first requests share the one call); a failed call is not kept: that request answers
 * 503 accounts_unavailable with Retry-After, and the next one asks again.
 */
import { getFreePort } from '../../lib/free-port.js'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { UserService } from '../../accounts/contract/index.js'
import { startUserServiceServer } from '../../accounts/server.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { createServiceError } from '../../lib/errors.js'
import { startTestBilling } from '../helpers/billing.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { quietLogger } from '../helpers/stack.js'
import { unusedEngine } from '../helpers/unused-engine.js'
import { createTestUserService, type TestUserService } from '../helpers/user-service.js'

const SCHEDULE_1 = { model: 'pay_as_you_go', analysis_free_tier: 1000, analysis_rate: 0.002 }

const getPlans = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/plans', headers })

/** `users` with its isBillingEnabled counted, and failing with accounts_unavailable while `failing.count` > 0. */
function countBillingEnabled(users: TestUserService, failing = { count: 0 }): { users: TestUserService; calls: () => number } {
  let calls = 0
  const userService: UserService = {
    ...users.userService,
    isBillingEnabled: async () => {
      calls++
      if (failing.count > 0) {
        failing.count--
        throw createServiceError('accounts_unavailable')
      }
      return users.userService.isBillingEnabled()
    },
  }
  return { users: { ...users, userService }, calls: () => calls }
}

/** A user service over gRPC (a real server and client on 127.0.0.1), closed with the test. */
async function overGrpc(t: Test, users: TestUserService): Promise<TestUserService> {
  const server = await startUserServiceServer(users.userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return { ...users, userService: client }
}

t.test('without Stripe settings: billing_enabled false, asked once', async (t) => {
  const counted = countBillingEnabled(await createTestUserService(t))
  const { app, user } = await createTestEdgeWithUser(t, unusedEngine, { users: counted.users })
  const first = await getPlans(app)
  t.equal(first.statusCode, 200)
  t.strictSame(getJson(first), { ...SCHEDULE_1, billing_enabled: false }, 'schedule 1, billing off')
  const withKey = await getPlans(app, { 'x-api-key': user.apiKey })
  t.strictSame(getJson(withKey), getJson(first), 'a credential changes nothing')
  await Promise.all(Array.from({ length: 5 }, () => getPlans(app)))
  t.equal(counted.calls(), 1, 'the accounts service was asked once')
})

t.test('with Stripe settings (the stand-in): billing_enabled true', async (t) => {
  const { settings } = await startTestBilling(t)
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users: await createTestUserService(t, { billing: settings }) })
  const response = await getPlans(app)
  t.equal(response.statusCode, 200)
  t.strictSame(getJson(response), { ...SCHEDULE_1, billing_enabled: true }, 'schedule 1, billing on')
})

t.test('concurrent first requests share one call', async (t) => {
  const counted = countBillingEnabled(await createTestUserService(t))
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users: counted.users })
  const answers = await Promise.all(Array.from({ length: 4 }, () => getPlans(app)))
  t.strictSame(
    answers.map((answer) => answer.statusCode),
    [200, 200, 200, 200],
  )
  t.equal(counted.calls(), 1, 'one call for the four')
})

t.test('a failed call is not kept: 503 accounts_unavailable with Retry-After, then the next request asks again', async (t) => {
  const failing = { count: 1 }
  const counted = countBillingEnabled(await createTestUserService(t), failing)
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users: counted.users })
  const refused = await getPlans(app)
  assertErrorEnvelope(t, refused, 'accounts_unavailable', 'the accounts service unreachable')
  t.equal(refused.headers['retry-after'], '1', 'Retry-After')
  const answered = await getPlans(app)
  t.equal(answered.statusCode, 200, 'answered once the accounts service is back')
  t.strictSame(getJson(answered), { ...SCHEDULE_1, billing_enabled: false })
  await getPlans(app)
  t.equal(counted.calls(), 2, 'asked again after the failure, then kept')
})

t.test('over gRPC: the remote accounts service tells', async (t) => {
  t.test('without Stripe settings', async (t) => {
    const { app } = await createTestEdgeWithUser(t, unusedEngine, { users: await overGrpc(t, await createTestUserService(t)) })
    t.strictSame(getJson(await getPlans(app)), { ...SCHEDULE_1, billing_enabled: false })
  })
  t.test('with Stripe settings', async (t) => {
    const { settings } = await startTestBilling(t)
    const users = await overGrpc(t, await createTestUserService(t, { billing: settings }))
    const { app } = await createTestEdgeWithUser(t, unusedEngine, { users })
    t.strictSame(getJson(await getPlans(app)), { ...SCHEDULE_1, billing_enabled: true })
  })
  t.test('unreachable: 503 accounts_unavailable with Retry-After', async (t) => {
    // A port nothing listens on: every call's connection is refused.
    const client = createGrpcUserServiceClient(`127.0.0.1:${await getFreePort()}`, {
      internalToken: TEST_INTERNAL_TOKEN,
      callTimeoutMs: 1_000,
    })
    t.teardown(() => client.close())
    const { signingKey } = await createTestUserService(t)
    const app = createEdgeServer({ engine: unusedEngine, userService: client, signingKey, logger: quietLogger, bodyLimitBytes: 256 * 1024 })
    await app.ready()
    t.teardown(() => app.close())
    const refused = await getPlans(app)
    assertErrorEnvelope(t, refused, 'accounts_unavailable', 'a closed port')
    t.equal(refused.headers['retry-after'], '1', 'Retry-After')
  })
})
