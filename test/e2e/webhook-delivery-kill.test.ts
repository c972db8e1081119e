/**
 * Nothing queued is lost when the accounts process dies mid-delivery: the real process
 * (`node --import tsx accounts/main.ts`) sends a queue of signed webhooks to a real receiver that
 * holds the first POST unanswered; the process is killed with SIGKILL while that delivery is in
 * flight, started again on the same database, and then every event arrives — the one in flight a
 * second time once its lease ran out, then the rest, in the order they were queued — each signed
 * as docs/webhooks.md says, each listed as succeeded, and nothing is sent again afterwards.
 * On the embedded database, and on DATABASE_URL (in a schema of its own) when it is set.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { verifyPreflightSignature } from '../accounts/webhook-verify.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { startHoldingWebhookReceiver } from '../helpers/holding-webhook-receiver.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createIsolatedDatabaseUrl, startAccountsProcess } from '../helpers/accounts-process.js'
import { createServiceProcessSetup, waitForExit } from '../helpers/service-process.js'
import { waitUntil } from '../helpers/wait-until.js'

// Two database kinds when DATABASE_URL is set, each two boots, a kill and a 6 s lease: more than tap's 60 s default on a loaded machine.
t.setTimeout(120_000)

const JWT_SECRET = 'an-e2e-secret-of-at-least-32-bytes!'
/** The shortest lease the configuration allows: the in-flight delivery is free again 6 s after its claim. */
const LEASE_MS = 6_000
/** The worker polls every second; a few polls for each of the events after the restart. */
const DELIVERY_LIMIT_MS = 20_000
/** Longer than two polls: a delivery sent again would show within it. */
const QUIET_MS = 2_500

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: kill -9 mid-delivery loses no webhook; after a restart each arrives, in order, signed, once more at most`, async (t) => {
    const receiver = await startHoldingWebhookReceiver(t)
    const overrides: NodeJS.ProcessEnv = {
      ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      JWT_SECRET,
      WEBHOOK_ALLOW_PRIVATE_URLS: '1',
      // Only the lease brings the killed delivery back; a retry (should a POST fail) comes quickly.
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_LEASE_MS: String(LEASE_MS),
    }
    if (kind === 'postgres') {
      overrides.DATABASE_URL = await createIsolatedDatabaseUrl(t, process.env.DATABASE_URL as string)
    }
    const setup = await createServiceProcessSetup(t, overrides)
    const port = setup.ports.accountsGrpc
    const address = `127.0.0.1:${port}`

    const first = await startAccountsProcess(t, setup.env, port)
    if (!first) return
    const client = createGrpcUserServiceClient(address, { internalToken: TEST_INTERNAL_TOKEN })
    let userId: string
    let endpointId: string
    let secret: string
    const queued: string[] = []
    try {
      const auth = await client.register({
        email: `kill-${randomBytes(4).toString('hex')}@example.com`,
        password: 'correct horse battery staple',
      })
      userId = (await verifyAccessToken(new TextEncoder().encode(JWT_SECRET), auth.token, Date.now()))?.userId as string
      const endpoint = await client.createWebhookEndpoint(userId, { url: receiver.url, events: ['transaction.landed'] })
      endpointId = endpoint.id
      secret = endpoint.secret as string
      // A test event, a subscribed event, a test event: one queue per endpoint, whatever the type.
      queued.push((await client.sendTestWebhook(userId, endpointId)).event_id)
      await client.enqueueWebhookEvent(userId, 'transaction.landed', { signature: 'kill-test', slot: 42 })
      const [landed] = await client.listWebhookDeliveries(userId, endpointId)
      queued.push(landed?.event_id as string)
      queued.push((await client.sendTestWebhook(userId, endpointId)).event_id)
    } finally {
      await client.close()
    }
    t.equal(new Set(queued).size, 3, 'three distinct events queued')

    await waitUntil(() => receiver.received.length >= 1, 10_000, 'the first POST')
    // The POST timeout is 5 s: kill well within it, while the receiver still holds the request.
    t.ok(process.kill(first.child.pid as number, 'SIGKILL'), 'SIGKILL sent to the accounts node process')
    const killed = await waitForExit(first.child, 5_000)
    t.same(killed, { code: null, signal: 'SIGKILL' }, 'the process died of SIGKILL, no drain')
    t.strictSame(
      receiver.received.map((hook) => hook.eventId),
      [queued[0]],
      'before the kill only the head of the queue was sent: the others wait behind the one in flight',
    )
    receiver.hold(false)

    const second = await startAccountsProcess(t, setup.env, port)
    if (!second) return
    const answered = () => receiver.received.filter((hook) => !hook.held)
    await waitUntil(() => answered().length >= queued.length, DELIVERY_LIMIT_MS, 'every event after the restart').catch((error: unknown) =>
      t.fail(String(error), { received: receiver.received.map((hook) => hook.eventId), output: second.output() }),
    )
    t.strictSame(
      answered().map((hook) => hook.eventId),
      queued,
      'after the restart every event arrives, the one in flight at the kill first again, the rest in the order queued',
    )
    for (const hook of receiver.received) {
      t.ok(
        verifyPreflightSignature(hook.body, hook.signature, secret),
        `${hook.eventType} ${hook.eventId} verifies with the documented code`,
      )
    }
    t.same(
      receiver.received.filter((hook) => hook.eventId === queued[0]).map((hook) => hook.body),
      [receiver.received[0]?.body, receiver.received[0]?.body],
      'the in-flight event was sent again with the same body (same id): at least once',
    )

    const reader = createGrpcUserServiceClient(address, { internalToken: TEST_INTERNAL_TOKEN })
    t.teardown(() => reader.close())
    let deliveries = await reader.listWebhookDeliveries(userId, endpointId)
    // The last success is recorded just after its 200 was answered.
    for (let i = 0; i < 50 && deliveries.some((delivery) => delivery.status !== 'succeeded'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      deliveries = await reader.listWebhookDeliveries(userId, endpointId)
    }
    t.strictSame(
      deliveries
        .slice()
        .reverse()
        .map(({ event_id, status, attempts, last_response_code }) => ({ event_id, status, attempts, last_response_code })),
      queued.map((event_id) => ({ event_id, status: 'succeeded', attempts: 1, last_response_code: 200 })),
      'the outbox lists every delivery succeeded at its first recorded attempt (the killed one never recorded)',
    )

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    t.equal(receiver.received.length, queued.length + 1, 'nothing is sent again: one POST per event, plus the one redelivery')
    t.notMatch(second.output(), /"level":50/, 'the restarted process logged no error', { output: second.output().slice(-4000) })
  })
}
