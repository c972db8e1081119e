/**
 * The webhook resolver (c-ares, not getaddrinfo on libuv's thread pool), against a fake DNS server:
 * A and AAAA answers both count, a family a name lacks (NODATA) or a name that does not exist
 * (NXDOMAIN) are no error of their own, and RFC 6761's `localhost` and `.invalid` are answered
 * without a query. A tenant whose DNS never answers ties up nothing the others need: while eight
 * resolutions hang (twice the pool's four threads), all in flight at once, another name resolves
 * and a file is read, and a hung resolution ends when its caller's signal does. Through the delivery worker: while eight
 * endpoints' names hang, another endpoint's name is resolved and its delivery arrives; the hung
 * ones fail as any unreachable endpoint, at their timeout.
 */
import t from 'tap'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startWebhookDeliveryWorker, WEBHOOK_UNREACHABLE_ERROR } from '../../accounts/webhooks/webhook-delivery-worker.js'
import { createWebhookHostLookup, type WebhookHostLookup } from '../../accounts/webhooks/webhook-host-lookup.js'
import { sendWebhook } from '../../accounts/webhooks/webhook-sender.js'
import { quietLogger } from '../helpers/stack.js'
import { createTestUserService } from '../helpers/user-service.js'
import { waitUntil } from '../helpers/wait-until.js'
import { startFakeDnsServer } from './fake-dns-server.js'
import { insertWebhookEndpoint, registerWebhookUser } from './webhook-fixtures.js'

/** More hung resolutions than libuv's pool has threads (UV_THREADPOOL_SIZE, 4 by default). */
const HUNG = 8
const HUNG_NAMES = Array.from({ length: HUNG }, (_, index) => `hung-${index}.example`)
const SILENT = Object.fromEntries(HUNG_NAMES.map((name) => [name, 'silent' as const]))
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

t.test('answers: both families, NODATA and NXDOMAIN, and the special-use names without a query', async (t) => {
  const dns = await startFakeDnsServer(t, {
    'dual.example': ['93.184.215.14', PUBLIC_V6],
    'v4only.example': ['93.184.215.14'],
    'v6only.example': [PUBLIC_V6],
    'nothing.example': [],
  })
  const lookup = createWebhookHostLookup({ servers: [dns.server] })
  t.strictSame(
    await lookup('dual.example'),
    [
      { address: '93.184.215.14', family: 4 },
      { address: PUBLIC_V6, family: 6 },
    ],
    'A and AAAA',
  )
  t.strictSame(await lookup('v4only.example'), [{ address: '93.184.215.14', family: 4 }], 'A only: the AAAA NODATA is no failure')
  t.strictSame(await lookup('V6ONLY.example.'), [{ address: PUBLIC_V6, family: 6 }], 'AAAA only, the name in any case, fully qualified')
  await t.rejects(lookup('nothing.example'), { code: 'ENOTFOUND' }, 'a name with no address at all')
  await t.rejects(lookup('nowhere.example'), { code: 'ENOTFOUND' }, 'a name that does not exist (NXDOMAIN)')
  t.ok(
    dns.queries.some((query) => query.name === 'dual.example' && query.type === 'A') &&
      dns.queries.some((query) => query.name === 'dual.example' && query.type === 'AAAA'),
    'both families were asked of the server given',
  )

  const asked = dns.queries.length
  const loopback = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ]
  t.strictSame(await lookup('localhost'), loopback, 'localhost is loopback (RFC 6761)')
  t.strictSame(await lookup('hooks.LocalHost.'), loopback, 'and so is any name under it')
  await t.rejects(lookup('gone.invalid'), { code: 'ENOTFOUND' }, '.invalid never exists')
  t.equal(dns.queries.length, asked, 'none of these reached the DNS server')
})

t.test('hung resolutions hold no thread of the pool: another name resolves and a file is read meanwhile', async (t) => {
  const dns = await startFakeDnsServer(t, { ...SILENT, 'other-tenant.example': ['93.184.215.14'] })
  // Each try waits long, so only the abort below ends the hung resolutions.
  const lookup = createWebhookHostLookup({ servers: [dns.server], tryTimeoutMs: 60_000, tries: 1 })
  const settled = new Set<string>()
  const aborts = HUNG_NAMES.map(() => new AbortController())
  const hung = HUNG_NAMES.map((name, index) =>
    lookup(name, aborts[index]?.signal).then(
      (addresses) => ({ name, addresses }),
      (error: unknown) => ({ name, error }),
    ),
  )
  for (const [index, pending] of hung.entries()) void pending.then(() => settled.add(HUNG_NAMES[index] ?? ''))
  const isAsked = (name: string) => dns.queries.some((query) => query.name === name)
  await waitUntil(() => HUNG_NAMES.some(isAsked), 10_000, 'a hung name asked of the server')

  // getaddrinfo would queue this behind the hung ones: libuv runs at most half its pool's threads on DNS.
  t.strictSame(await lookup('other-tenant.example'), [{ address: '93.184.215.14', family: 4 }], "another tenant's name resolved")
  t.equal(settled.size, 0, `while all ${HUNG} resolutions were still pending`)
  t.ok(HUNG_NAMES.every(isAsked), 'all of them in flight at once: none waits for a thread')
  const read = await readFile(new URL(import.meta.url))
  t.ok(read.length > 0, 'a file was read through the pool')
  t.equal(settled.size, 0, 'while they were still pending')

  for (const abort of aborts) abort.abort(new Error('the delivery timed out'))
  for (const outcome of await Promise.all(hung)) {
    t.match(outcome, { error: { message: 'the delivery timed out' } }, `${outcome.name}: ended by its caller's signal`)
  }
})

t.test("a POST's timeout ends its name's resolution too", async (t) => {
  const dns = await startFakeDnsServer(t, SILENT)
  // c-ares alone would wait a minute: only the POST's deadline can end it sooner.
  const resolve = createWebhookHostLookup({ servers: [dns.server], tryTimeoutMs: 60_000, tries: 1 })
  let resolution: Promise<unknown> | undefined
  const lookup: WebhookHostLookup = (host, signal) => (resolution = resolve(host, signal))
  const sent = await sendWebhook({
    url: `http://${HUNG_NAMES[0]}/hook`,
    body: '{}',
    headers: {},
    timeoutMs: 200,
    policy: { allowPrivateUrls: true, lookup },
  })
  t.match(sent, { answered: false, cause: 'no answer within 200 ms' }, 'no answer: the timeout')
  t.ok(resolution, 'the name was being resolved')
  await t.rejects(resolution as Promise<unknown>, { name: 'TimeoutError' }, 'and its resolution ended with the POST, by its deadline')
})

t.test('the delivery worker: hung names delay no other endpoint, and fail generically at their timeout', async (t) => {
  const delivered: string[] = []
  const receiver = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      delivered.push(request.headers.host ?? '')
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())))
  const port = (receiver.address() as AddressInfo).port
  const dns = await startFakeDnsServer(t, { ...SILENT, 'fast.example': ['127.0.0.1'] })

  const users = await createTestUserService(t)
  const slowUser = await registerWebhookUser(users, 'hung-dns')
  const fastUser = await registerWebhookUser(users, 'fast-dns')
  const hungEndpoints = await Promise.all(
    HUNG_NAMES.map((name) => insertWebhookEndpoint(users, slowUser, `http://${name}:${port}/hook`, ['quota.exceeded'])),
  )
  const fastEndpoint = await insertWebhookEndpoint(users, fastUser, `http://fast.example:${port}/hook`, ['quota.exceeded'])
  const attempts = async (endpointId: string) => (await users.userService.listWebhookDeliveries(slowUser, endpointId))[0]?.attempts

  await users.userService.enqueueWebhookEvent(slowUser, 'quota.exceeded', { day: '2031-05-04' })
  const worker = startWebhookDeliveryWorker({
    db: users.db,
    logger: quietLogger,
    urlPolicy: { allowPrivateUrls: true, lookup: createWebhookHostLookup({ servers: [dns.server] }) },
    retryBaseMs: 60_000,
    pollIntervalMs: 10,
  })
  t.teardown(() => worker.stop())
  await waitUntil(
    () => HUNG_NAMES.every((name) => dns.queries.some((query) => query.name === name)),
    10_000,
    'every hung endpoint resolving',
  )
  // Only now is the other tenant's event queued: its delivery starts while all the hung ones are pending.
  await users.userService.enqueueWebhookEvent(fastUser, 'quota.exceeded', { day: '2031-05-04' })
  await waitUntil(() => delivered.length > 0, 10_000, "the other tenant's delivery")
  const hungAttemptsThen = await Promise.all(hungEndpoints.map(attempts))
  t.strictSame(delivered, [`fast.example:${port}`], "the other tenant's name was resolved and its delivery arrived")
  t.strictSame(hungAttemptsThen, Array<number>(HUNG).fill(0), 'while no hung delivery had ended')
  // The receiver counts the request before it answers; the worker records success once the answer is read.
  const fastDelivery = async () => (await users.userService.listWebhookDeliveries(fastUser, fastEndpoint))[0]
  for (let i = 0; i < 1_000 && (await fastDelivery())?.status !== 'succeeded'; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  t.match(await fastDelivery(), { status: 'succeeded' }, 'and it is recorded as succeeded')

  const everyHungRecorded = async () => (await Promise.all(hungEndpoints.map(attempts))).every((count) => count === 1)
  for (let i = 0; i < 3_000 && !(await everyHungRecorded()); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  for (const endpointId of hungEndpoints) {
    t.match(
      (await users.userService.listWebhookDeliveries(slowUser, endpointId))[0],
      { status: 'pending', attempts: 1, last_error: WEBHOOK_UNREACHABLE_ERROR, last_response_code: null, last_latency_ms: null },
      'a hung name reads as any unreachable endpoint',
    )
  }
})
