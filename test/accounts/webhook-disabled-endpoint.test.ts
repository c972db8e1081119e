/**
 * A disabled endpoint (deliveries failed for 24 h) is sent nothing, so nothing more is queued to
 * it: `test` and `redeliver` answer `webhook_endpoint_disabled` and leave no pending delivery
 * behind (one would never be claimed, and would count toward the endpoint's cap), while the
 * user's enabled endpoints take them as ever. On PostgreSQL, an endpoint disabled by a give-up
 * running at the same instant as a test leaves no pending delivery either: the test waits for the
 * give-up's transaction and then finds the endpoint disabled.
 */
import t from 'tap'
import { WEBHOOK_UNREACHABLE_ERROR } from '../../accounts/webhooks/webhook-delivery-worker.js'
import { createWebhookOutboxClaims } from '../../accounts/webhooks/webhook-outbox-claims.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createTestUserService } from '../helpers/user-service.js'
import { waitUntil } from '../helpers/wait-until.js'
import { registerWebhookUser } from './webhook-fixtures.js'

const UNREACHABLE = { ok: false, statusCode: null, latencyMs: null, error: WEBHOOK_UNREACHABLE_ERROR }
const REASON = `deliveries failed for 24 h (last: ${WEBHOOK_UNREACHABLE_ERROR})`

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: test and redeliver on a disabled endpoint`, async (t) => {
    const users = await createTestUserService(t, { kind, webhookUrlPolicy: { allowPrivateUrls: true } })
    const { userService, db } = users
    const userId = await registerWebhookUser(users, 'disabled')
    const pending = async (endpointId: string) =>
      (
        await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [
          endpointId,
        ])
      )[0]?.n

    t.test('answer webhook_endpoint_disabled and queue nothing', async (t) => {
      const dead = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/dead', events: ['quota.exceeded'] })
      const live = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/live', events: ['quota.exceeded'] })
      const first = await userService.sendTestWebhook(userId, dead.id)
      // Disabled the way the worker disables it: its oldest delivery given up after 24 h.
      await createWebhookOutboxClaims(db).giveUp(first.id, dead.id, UNREACHABLE, REASON, users.clock.now())
      t.match(
        (await userService.listWebhookEndpoints(userId)).find((endpoint) => endpoint.id === dead.id),
        { disabled_at: String, disabled_reason: REASON },
        'the endpoint is disabled',
      )
      const before = await userService.listWebhookDeliveries(userId, dead.id)

      await t.rejects(userService.sendTestWebhook(userId, dead.id), { code: 'webhook_endpoint_disabled' }, 'test: refused')
      await t.rejects(userService.redeliverWebhook(userId, dead.id, first.id), { code: 'webhook_endpoint_disabled' }, 'redeliver: refused')
      t.strictSame(await userService.listWebhookDeliveries(userId, dead.id), before, 'no delivery was added to its log')
      t.equal(await pending(dead.id), 0, 'nothing pending on the disabled endpoint')

      t.match(await userService.sendTestWebhook(userId, live.id), { status: 'pending' }, 'an enabled endpoint of the same user: queued')
      await userService.deleteWebhookEndpoint(userId, dead.id)
      await t.rejects(userService.sendTestWebhook(userId, dead.id), { code: 'not_found' }, 'deleted: not_found, as before')
    })

    t.test(
      'a give-up committing while a test is queued leaves nothing pending',
      { skip: kind !== 'postgres' && 'PGlite runs one transaction at a time' },
      async (t) => {
        const endpoint = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/racing', events: ['quota.exceeded'] })
        let release = () => {}
        const released = new Promise<void>((resolve) => (release = resolve))
        let giveUpPid = 0
        // The give-up's statements (webhook-outbox-claims.ts), held open before their commit.
        const givingUp = db.transaction(async (client) => {
          const [backend] = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
          await client.query('UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = $2 WHERE id = $1', [endpoint.id, REASON])
          await client.query(
            `UPDATE webhook_deliveries SET status = 'failed', lease_until = NULL, last_error = 'the endpoint is disabled'
           WHERE endpoint_id = $1 AND status = 'pending'`,
            [endpoint.id],
          )
          giveUpPid = backend?.pid ?? 0
          await released
        })
        await waitUntil(() => giveUpPid !== 0, 10_000, 'the give-up holds its transaction')

        let settled = false
        const testing = userService.sendTestWebhook(userId, endpoint.id).finally(() => (settled = true))
        testing.catch(() => undefined)
        // Either the test waits on the give-up's lock (the fix), or it went through beside it.
        let blocked = false
        while (!settled && !blocked) {
          const [waiting] = await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
            [giveUpPid],
          )
          blocked = (waiting?.n ?? 0) > 0
          if (!blocked) await new Promise((resolve) => setTimeout(resolve, 5))
        }
        t.ok(blocked, 'the test waited for the give-up to commit')
        release()
        await givingUp
        await t.rejects(testing, { code: 'webhook_endpoint_disabled' }, 'and then found the endpoint disabled')
        t.equal(await pending(endpoint.id), 0, 'nothing pending on the disabled endpoint')
      },
    )
  })
}
