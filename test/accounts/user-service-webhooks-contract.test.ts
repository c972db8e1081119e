/**
 * The webhooks part of the UserService contract, run against both transports (in-process and
 * gRPC) on one database: each method's answer, null fields, the secret only where it is shown,
 * not_found and validation_error with their messages, and events queued through the interface.
 */
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import { startUserServiceServer } from '../../accounts/server.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import { isServiceError } from '../../lib/errors.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createTestUserService, type TestUserService } from '../helpers/user-service.js'

async function rejectsWith(t: Test, promise: Promise<unknown>, code: 'not_found' | 'validation_error', message: RegExp, label: string) {
  try {
    await promise
    t.fail(`${label}: resolved`)
  } catch (error) {
    t.ok(isServiceError(error, code), `${label}: ${code}`)
    t.match((error as Error).message, message, `${label}: message`)
  }
}

async function runSuite(t: Test, client: UserServiceClient, users: TestUserService) {
  const email = `contract-${randomUUID()}@example.com`
  await users.userService.register({ email, password: 'correct horse battery staple' })
  const [row] = await users.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  const userId = row?.id ?? ''

  const created = await client.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/hook', events: ['transaction.landed'] })
  t.match(created, {
    url: 'http://127.0.0.1:9/hook',
    events: ['transaction.landed'],
    description: null,
    disabled_at: null,
    disabled_reason: null,
  })
  t.match(created.secret, /^whsec_/, 'create shows the secret')
  users.clock.nowMs += 1
  const described = await client.createWebhookEndpoint(userId, {
    url: 'http://127.0.0.1:9/b',
    events: ['quota.exceeded'],
    description: 'd',
  })
  t.equal(described.description, 'd')

  const listed = await client.listWebhookEndpoints(userId)
  t.strictSame(
    listed.map((e) => e.id),
    [created.id, described.id],
  )
  t.notOk(
    listed.some((e) => 'secret' in e),
    'no secret in a listing',
  )
  const { secret: _secret, ...withoutSecret } = created
  t.strictSame(listed[0], withoutSecret, 'the listing equals the created endpoint but for its secret')

  const rotated = await client.rotateWebhookSecret(userId, created.id)
  t.not(rotated.secret, created.secret)

  const test = await client.sendTestWebhook(userId, created.id)
  t.match(test, { event_type: 'webhook.test', status: 'pending', attempts: 0, last_response_code: null, delivered_at: null })
  const again = await client.redeliverWebhook(userId, created.id, test.id)
  t.equal(again.event_id, test.event_id)
  await client.enqueueWebhookEvent(userId, 'transaction.landed', { signature: 's' })
  t.strictSame(
    (await client.listWebhookDeliveries(userId, created.id)).map((d) => d.event_type),
    ['transaction.landed', 'webhook.test', 'webhook.test'],
    'deliveries newest first',
  )
  t.strictSame(await client.listWebhookDeliveries(userId, described.id), [], 'an unsubscribed endpoint got nothing')

  const stranger = randomUUID()
  await rejectsWith(t, client.deleteWebhookEndpoint(stranger, created.id), 'not_found', /./, "a stranger's delete")
  await rejectsWith(t, client.listWebhookDeliveries(stranger, created.id), 'not_found', /./, "a stranger's deliveries")
  await rejectsWith(t, client.redeliverWebhook(userId, created.id, 'nope'), 'not_found', /./, 'a malformed delivery id')
  await rejectsWith(
    t,
    client.createWebhookEndpoint(userId, { url: 'http://127.0.0.1/x', events: ['nope'] }),
    'validation_error',
    /^events\[0\]/,
    'an unknown event',
  )
  await rejectsWith(
    t,
    client.createWebhookEndpoint(userId, { url: 'http://169.254.169.254/', events: ['quota.exceeded'] }),
    'validation_error',
    /^url: link-local/,
    'a metadata URL',
  )
  await client.deleteWebhookEndpoint(userId, described.id)
  t.strictSame(
    (await client.listWebhookEndpoints(userId)).map((e) => e.id),
    [created.id],
    'deleted',
  )
}

t.test('webhooks contract, both transports', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const server = await startUserServiceServer(users.userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const grpc = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await grpc.close()
    await server.close()
  })
  t.test('in-process', (t) => runSuite(t, createInProcessUserServiceClient(users.userService), users))
  t.test('gRPC', (t) => runSuite(t, grpc, users))
})
