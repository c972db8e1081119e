/**
 * Endpoints proceed independently: a receiver that holds its answer for seconds (one tenant's) does
 * not delay another tenant's deliveries, which arrive — one after the other, in order, each after
 * the one before succeeded — while the slow one is still held; and the worker keeps at most
 * `concurrency` deliveries in flight, whatever the number of endpoints with something due.
 */
import t, { type Test } from 'tap'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestUserService } from '../helpers/user-service.js'
import { waitUntil } from '../helpers/wait-until.js'
import { registerWebhookUser, startTestDeliveryWorker } from './webhook-fixtures.js'

/**
 * The most the slow receiver holds an answer: a bound only so the test ends when the worker waits
 * for it (without the fix); generous, so a loaded machine never lets it run out first with the fix.
 */
const SLOW_HOLD_MS = 10_000
const FAST_EVENTS = 3

/** A receiver on 127.0.0.1 calling `onRequest` with each POST's parsed body once it is read. */
async function startReceiver(t: Test, onRequest: (payload: { data: { n: number } }, response: ServerResponse) => void) {
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => onRequest(JSON.parse(body) as { data: { n: number } }, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
}

t.test('webhook delivery concurrency', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService } = users

  t.test("a slow receiver does not hold up another tenant's deliveries", async (t) => {
    const log: string[] = []
    let releaseSlow = () => {}
    const released = new Promise<void>((resolve) => (releaseSlow = resolve))
    let fallback: NodeJS.Timeout | undefined
    // The hold's bound must not keep the process alive once the test is done.
    t.teardown(() => clearTimeout(fallback))
    const slowUrl = await startReceiver(t, (_payload, response) => {
      log.push('slow received')
      // Held until the fast tenant has everything (with the fix), or for SLOW_HOLD_MS (without it).
      void Promise.race([released, new Promise((resolve) => (fallback = setTimeout(resolve, SLOW_HOLD_MS)))]).then(() => {
        log.push('slow answered')
        response.writeHead(200).end()
      })
    })
    let fastReceived = 0
    const fastUrl = await startReceiver(t, (payload, response) => {
      log.push(`fast ${payload.data.n}`)
      response.writeHead(200).end()
      if (++fastReceived === FAST_EVENTS) releaseSlow()
    })
    const slowUser = await registerWebhookUser(users, 'slow')
    const fastUser = await registerWebhookUser(users, 'fast')
    await userService.createWebhookEndpoint(slowUser, { url: slowUrl, events: ['transaction.landed'] })
    await userService.createWebhookEndpoint(fastUser, { url: fastUrl, events: ['transaction.landed'] })
    // The slow tenant's event is queued first: it is claimed first, and in flight while the fast ones go.
    await userService.enqueueWebhookEvent(slowUser, 'transaction.landed', { n: 0 })
    for (let n = 1; n <= FAST_EVENTS; n++) await userService.enqueueWebhookEvent(fastUser, 'transaction.landed', { n })
    // A POST timeout above the hold: the slow delivery is answered, never timed out.
    startTestDeliveryWorker(t, users, { timeoutMs: SLOW_HOLD_MS * 3 })
    await waitUntil(() => log.includes('slow answered') && fastReceived === FAST_EVENTS, SLOW_HOLD_MS * 3, 'every delivery')
    const answeredAt = log.indexOf('slow answered')
    t.ok(log.indexOf('slow received') < log.indexOf('fast 2'), 'the slow delivery was in flight before the second fast one', { log })
    t.strictSame(
      log.filter((entry) => entry.startsWith('fast')),
      ['fast 1', 'fast 2', 'fast 3'],
      'the fast tenant got its events in order',
    )
    t.ok(
      log.slice(0, answeredAt).filter((entry) => entry.startsWith('fast')).length === FAST_EVENTS,
      'and all of them before the slow receiver answered',
      { log },
    )
  })

  t.test('at most `concurrency` deliveries in flight, however many endpoints have one due', async (t) => {
    let inFlight = 0
    let mostInFlight = 0
    let received = 0
    const held: ServerResponse[] = []
    let holding = true
    const url = await startReceiver(t, (_payload, response) => {
      received++
      mostInFlight = Math.max(mostInFlight, ++inFlight)
      response.on('finish', () => inFlight--)
      if (holding) held.push(response)
      else response.writeHead(200).end()
    })
    const userId = await registerWebhookUser(users, 'bounded')
    for (const endpoint of ['a', 'b', 'c', 'd'])
      await userService.createWebhookEndpoint(userId, { url: `${url}?${endpoint}`, events: ['execute.blocked'] })
    await userService.enqueueWebhookEvent(userId, 'execute.blocked', { n: 1 })
    startTestDeliveryWorker(t, users, { concurrency: 2 })
    await waitUntil(() => received >= 2, 10_000, 'two deliveries in flight')
    // Several polls while both slots are held: nothing else may be sent.
    await new Promise((resolve) => setTimeout(resolve, 200))
    t.equal(received, 2, 'two in flight, the other two endpoints wait for a slot')
    holding = false
    for (const response of held.splice(0)) response.writeHead(200).end()
    await waitUntil(() => received >= 4 && inFlight === 0, 10_000, 'the rest')
    t.equal(mostInFlight, 2, 'never more than two at once')
  })
})
