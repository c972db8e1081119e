/**
 * Real sockets: a receiver listening on one of the host's own addresses (every address of
 * os.networkInterfaces(), loopback included) gets no connection in production (private URLs off),
 * whether the URL names the address or a name resolves to it only at delivery time (DNS rebinding
 * after registration): the check is made where the socket connects, and the delivery reads as any
 * unreachable endpoint. With private URLs allowed the same receivers are reached — the listeners do
 * see connections — except on link-local addresses, refused always.
 */
import t from 'tap'
import { networkInterfaces } from 'node:os'
import { startWebhookDeliveryWorker, WEBHOOK_UNREACHABLE_ERROR } from '../../accounts/webhooks/webhook-delivery-worker.js'
import { sendWebhook } from '../../accounts/webhooks/webhook-sender.js'
import type { WebhookUrlPolicy } from '../../accounts/webhooks/webhook-url-policy.js'
import { quietLogger } from '../helpers/stack.js'
import { createTestUserService } from '../helpers/user-service.js'
import { waitUntil } from '../helpers/wait-until.js'
import { insertWebhookEndpoint, registerWebhookUser, startCountingListener, type CountingListener } from './webhook-fixtures.js'

const TIMEOUT_MS = 1_000

interface OwnReceiver {
  /** The interface address, as the URL names it. */
  address: string
  /** What the socket listens on (a link-local address with its zone). */
  listenHost: string
  linkLocal: boolean
  listener: CountingListener
  literalUrl: string
  /** A name that resolves to the address, only at delivery time. */
  name: string
}

const toHost = (address: string) => (address.includes(':') ? `[${address}]` : address)

t.test("the host's own addresses get no connection in production", async (t) => {
  const receivers: OwnReceiver[] = []
  for (const [interfaceName, entries] of Object.entries(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const linkLocal = entry.family === 'IPv6' && entry.address.toLowerCase().startsWith('fe80:')
      const listenHost = linkLocal ? `${entry.address}%${interfaceName}` : entry.address
      // Each connection is dropped at once: a control that is let through fails fast, and is counted.
      const listener = await startCountingListener(t, listenHost, (socket) => socket.destroy())
      if (!listener) {
        t.comment(`cannot listen on ${listenHost}: skipped`)
        continue
      }
      const name = `own-${receivers.length}.example`
      receivers.push({
        address: entry.address,
        listenHost,
        linkLocal,
        listener,
        literalUrl: `https://${toHost(entry.address)}:${listener.port}/hook`,
        name,
      })
    }
  }
  t.ok(
    receivers.some((receiver) => !receiver.listenHost.startsWith('127.') && receiver.listenHost !== '::1'),
    'a non-loopback address is listened on',
  )
  const lookup: WebhookUrlPolicy['lookup'] = async (host) => {
    const receiver = receivers.find((candidate) => candidate.name === host)
    if (!receiver) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return [{ address: receiver.listenHost, family: receiver.address.includes(':') ? 6 : 4 }]
  }
  const send = (url: string, allowPrivateUrls: boolean) =>
    sendWebhook({ url, body: '{}', headers: {}, timeoutMs: TIMEOUT_MS, policy: { allowPrivateUrls, lookup } })

  t.test('one POST, private URLs off: the literal and a name resolving to it both refused before connecting', async (t) => {
    for (const receiver of receivers) {
      const literal = await send(receiver.literalUrl, false)
      const named = await send(`https://${receiver.name}:${receiver.listener.port}/hook`, false)
      t.match(literal, { answered: false }, `${receiver.listenHost}: the literal URL is not sent`)
      t.match(named, { answered: false, cause: /refused address/ }, `${receiver.listenHost}: the name is refused when it resolves`)
      t.equal(receiver.listener.connections, 0, `${receiver.listenHost}: no connection reached the receiver`)
    }
  })

  t.test('the delivery worker, private URLs off: no connection, and the delivery reads as any unreachable endpoint', async (t) => {
    const users = await createTestUserService(t)
    const userId = await registerWebhookUser(users, 'own')
    const endpoints: string[] = []
    for (const receiver of receivers) {
      endpoints.push(await insertWebhookEndpoint(users, userId, receiver.literalUrl, ['quota.exceeded']))
      endpoints.push(
        await insertWebhookEndpoint(users, userId, `https://${receiver.name}:${receiver.listener.port}/hook`, ['quota.exceeded']),
      )
    }
    const before = receivers.map((receiver) => receiver.listener.connections)
    await users.userService.enqueueWebhookEvent(userId, 'quota.exceeded', { day: '2031-05-04' })
    const worker = startWebhookDeliveryWorker({
      db: users.db,
      logger: quietLogger,
      urlPolicy: { allowPrivateUrls: false, lookup },
      retryBaseMs: 60_000,
      pollIntervalMs: 10,
      timeoutMs: TIMEOUT_MS,
    })
    t.teardown(() => worker.stop())
    const attempted = async () =>
      (await Promise.all(endpoints.map((id) => users.userService.listWebhookDeliveries(userId, id)))).flat().filter((d) => d.attempts > 0)
    let done = await attempted()
    for (let i = 0; i < 1_000 && done.length < endpoints.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      done = await attempted()
    }
    t.equal(done.length, endpoints.length, 'every delivery was attempted')
    for (const delivery of done) {
      t.match(delivery, { status: 'pending', last_error: WEBHOOK_UNREACHABLE_ERROR, last_response_code: null, last_latency_ms: null })
    }
    t.strictSame(
      receivers.map((receiver) => receiver.listener.connections),
      before,
      'no receiver on an own address got a connection',
    )
  })

  t.test('private URLs allowed: the own addresses are reached (the listeners count), link-local never', async (t) => {
    for (const receiver of receivers) {
      const before = receiver.listener.connections
      await send(`http://${receiver.name}:${receiver.listener.port}/hook`, true)
      await waitUntil(
        () => receiver.linkLocal || receiver.listener.connections > before,
        2_000,
        `a connection to ${receiver.listenHost}`,
      ).catch(() => undefined)
      if (receiver.linkLocal) t.equal(receiver.listener.connections, before, `${receiver.listenHost}: link-local is refused even so`)
      else t.equal(receiver.listener.connections, before + 1, `${receiver.listenHost}: connected, by design, with private URLs allowed`)
    }
  })
})
