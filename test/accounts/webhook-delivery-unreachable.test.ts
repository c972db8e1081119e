/**
 * A delivery that got no HTTP answer tells its owner nothing about the network: a closed port, a
 * port that accepts and never answers (as a filtered one: silent until the timeout), a port that
 * resets the connection, a name that does not resolve and a name re-pointed to a refused address
 * all leave the same delivery (same last_error, no status, no latency) and, after a day, the same
 * disabled_reason; each is recorded no earlier than the POST timeout, so when the record appears
 * does not tell them apart either. A server that answers is shown its HTTP status.
 */
import t from 'tap'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WEBHOOK_UNREACHABLE_ERROR } from '../../accounts/webhooks/webhook-delivery-worker.js'
import type { WebhookUrlPolicy } from '../../accounts/webhooks/webhook-url-policy.js'
import type { WebhookDelivery } from '../../accounts/contract/index.js'
import { getFreePort } from '../../lib/free-port.js'
import { createTestUserService } from '../helpers/user-service.js'
import { registerWebhookUser, startCountingListener, startTestDeliveryWorker } from './webhook-fixtures.js'

/** Short, so the silent port's attempt ends quickly; every unreachable attempt is recorded at it. */
const TIMEOUT_MS = 1_000
const DAY_MS = 24 * 60 * 60 * 1000

/** What the owner sees of a delivery, less what differs by nature (ids, times). */
const toView = ({ id: _id, event_id: _eventId, created_at: _createdAt, next_attempt_at: _next, ...view }: WebhookDelivery) => view

t.test('every kind of unreachable endpoint reads the same', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService } = users
  const userId = await registerWebhookUser(users, 'unreachable')

  const closedPort = await getFreePort()
  const silent = await startCountingListener(t, '127.0.0.1')
  const resetting = await startCountingListener(t, '127.0.0.1', (socket) => socket.resetAndDestroy())
  const answering = createServer((_request, response) => response.writeHead(500).end())
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => answering.close(() => resolve())))
  if (!silent || !resetting) throw new Error('cannot listen on 127.0.0.1')

  const lookup: WebhookUrlPolicy['lookup'] = async (host) => {
    if (host === 'rebound.example') return [{ address: '169.254.169.254', family: 4 }]
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  }
  const urls = {
    'closed port': `http://127.0.0.1:${closedPort}/hook`,
    'silent port (filtered)': `http://127.0.0.1:${silent.port}/hook`,
    'resetting port': `http://127.0.0.1:${resetting.port}/hook`,
    'name that does not resolve': 'http://gone.example/hook',
    'name re-pointed to metadata': 'http://rebound.example/hook',
  }
  const endpoints = new Map<string, string>()
  for (const [kind, url] of Object.entries(urls)) {
    // Registered while it still pointed at a live public receiver; what it points at now is the delivery's to find out.
    const endpoint = await userService.createWebhookEndpoint(userId, {
      url: `http://127.0.0.1:${closedPort}/x`,
      events: ['quota.exceeded'],
    })
    await users.db.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [endpoint.id, url])
    endpoints.set(kind, endpoint.id)
  }
  const answeringId = (
    await userService.createWebhookEndpoint(userId, {
      url: `http://127.0.0.1:${(answering.address() as AddressInfo).port}/hook`,
      events: ['quota.exceeded'],
    })
  ).id

  const list = async (id: string) => (await userService.listWebhookDeliveries(userId, id))[0]
  const attemptedAll = async (ids: string[], attempts: number) =>
    (await Promise.all(ids.map(list))).every((d) => (d?.attempts ?? 0) >= attempts)
  const everyId = [...endpoints.values(), answeringId]
  const waitForAttempts = async (attempts: number) => {
    for (let i = 0; i < 2_000 && !(await attemptedAll(everyId, attempts)); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  const started = performance.now()
  await userService.enqueueWebhookEvent(userId, 'quota.exceeded', { day: '2031-05-04' })
  // Retries a minute apart: each delivery is attempted once until the day-later worker below.
  const options = { urlPolicy: { allowPrivateUrls: true, lookup }, retryBaseMs: 60_000, timeoutMs: TIMEOUT_MS }
  const worker = startTestDeliveryWorker(t, users, options)
  // The closed port refuses at once: its record appearing is what is timed, from before the worker started.
  const closedId = endpoints.get('closed port') ?? ''
  for (let i = 0; i < 2_000 && !(await attemptedAll([closedId], 1)); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  const closedRecordedAfterMs = performance.now() - started
  await waitForAttempts(1)
  await worker.stop()

  t.ok(
    closedRecordedAfterMs >= TIMEOUT_MS,
    `the closed port's failure was recorded only at the timeout, as the silent port's (${Math.round(closedRecordedAfterMs)} ms)`,
  )
  const unreachable = new Map<string, WebhookDelivery | undefined>()
  for (const [kind, id] of endpoints) unreachable.set(kind, await list(id))
  for (const [kind, delivery] of unreachable) {
    t.match(
      delivery,
      { status: 'pending', attempts: 1, last_error: WEBHOOK_UNREACHABLE_ERROR, last_response_code: null, last_latency_ms: null },
      `${kind}: "${WEBHOOK_UNREACHABLE_ERROR}", no status, no latency`,
    )
  }
  const views = [...unreachable.values()].map((delivery) => delivery && toView(delivery))
  for (const [index, kind] of [...unreachable.keys()].entries()) t.strictSame(views[index], views[0], `${kind}: the same as a closed port`)
  t.ok(silent.connections > 0 && resetting.connections > 0, 'the silent and resetting ports were reached (and told nothing)')
  t.match(
    await list(answeringId),
    { status: 'pending', attempts: 1, last_response_code: 500, last_error: null, last_latency_ms: Number },
    'a server that answered is shown its HTTP status',
  )

  // A day later every one gives up: the endpoints' disabled_reason must not tell them apart either.
  const dayLater = startTestDeliveryWorker(t, users, { ...options, now: () => Date.now() + DAY_MS + 60_000 })
  await waitForAttempts(2)
  await dayLater.stop()
  const listed = await userService.listWebhookEndpoints(userId)
  const reasons = [...endpoints.values()].map((id) => listed.find((endpoint) => endpoint.id === id)?.disabled_reason)
  t.strictSame(
    new Set(reasons),
    new Set([`deliveries failed for 24 h (last: ${WEBHOOK_UNREACHABLE_ERROR})`]),
    'one disabled_reason for all',
  )
  const failedViews = await Promise.all([...endpoints.values()].map(async (id) => toView((await list(id)) as WebhookDelivery)))
  for (const view of failedViews) t.strictSame(view, failedViews[0], 'the failed deliveries read the same')
  t.match(failedViews[0], { status: 'failed', attempts: 2, last_error: WEBHOOK_UNREACHABLE_ERROR })
})
