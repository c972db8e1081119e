/**
 * The webhook delivery worker against a real HTTP receiver on 127.0.0.1 (private URLs allowed, as in
 * development): signatures the documented code verifies (both secrets during a rotation), retries
 * that stop on the first 2xx, order per endpoint, an endpoint disabled after a day of failures, a
 * claim left by a dead worker taken over once its lease runs out, and two workers over one database
 * delivering each event once.
 */
import t, { type Test } from 'tap'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWebhookOutboxClaims } from '../../accounts/webhooks/webhook-outbox-claims.js'
import { getWebhookRetryDelayMs, WEBHOOK_MAX_RETRY_DELAY_MS } from '../../accounts/webhooks/webhook-retry.js'
import { createTestUserService } from '../helpers/user-service.js'
import { waitUntil } from '../helpers/wait-until.js'
import { verifyPreflightSignature } from './webhook-verify.js'
import { registerWebhookUser, startTestDeliveryWorker } from './webhook-fixtures.js'

interface Received {
  path: string
  body: string
  signature: string
  payload: { id: string; type: string; created_at: string; data: unknown }
}

/** A receiver answering each request with the next status of `statuses` (the last one repeats). */
async function startReceiver(t: Test, statuses: number[] = [200]) {
  const received: Received[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        body,
        signature: String(request.headers['x-preflight-signature']),
        payload: JSON.parse(body) as Received['payload'],
      })
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}

t.test('back-off grows, with jitter, up to its cap', async (t) => {
  for (let attempts = 1; attempts < 12; attempts++) {
    const longestNow = getWebhookRetryDelayMs(attempts, 30_000, 0.999)
    const shortestNext = getWebhookRetryDelayMs(attempts + 1, 30_000, 0)
    if (longestNow < WEBHOOK_MAX_RETRY_DELAY_MS * 0.75)
      t.ok(shortestNext > longestNow, `delay ${attempts + 1} is longer than delay ${attempts}`)
  }
  t.ok(getWebhookRetryDelayMs(40, 30_000, 0.999) <= WEBHOOK_MAX_RETRY_DELAY_MS, 'capped')
})

t.test('webhook delivery', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService } = users

  t.test('signed with the documented scheme; both secrets during a rotation', async (t) => {
    const receiver = await startReceiver(t)
    const userId = await registerWebhookUser(users, 'sign')
    const endpoint = await userService.createWebhookEndpoint(userId, { url: receiver.url, events: ['transaction.landed'] })
    const worker = startTestDeliveryWorker(t, users)
    await userService.enqueueWebhookEvent(userId, 'transaction.landed', { signature: 'abc', slot: 7 })
    await userService.enqueueWebhookEvent(userId, 'execute.submitted', { ignored: true })
    await waitUntil(() => receiver.received.length >= 1, 5_000, 'the first delivery')
    const [first] = receiver.received
    t.ok(first && verifyPreflightSignature(first.body, first.signature, endpoint.secret ?? ''), 'the documented code verifies it')
    t.notOk(first && verifyPreflightSignature(first.body + ' ', first.signature, endpoint.secret ?? ''), 'a changed body does not verify')
    t.notOk(first && verifyPreflightSignature(first.body, first.signature, 'whsec_other'), 'another secret does not verify')
    t.match(first?.signature, /^t=\d+,v1=[0-9a-f]{64}$/, 'one v1 outside a rotation')
    t.match(first?.payload, { type: 'transaction.landed', data: { signature: 'abc', slot: 7 } })
    t.match(first?.payload.id, /^[0-9a-f-]{36}$/, 'the event has an id')
    t.ok(first && !Number.isNaN(Date.parse(first.payload.created_at)), 'and a created_at')

    const rotated = await userService.rotateWebhookSecret(userId, endpoint.id)
    await userService.sendTestWebhook(userId, endpoint.id)
    await waitUntil(() => receiver.received.length >= 2, 5_000, 'the test delivery')
    const second = receiver.received[1]
    t.match(second?.signature, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/, 'two v1 during a rotation')
    t.ok(second && verifyPreflightSignature(second.body, second.signature, rotated.secret ?? ''), 'the new secret verifies')
    t.ok(second && verifyPreflightSignature(second.body, second.signature, endpoint.secret ?? ''), 'the old secret still verifies')
    t.equal(second?.payload.type, 'webhook.test')
    await worker.stop()
    t.equal(receiver.received.length, 2, 'an event the endpoint does not subscribe to is not sent')
  })

  t.test('500, 500, 200: three attempts, then it stops', async (t) => {
    const receiver = await startReceiver(t, [500, 500, 200])
    const userId = await registerWebhookUser(users, 'retry')
    const endpoint = await userService.createWebhookEndpoint(userId, { url: receiver.url, events: ['quota.exceeded'] })
    const worker = startTestDeliveryWorker(t, users)
    await userService.enqueueWebhookEvent(userId, 'quota.exceeded', { limit: 1000 })
    await waitUntil(() => receiver.received.length >= 3, 10_000, 'three attempts')
    let deliveries = await userService.listWebhookDeliveries(userId, endpoint.id)
    for (let i = 0; i < 200 && deliveries[0]?.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      deliveries = await userService.listWebhookDeliveries(userId, endpoint.id)
    }
    t.match(deliveries, [{ status: 'succeeded', attempts: 3, last_response_code: 200, next_attempt_at: null }], 'succeeded on the third')
    t.type(deliveries[0]?.last_latency_ms, 'number', 'its latency is kept')
    await worker.stop()
    t.equal(await worker.runOnce(), 0, 'nothing is left to send')
    t.equal(receiver.received.length, 3, 'no attempt after the success')
    t.equal(new Set(receiver.received.map((r) => r.payload.id)).size, 1, 'the same event each time')
  })

  t.test('in order per endpoint: a later event waits for the earlier one', async (t) => {
    const receiver = await startReceiver(t, [503, 200])
    const userId = await registerWebhookUser(users, 'order')
    await userService.createWebhookEndpoint(userId, { url: receiver.url, events: ['transaction.failed'] })
    await userService.enqueueWebhookEvent(userId, 'transaction.failed', { n: 1 })
    await userService.enqueueWebhookEvent(userId, 'transaction.failed', { n: 2 })
    startTestDeliveryWorker(t, users)
    await waitUntil(() => receiver.received.length >= 3, 10_000, 'three requests')
    t.strictSame(
      receiver.received.map((r) => r.payload.data),
      [{ n: 1 }, { n: 1 }, { n: 2 }],
      'the second event was sent only after the first succeeded',
    )
  })

  t.test('a delivery failing for 24 h fails, and its endpoint is disabled', async (t) => {
    const receiver = await startReceiver(t, [500])
    const userId = await registerWebhookUser(users, 'disable')
    const endpoint = await userService.createWebhookEndpoint(userId, { url: receiver.url, events: ['transaction.expired'] })
    await userService.enqueueWebhookEvent(userId, 'transaction.expired', { n: 1 })
    await userService.enqueueWebhookEvent(userId, 'transaction.expired', { n: 2 })
    const dayLater = users.clock.nowMs + 25 * 60 * 60 * 1000
    const worker = startTestDeliveryWorker(t, users, { now: () => dayLater })
    await waitUntil(() => receiver.received.length >= 1, 5_000, 'one attempt')
    await worker.stop()
    const [listed] = await userService.listWebhookEndpoints(userId)
    t.ok(listed?.disabled_at, 'the endpoint is disabled')
    t.match(listed?.disabled_reason, /failed for 24 h.*HTTP 500/, 'and says why')
    const deliveries = await userService.listWebhookDeliveries(userId, endpoint.id)
    t.strictSame(
      deliveries.map((d) => d.status),
      ['failed', 'failed'],
      'the delivery failed, and the one queued behind it too',
    )
    await userService.enqueueWebhookEvent(userId, 'transaction.expired', { n: 3 })
    t.equal((await userService.listWebhookDeliveries(userId, endpoint.id)).length, 2, 'a disabled endpoint gets no new deliveries')
    t.equal(receiver.received.length, 1, 'only the one attempt was sent')
  })

  t.test('a worker that died mid-delivery: its lease runs out and another sends it', async (t) => {
    const receiver = await startReceiver(t)
    const userId = await registerWebhookUser(users, 'crash')
    const endpoint = await userService.createWebhookEndpoint(userId, { url: receiver.url, events: ['execute.blocked'] })
    await userService.enqueueWebhookEvent(userId, 'execute.blocked', { reason: 'drain' })
    // The dead worker: it claimed the delivery and never recorded anything.
    const claimed = await createWebhookOutboxClaims(users.db).claim(Date.now(), 30_000, 100)
    t.equal(claimed.filter((c) => c.endpoint_id === endpoint.id).length, 1, 'the dead worker held the delivery')
    const live = startTestDeliveryWorker(t, users)
    t.equal(await live.runOnce(), 0, 'while the lease holds, nobody else takes it')
    await live.stop()
    startTestDeliveryWorker(t, users, { now: () => Date.now() + 31_000 })
    await waitUntil(() => receiver.received.length >= 1, 5_000, 'the delivery after the lease')
    t.match(receiver.received[0]?.payload, { type: 'execute.blocked', data: { reason: 'drain' } }, 'the event was not lost')
  })

  t.test('two workers over one database deliver each event once, in order per endpoint', async (t) => {
    const receiver = await startReceiver(t)
    const userId = await registerWebhookUser(users, 'two')
    await userService.createWebhookEndpoint(userId, { url: `${receiver.url}?a`, events: ['simulation.blocked'] })
    await userService.createWebhookEndpoint(userId, { url: `${receiver.url}?b`, events: ['simulation.blocked'] })
    for (let n = 0; n < 8; n++) await userService.enqueueWebhookEvent(userId, 'simulation.blocked', { n })
    startTestDeliveryWorker(t, users, { concurrency: 1 })
    startTestDeliveryWorker(t, users, { concurrency: 1 })
    await waitUntil(() => receiver.received.length >= 16, 15_000, 'sixteen deliveries')
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.equal(receiver.received.length, 16, 'each event once to each endpoint, no more')
    const ns = receiver.received.map((r) => (r.payload.data as { n: number }).n)
    for (let n = 0; n < 8; n++) t.equal(ns.filter((x) => x === n).length, 2, `event ${n} reached both endpoints`)
    for (const path of ['/hook?a', '/hook?b']) {
      const order = receiver.received.filter((r) => r.path === path).map((r) => (r.payload.data as { n: number }).n)
      t.strictSame(order, [0, 1, 2, 3, 4, 5, 6, 7], `${path}: in the order they were queued`)
    }
  })
})
