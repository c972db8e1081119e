/**
 * Webhook events caused by history records: a blocked simulation, a blocked and a submitted execute
 * are queued to the user's subscribed endpoints in the statement that stores the records; other
 * records, other users' endpoints and unsubscribed events queue nothing, and a record delivered
 * twice (a journal replay) queues its event once.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { createTestUserService } from '../helpers/user-service.js'
import { createRecord } from './history-fixtures.js'

t.test('history records queue their webhook events once', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService, db } = users
  const register = async (label: string) => {
    const email = `${label}-${randomUUID()}@example.com`
    await userService.register({ email, password: 'correct horse battery staple' })
    const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
    return row?.id ?? ''
  }
  const userId = await register('events')
  const otherId = await register('other')
  const endpoint = await userService.createWebhookEndpoint(userId, {
    url: 'http://127.0.0.1:9/hook',
    events: ['simulation.blocked', 'execute.submitted', 'execute.blocked'],
  })
  await userService.createWebhookEndpoint(otherId, { url: 'http://127.0.0.1:9/other', events: ['execute.submitted'] })
  const onlySubmitted = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/only', events: ['execute.submitted'] })

  const at = Date.now()
  const records = [
    createRecord(userId, { createdAtMs: at, decision: 'block', riskLevel: 'critical', signature: 'sigBlocked', recordId: randomUUID() }),
    createRecord(userId, { createdAtMs: at + 1, decision: 'approve', recordId: randomUUID() }),
    createRecord(userId, { createdAtMs: at + 2, kind: 'execute', decision: 'block', failureReason: 'drain', recordId: randomUUID() }),
    createRecord(userId, { createdAtMs: at + 3, kind: 'execute', decision: 'warn', signature: 'sigSent', recordId: randomUUID() }),
  ]
  await userService.recordSimulations(records)
  await userService.recordSimulations(records)

  const deliveries = await userService.listWebhookDeliveries(userId, endpoint.id)
  t.strictSame(
    deliveries.map((d) => d.event_type),
    ['execute.submitted', 'execute.blocked', 'simulation.blocked'],
    'one event per causing record, newest first, none for an approved simulation, none twice after a replay',
  )
  t.ok(
    deliveries.every((d) => d.status === 'pending'),
    'queued for the worker',
  )
  const [payload] = await db.query<{ payload: { id: string; type: string; created_at: string; data: Record<string, unknown> } }>(
    `SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type = 'simulation.blocked'`,
    [endpoint.id],
  )
  t.match(payload?.payload, { type: 'simulation.blocked', data: { signature: 'sigBlocked', decision: 'block', risk_level: 'critical' } })
  t.equal(payload?.payload.created_at, new Date(at).toISOString(), 'created_at is the record time, ISO')
  t.equal(payload?.payload.id, payload?.payload.data.history_id, 'the event id is the history record id')
  t.strictSame(
    (await userService.listWebhookDeliveries(userId, onlySubmitted.id)).map((d) => d.event_type),
    ['execute.submitted'],
    'an endpoint gets only the events it subscribes to',
  )
  const [others] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = $1',
    [otherId],
  )
  t.equal(others?.n, 0, "another user's endpoint gets none of these")
})
