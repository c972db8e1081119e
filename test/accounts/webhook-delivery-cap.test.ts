/**
 * An endpoint holds at most MAX_PENDING_WEBHOOK_DELIVERIES pending deliveries: an event queued past
 * it — by any path: an event of the user (billing's), a history batch crossing the cap within one
 * statement, a test or a redelivery — is stored failed at once with a last_error saying why, while
 * the user's other endpoints get it as usual; the deliveries kept stay pending (at least once, in
 * order), and once one of them leaves the queue there is room again.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { MAX_PENDING_WEBHOOK_DELIVERIES } from '../../accounts/webhooks/webhook-values.js'
import { createTestUserService } from '../helpers/user-service.js'
import { createRecord } from './history-fixtures.js'
import { registerWebhookUser } from './webhook-fixtures.js'

const FULL = new RegExp(`^not queued: ${MAX_PENDING_WEBHOOK_DELIVERIES} deliveries to this endpoint were already pending$`)

t.test('pending deliveries per endpoint are capped', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService, db } = users
  const userId = await registerWebhookUser(users, 'cap')
  const events = ['simulation.blocked', 'quota.exceeded'] as const
  const full = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/full', events: [...events] })
  const other = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/other', events: [...events] })
  const pending = async (endpointId: string) =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [
        endpointId,
      ])
    )[0]?.n
  /** `count` deliveries queued to `endpointId` in one statement, as an outage leaves them. */
  const fill = (endpointId: string, count: number) =>
    db.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'webhook.test', '{}'::jsonb, 'pending', now(), now() FROM generate_series(1, $2)`,
      [endpointId, count],
    )

  await fill(full.id, MAX_PENDING_WEBHOOK_DELIVERIES - 1)
  const last = await userService.sendTestWebhook(userId, full.id)
  t.match(last, { status: 'pending', last_error: null }, 'the delivery that reaches the cap is queued')
  t.equal(await pending(full.id), MAX_PENDING_WEBHOOK_DELIVERIES, 'the endpoint is at its cap')

  const refused = await userService.sendTestWebhook(userId, full.id)
  t.match(refused, { status: 'failed', attempts: 0, last_error: FULL }, 'a test past the cap is answered failed, saying why')
  const redelivered = await userService.redeliverWebhook(userId, full.id, last.id)
  t.match(redelivered, { status: 'failed', last_error: FULL }, 'so is a redelivery')

  await userService.enqueueWebhookEvent(userId, 'quota.exceeded', { day: '2031-05-04' })
  const [newestFull] = await userService.listWebhookDeliveries(userId, full.id)
  const [newestOther] = await userService.listWebhookDeliveries(userId, other.id)
  t.match(newestFull, { event_type: 'quota.exceeded', status: 'failed', last_error: FULL }, 'an event past the cap is stored failed')
  t.match(newestOther, { event_type: 'quota.exceeded', status: 'pending' }, 'the other endpoint gets it as usual: the cap is per endpoint')
  t.equal(await pending(full.id), MAX_PENDING_WEBHOOK_DELIVERIES, 'nothing was queued past the cap')

  // One statement crossing the cap: a history batch of three blocked simulations, with one slot left.
  await db.query(
    `UPDATE webhook_deliveries SET status = 'succeeded' WHERE id = (
       SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' ORDER BY seq LIMIT 1)`,
    [full.id],
  )
  const at = Date.now()
  await userService.recordSimulations(
    [0, 1, 2].map((n) => createRecord(userId, { createdAtMs: at + n, decision: 'block', signature: `sig${n}`, recordId: randomUUID() })),
  )
  const batch = (await userService.listWebhookDeliveries(userId, full.id)).filter((d) => d.event_type === 'simulation.blocked')
  t.strictSame(
    batch.map((d) => d.status).sort(),
    ['failed', 'failed', 'pending'],
    'a batch crossing the cap within one statement: one event fills the slot, the rest are stored failed',
  )
  t.equal(await pending(full.id), MAX_PENDING_WEBHOOK_DELIVERIES, 'still at the cap, not past it')
  t.equal(
    (await userService.listWebhookDeliveries(userId, other.id)).filter(
      (d) => d.event_type === 'simulation.blocked' && d.status === 'pending',
    ).length,
    3,
    'the other endpoint got the whole batch',
  )
})
