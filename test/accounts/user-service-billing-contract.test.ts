/**
 * The billing part of the UserService contract, run against both transports (in-process and gRPC)
 * on one database. Without Stripe settings isBillingEnabled answers false, every Stripe-backed method
 * is billing_unavailable and the quota notice still works; with them (the real Stripe SDK against
 * test/helpers/stripe-stand-in.ts) isBillingEnabled answers true, and checkout, portal,
 * subscription, usage and Stripe's webhook answer alike over both, errors included.
 */
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import { createStripeClient } from '../../accounts/billing/stripe-client.js'
import type { BillingSettings } from '../../accounts/billing/billing-service.js'
import { startUserServiceServer } from '../../accounts/server.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import type { UserService } from '../../accounts/contract/index.js'
import { ERROR_CATALOGUE, isServiceError, type ErrorCode } from '../../lib/errors.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { startStripeStandIn } from '../helpers/stripe-stand-in.js'
import { createTestUserService, type TestUserService } from '../helpers/user-service.js'

const PRICE_ID = 'price_contract_test'

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

/** A body shaped like a Stripe event: well-formed bytes, so only the missing settings can refuse it. */
function createStripeEventPayload(): Buffer {
  return Buffer.from(JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type: 'customer.created' }))
}

t.test('billing contract without Stripe settings, both transports', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const grpc = await startGrpc(t, users.userService)

  async function runSuite(t: Test, client: UserServiceClient) {
    t.equal(await client.isBillingEnabled(), false, 'billing is off')
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
  const standIn = await startStripeStandIn()
  t.teardown(() => standIn.close())
  const stripe = createStripeClient({ secretKey: standIn.secretKey, apiUrl: standIn.url, maxNetworkRetries: 0 })
  const billing: BillingSettings = { stripe, webhookSecret: standIn.webhookSecret, priceId: PRICE_ID, solEur: 150 }
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
    t.equal(await client.isBillingEnabled(), true, 'billing is on')
    const userId = await registerUser(users)

    const fresh = await client.getSubscription(userId)
    t.strictSame(
      fresh,
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

    const checkout = await client.createCheckoutSession(userId, {
      successUrl: `https://example.com/${label}/ok`,
      cancelUrl: `https://example.com/${label}/cancel`,
    })
    t.match(checkout, { checkout_url: /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/, session_id: /^cs_test_/ })
    const session = standIn.checkoutSessions.get(checkout.session_id)
    t.match(
      session,
      { success_url: `https://example.com/${label}/ok`, cancel_url: `https://example.com/${label}/cancel`, client_reference_id: userId },
      'the URLs reached Stripe',
    )
    t.equal(session?.url, checkout.checkout_url, 'the URL is the session’s')

    const portal = await client.createPortalSession(userId)
    t.match(portal, { portal_url: /^https:\/\/billing\.stripe\.com\/p\/session\// }, 'the portal after checkout')

    // The customer pays: Stripe's events, signed, come in through the service; each once.
    const { subscription, events } = standIn.completeCheckout(checkout.session_id)
    const first = events[0]
    if (!first) throw new Error('the stand-in sent no event')
    const signed = standIn.signEvent(first)
    const payload = Buffer.from(signed.payload)
    await rejectsWith(t, client.handleStripeWebhook(payload, 't=1,v1=00'), 'invalid_stripe_signature', 'a bad signature', 400)
    await rejectsWith(
      t,
      client.handleStripeWebhook(payload, stripe.webhooks.generateTestHeaderString({ payload: signed.payload, secret: 'whsec_other' })),
      'invalid_stripe_signature',
      'another secret’s signature',
    )
    for (const event of events) {
      const { payload: body, header } = standIn.signEvent(event)
      t.strictSame(await client.handleStripeWebhook(Buffer.from(body), header), { event_id: event.id, duplicate: false }, `${event.type}`)
    }
    t.strictSame(await client.handleStripeWebhook(payload, signed.header), { event_id: first.id, duplicate: true }, 'a redelivery')
    await rejectsWith(
      t,
      client.handleStripeWebhook(signed.payload as unknown as Uint8Array, signed.header),
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

    const subscribed = await client.getSubscription(userId)
    t.match(
      subscribed,
      {
        status: 'active',
        subscription_id: subscription.id,
        plan: { model: 'pay_as_you_go', price_id: PRICE_ID },
        current_period_start: /^\d{4}-\d\d-\d\dT/,
        current_period_end: /^\d{4}-\d\d-\d\dT/,
        cancel_at_period_end: false,
        card_on_file: true,
      },
      'subscribed: the plan, the period and the card',
    )
    await rejectsWith(
      t,
      client.createCheckoutSession(userId, { successUrl: 'https://example.com/again' }),
      'already_subscribed',
      'a second checkout',
      409,
    )

    // What may differ between the two runs (ids, and the period Stripe started) left out, the answers must be equal.
    answers[label] = [
      fresh,
      usage,
      Object.keys(checkout).sort(),
      Object.keys(portal).sort(),
      { ...subscribed, subscription_id: typeof subscribed.subscription_id, current_period_start: null, current_period_end: null },
    ]
  }

  await t.test('in-process', (t) => runSuite(t, 'in-process', createInProcessUserServiceClient(users.userService)))
  await t.test('gRPC', async (t) => {
    await runSuite(t, 'grpc', grpc)
    // Two bad signatures, the two events and the redelivery; not the two malformed deliveries.
    t.equal(webhookCalls, 5, 'the malformed deliveries never reached the service')
  })
  t.strictSame(answers['grpc'], answers['in-process'], 'both transports answer the same')
})
