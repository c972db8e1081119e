/**
 * A Stripe event whose signature verifies (signed with the SDK's generateTestHeaderString, through
 * the stand-in) but whose content cannot be applied — a field billing reads missing or ill-typed, a
 * subscription without an id, a `created` that is not an integer from 2010 to a day ahead — is
 * refused with 400 invalid_stripe_event on the REST route and over the accounts gRPC port alike,
 * and changes nothing: afterwards the same events, well formed, are applied as new.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { startUserServiceServer } from '../../accounts/server.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { isServiceError } from '../../lib/errors.js'
import { startTestBilling, toSignedWebhook } from '../helpers/billing.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createTestUserService } from '../helpers/user-service.js'

const DAY_SECONDS = 86_400

/** The webhook route reaches no engine. */
const noEngine = new Proxy({ transport: 'in-process' } as EngineClient, {
  get: (target, name) => (name in target ? target[name as keyof EngineClient] : () => Promise.reject(new Error('no engine here'))),
})

type Event = Record<string, unknown> & { data: { object: Record<string, unknown> } }

/** A subscription event's first item. */
const getItem = (event: Event) => (event.data.object.items as { data: Array<Record<string, unknown>> }).data[0] as Record<string, unknown>

/** A deep copy of `event` with `change` applied to it. */
function toMalformed(event: Event, change: (copy: Event) => void): Event {
  const copy = structuredClone(event)
  change(copy)
  return copy
}

t.test('signed but malformed Stripe events: 400 invalid_stripe_event, nothing changed', async (t) => {
  const { standIn, settings } = await startTestBilling(t)
  const users = await createTestUserService(t, { billing: settings })
  const { app } = await createTestEdgeWithUser(t, noEngine, { users })
  const { userService, db } = users
  const email = `malformed-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
  const checkout = await userService.createCheckoutSession(userId, {})
  const completed = standIn.completeCheckout(checkout.session_id)
  const session = completed.events.find((event) => event.type === 'checkout.session.completed') as unknown as Event
  const created = completed.events.find((event) => event.type === 'customer.subscription.created') as unknown as Event
  const failed = standIn.failInvoicePayment(completed.subscription.id)
  const invoice = failed.events.find((event) => event.type === 'invoice.payment_failed') as unknown as Event
  const nowSeconds = Math.floor(Date.now() / 1000)

  const malformed: Array<[string, Event]> = [
    ['created negative', toMalformed(created, (e) => (e.created = -1))],
    ['created a float', toMalformed(created, (e) => (e.created = nowSeconds + 0.5))],
    ['created a string', toMalformed(created, (e) => (e.created = String(nowSeconds)))],
    ['created two days ahead', toMalformed(created, (e) => (e.created = nowSeconds + 2 * DAY_SECONDS))],
    ['created before 2010', toMalformed(created, (e) => (e.created = 1_000_000_000))],
    ['created absent', toMalformed(created, (e) => delete e.created)],
    ['no event id', toMalformed(created, (e) => delete e.id)],
    ['an event id that is a number', toMalformed(created, (e) => (e.id = 42))],
    ['no type', toMalformed(created, (e) => delete e.type)],
    ['no data', toMalformed(created, (e) => delete (e as Record<string, unknown>).data)],
    ['data.object a string', toMalformed(created, (e) => ((e.data as Record<string, unknown>).object = 'sub_1'))],
    ['a subscription without an id', toMalformed(created, (e) => delete e.data.object.id)],
    ['a subscription id with a NUL', toMalformed(created, (e) => (e.data.object.id = 'sub_\u0000'))],
    ['a subscription without a customer', toMalformed(created, (e) => delete e.data.object.customer)],
    ['a subscription status that is a number', toMalformed(created, (e) => (e.data.object.status = 3))],
    ['items.data not a list', toMalformed(created, (e) => (e.data.object.items = { data: 'one' }))],
    ['a price id that is a number', toMalformed(created, (e) => (getItem(e).price = { id: 7 }))],
    ['a period end that is a string', toMalformed(created, (e) => (getItem(e).current_period_end = 'soon'))],
    ['a period end no date can hold', toMalformed(created, (e) => (getItem(e).current_period_end = 1e15))],
    ['cancel_at_period_end a string', toMalformed(created, (e) => (e.data.object.cancel_at_period_end = 'yes'))],
    ['metadata.user_id a number', toMalformed(created, (e) => (e.data.object.metadata = { user_id: 5 }))],
    ['a checkout without a mode', toMalformed(session, (e) => delete e.data.object.mode)],
    ['a subscription checkout without its subscription', toMalformed(session, (e) => (e.data.object.subscription = null))],
    ['a checkout customer object without an id', toMalformed(session, (e) => (e.data.object.customer = { object: 'customer' }))],
    [
      'an invoice subscription that is a number',
      toMalformed(
        invoice,
        (e) => ((e.data.object.parent as { subscription_details: Record<string, unknown> }).subscription_details.subscription = 12),
      ),
    ],
  ]
  const remoteServer = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const remote = createGrpcUserServiceClient(remoteServer.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await remote.close()
    await remoteServer.close()
  })
  const getState = async () => ({
    events: (await db.query('SELECT event_id FROM billing_stripe_events')).length,
    subscriptions: (await db.query('SELECT subscription_id FROM billing_subscriptions')).length,
    card: (await db.query<{ card_on_file: boolean }>('SELECT card_on_file FROM users WHERE id = $1', [userId]))[0]?.card_on_file,
  })
  const before = await getState()

  for (const [label, event] of malformed) {
    const { payload, header } = toSignedWebhook(standIn, event)
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    })
    t.equal(answer.statusCode, 400, `${label}: 400`, { body: answer.body })
    t.equal((answer.json() as { error?: { code?: string } }).error?.code, 'invalid_stripe_event', `${label}: invalid_stripe_event`)
    const overGrpc = await remote.handleStripeWebhook(payload, header).then(
      () => undefined,
      (error: unknown) => error,
    )
    t.ok(isServiceError(overGrpc, 'invalid_stripe_event'), `${label}: the same over the accounts gRPC port`, { got: String(overGrpc) })
  }
  t.same(await getState(), before, 'nothing stored, no subscription, no card on file')

  for (const event of [...completed.events, ...failed.events]) {
    const { payload, header } = toSignedWebhook(standIn, event)
    t.same(
      await userService.handleStripeWebhook(payload, header),
      { event_id: event.id, duplicate: false },
      `${event.type}: applied as new`,
    )
  }
  const ahead = standIn.updateSubscription(completed.subscription.id, { status: 'active' }, { created: nowSeconds + 3_600 })
  for (const event of ahead.events) {
    const { payload, header } = toSignedWebhook(standIn, event)
    t.same(
      await userService.handleStripeWebhook(payload, header),
      { event_id: event.id, duplicate: false },
      'created an hour ahead: applied',
    )
  }
  t.match(await getState(), { subscriptions: 1, card: true }, 'the well-formed events applied')
})
