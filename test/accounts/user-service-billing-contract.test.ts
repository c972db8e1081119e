/**
 * The billing part of the UserService contract, run against both transports (in-process and gRPC)
 * on one database. Without Stripe settings every Stripe-backed method is billing_unavailable and the
 * quota notice still works; with them (the real Stripe SDK against a minimal Stripe here), checkout,
 * portal, subscription, usage and Stripe's webhook answer alike over both, errors included.
 */
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStripeClient } from '../../accounts/billing/stripe-client.js'
import type { BillingSettings } from '../../accounts/billing/billing-service.js'
import { startUserServiceServer } from '../../accounts/server.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import type { UserService } from '../../accounts/user-service.js'
import { ERROR_CATALOGUE, isServiceError, type ErrorCode } from '../../lib/errors.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createTestUserService, type TestUserService } from '../helpers/user-service.js'

const WEBHOOK_SECRET = 'whsec_contract_test_secret'
const PRICE_ID = 'price_contract_test'

/** What the minimal Stripe received: the path and the form fields of each POST. */
interface StripeRequest {
  path: string
  form: URLSearchParams
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The three Stripe endpoints checkout and portal call, answering minimal Stripe-shaped JSON; anything
 * else is a 404 in Stripe's error shape (a test that reaches it fails with payment_provider_error).
 */
async function startMinimalStripe(t: Test): Promise<{ apiUrl: string; requests: StripeRequest[] }> {
  const requests: StripeRequest[] = []
  let counter = 0
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = new URL(request.url ?? '/', 'http://stripe').pathname
      requests.push({ path, form: new URLSearchParams(body) })
      const id = `${++counter}`.padStart(8, '0')
      const answer =
        request.method !== 'POST'
          ? null
          : path === '/v1/customers'
            ? { id: `cus_${id}`, object: 'customer' }
            : path === '/v1/checkout/sessions'
              ? { id: `cs_test_${id}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_test_${id}` }
              : path === '/v1/billing_portal/sessions'
                ? { id: `bps_${id}`, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/bps_${id}` }
                : null
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json', 'request-id': `req_${id}` })
      response.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

/** Asserts `promise` rejects with the catalogue `code` (and, when given, that the code's HTTP status is `http`). */
async function rejectsWith(t: Test, promise: Promise<unknown>, code: ErrorCode, label: string, http?: number): Promise<void> {
  try {
    await promise
    t.fail(`${label}: resolved`)
  } catch (error) {
    t.ok(isServiceError(error, code), `${label}: ${code} (got ${(error as { code?: string }).code ?? String(error)})`)
    if (http !== undefined && isServiceError(error)) t.equal(ERROR_CATALOGUE[error.code].http, http, `${label}: ${http}`)
  }
}

async function registerUser(users: TestUserService): Promise<string> {
  const email = `billing-${randomUUID()}@example.com`
  await users.userService.register({ email, password: 'correct horse battery staple' })
  const [row] = await users.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  return row?.id ?? ''
}

/** A gRPC server for `userService` and its client, both closed when `t` ends. */
async function startGrpc(t: Test, userService: UserService): Promise<UserServiceClient> {
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return client
}

/** A Stripe event Stripe could send about nothing billing tracks: verified, stored once, applied as a no-op. */
function createStripeEventPayload(): Buffer {
  const event = { id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type: 'customer.created', created: 1_700_000_000 }
  return Buffer.from(JSON.stringify({ ...event, api_version: '2025-01-01', data: { object: { id: 'cus_x', object: 'customer' } } }))
}

t.test('billing contract without Stripe settings, both transports', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const grpc = await startGrpc(t, users.userService)

  async function runSuite(t: Test, client: UserServiceClient) {
    const userId = await registerUser(users)
    const unavailable: [string, () => Promise<unknown>][] = [
      ['checkout', () => client.createCheckoutSession(userId, { successUrl: 'https://example.com/ok' })],
      ['portal', () => client.createPortalSession(userId)],
      ['subscription', () => client.getSubscription(userId)],
      ['usage', () => client.getBillingUsage(userId)],
      ['stripe webhook', () => client.handleStripeWebhook(createStripeEventPayload(), 't=1,v1=00')],
    ]
    for (const [label, run] of unavailable) await rejectsWith(t, run(), 'billing_unavailable', label, 503)

    // The quota notice needs no Stripe: queued once a day, to the endpoints subscribed to it.
    const endpoint = await client.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/quota', events: ['quota.exceeded'] })
    await client.recordQuotaExceeded(userId)
    await client.recordQuotaExceeded(userId)
    t.strictSame(
      (await client.listWebhookDeliveries(userId, endpoint.id)).map((delivery) => delivery.event_type),
      ['quota.exceeded'],
      'recordQuotaExceeded queued one notice for the day',
    )
    await client.recordQuotaExceeded(randomUUID())
    t.pass('an unknown user is no error')
  }

  t.test('in-process', (t) => runSuite(t, createInProcessUserServiceClient(users.userService)))
  t.test('gRPC', (t) => runSuite(t, grpc))
})

t.test('billing contract with Stripe settings, both transports', async (t) => {
  const stripeServer = await startMinimalStripe(t)
  const stripe = createStripeClient({ secretKey: 'sk_test_contract', apiUrl: stripeServer.apiUrl, maxNetworkRetries: 0 })
  const billing: BillingSettings = { stripe, webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID, solEur: 150 }
  const users = await createTestUserService(t, { billing })
  // The gRPC side's service counts the deliveries reaching it, to show a malformed one never left the client.
  let webhookCalls = 0
  const counted: UserService = {
    ...users.userService,
    handleStripeWebhook: (payload, signatureHeader) => {
      webhookCalls++
      return users.userService.handleStripeWebhook(payload, signatureHeader)
    },
  }
  const grpc = await startGrpc(t, counted)
  const answers: Record<string, unknown[]> = {}

  async function runSuite(t: Test, label: string, client: UserServiceClient) {
    const userId = await registerUser(users)

    const subscription = await client.getSubscription(userId)
    t.strictSame(
      subscription,
      {
        status: 'none',
        subscription_id: null,
        plan: null,
        current_period_start: null,
        current_period_end: null,
        cancel_at_period_end: false,
        card_on_file: false,
      },
      'a fresh user has no subscription and no card',
    )
    const usage = await client.getBillingUsage(userId)
    t.match(usage, {
      currency: 'EUR',
      simulations: { total: 0, free: 0, billable: 0 },
      executes: 0,
      sends: 0,
      submits: { total: 0, billable: 0 },
      tips: { lamports: '0', eur: 0, unsettled: 0 },
      amount_due_eur: 0,
      prices: { sol_eur: 150 },
    })
    t.type(usage.tips.lamports, 'string', 'lamports stay decimal text')

    await rejectsWith(t, client.createPortalSession(userId), 'no_billing_customer', 'portal before checkout', 400)

    const before = stripeServer.requests.length
    const checkout = await client.createCheckoutSession(userId, {
      successUrl: `https://example.com/${label}/ok`,
      cancelUrl: `https://example.com/${label}/cancel`,
    })
    t.match(checkout, { checkout_url: /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/, session_id: /^cs_test_/ })
    t.ok(checkout.checkout_url.endsWith(checkout.session_id), 'the URL is the session’s')
    const sent = stripeServer.requests.slice(before)
    t.strictSame(
      sent.map((request) => request.path),
      ['/v1/customers', '/v1/checkout/sessions'],
      'one customer made, then the session',
    )
    const session = sent[1]?.form
    t.equal(session?.get('success_url'), `https://example.com/${label}/ok`, 'the success URL reached Stripe')
    t.equal(session?.get('cancel_url'), `https://example.com/${label}/cancel`, 'the cancel URL reached Stripe')
    t.equal(session?.get('line_items[0][price]'), PRICE_ID)

    const portal = await client.createPortalSession(userId)
    t.match(portal, { portal_url: /^https:\/\/billing\.stripe\.test\/p\/session\/bps_/ }, 'the portal after checkout')

    const payload = createStripeEventPayload()
    await rejectsWith(t, client.handleStripeWebhook(payload, 't=1,v1=00'), 'invalid_stripe_signature', 'a bad signature', 400)
    const signature = stripe.webhooks.generateTestHeaderString({ payload: payload.toString('utf8'), secret: WEBHOOK_SECRET })
    const eventId = (JSON.parse(payload.toString('utf8')) as { id: string }).id
    t.strictSame(await client.handleStripeWebhook(payload, signature), { event_id: eventId, duplicate: false }, 'applied')
    t.strictSame(await client.handleStripeWebhook(payload, signature), { event_id: eventId, duplicate: true }, 'redelivered')
    await rejectsWith(
      t,
      client.handleStripeWebhook(payload.toString('utf8') as unknown as Uint8Array, signature),
      'validation_error',
      'a payload that is no bytes',
    )
    await rejectsWith(
      t,
      client.handleStripeWebhook(payload, 42 as unknown as string),
      'validation_error',
      'a signature header that is no string',
    )
    await rejectsWith(
      t,
      client.createCheckoutSession(userId, { successUrl: 42 as unknown as string }),
      'validation_error',
      'a success URL that is no string',
    )

    // What may differ between the two runs (the user's ids) left out, the answers must be equal.
    answers[label] = [subscription, usage, Object.keys(checkout).sort(), Object.keys(portal).sort(), await client.getSubscription(userId)]
  }

  await t.test('in-process', (t) => runSuite(t, 'in-process', createInProcessUserServiceClient(users.userService)))
  await t.test('gRPC', async (t) => {
    await runSuite(t, 'grpc', grpc)
    t.equal(webhookCalls, 3, 'the malformed deliveries never reached the service: only the bad signature and the two good ones did')
  })
  t.strictSame(answers['grpc'], answers['in-process'], 'both transports answer the same')
})
