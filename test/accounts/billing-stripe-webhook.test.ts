/**
 * Stripe's webhook through the user service, with the real SDK against the Stripe stand-in: a
 * checkout completed puts the card on file (and tells the edges), a redelivered event changes
 * nothing, events arriving out of order leave the newest state, a bad signature changes nothing,
 * cancel / pause / a failed payment take the paid tier away, and each change of state queues one
 * `subscription.updated` webhook.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import type { AuthInvalidation } from '../../accounts/contract/index.js'
import { startTestBilling, toSignedWebhook } from '../helpers/billing.js'
import { createTestUserService } from '../helpers/user-service.js'

t.test('Stripe webhooks drive the subscription and the card on file', async (t) => {
  const { standIn, settings } = await startTestBilling(t)
  const users = await createTestUserService(t, { billing: settings, webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService, db, bus } = users
  const invalidations: AuthInvalidation[] = []
  bus.subscribe((event) => invalidations.push(event))

  const email = `billing-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  const userId = user?.id ?? ''
  const endpoint = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/hook', events: ['subscription.updated'] })
  const deliver = async (event: object) => {
    const { payload, header } = toSignedWebhook(standIn, event)
    return userService.handleStripeWebhook(payload, header)
  }
  const cardOnFile = async () =>
    (await db.query<{ card_on_file: boolean }>('SELECT card_on_file FROM users WHERE id = $1', [userId]))[0]?.card_on_file
  const subscriptionEvents = async () =>
    (await userService.listWebhookDeliveries(userId, endpoint.id)).filter((d) => d.event_type === 'subscription.updated')

  t.match(
    await userService.getSubscription(userId),
    { status: 'none', subscription_id: null, card_on_file: false },
    'no subscription at first',
  )
  await t.rejects(userService.createPortalSession(userId), { code: 'no_billing_customer' }, 'no portal before a customer exists')

  const checkout = await userService.createCheckoutSession(userId, {})
  t.match(checkout, { checkout_url: /^https:\/\//, session_id: /^cs_/ }, 'a checkout session')
  const again = await userService.createCheckoutSession(userId, { successUrl: 'https://app.example.com/thanks' })
  t.equal(standIn.customers.size, 1, 'one Stripe customer for the user however many checkouts')
  const session = standIn.checkoutSessions.get(again.session_id)
  t.match(
    session,
    { success_url: 'https://app.example.com/thanks', cancel_url: settings.cancelUrl, client_reference_id: userId },
    'URLs and user',
  )

  const completed = standIn.completeCheckout(checkout.session_id)
  const subscriptionId = completed.subscription.id
  for (const event of completed.events) t.same(await deliver(event), { event_id: event.id, duplicate: false }, `${event.type} applied`)
  t.equal(await cardOnFile(), true, 'the card is on file')
  t.match(await userService.getSubscription(userId), {
    status: 'active',
    subscription_id: subscriptionId,
    plan: { model: 'pay_as_you_go', price_id: settings.priceId },
    current_period_start: String,
    current_period_end: String,
    card_on_file: true,
  })
  t.same(invalidations, [{ kind: 'user', userId }], "the user's cached principal is dropped on every edge")
  t.equal((await userService.getUserState(userId))?.hasCard, true, 'the principal edges load says so')
  t.equal((await subscriptionEvents()).length, 1, 'subscription.updated queued once for the change')
  await t.rejects(userService.createCheckoutSession(userId, {}), { code: 'already_subscribed' }, 'no second subscription on one meter')
  const portal = await userService.createPortalSession(userId)
  t.match(portal.portal_url, /^https:\/\//, 'the portal once a customer exists')

  const first = completed.events[0]
  if (!first) throw new Error('no event')
  t.same(await deliver(first), { event_id: first.id, duplicate: true }, 'a redelivered event is acknowledged')
  t.equal(invalidations.length, 1, 'and changes nothing')

  // Out of order: the cancel (newer) arrives before a pause made earlier.
  const base = Math.floor(Date.now() / 1000) + 10
  const paused = standIn.pauseSubscription(subscriptionId, { created: base })
  const canceled = standIn.deleteSubscription(subscriptionId, { created: base + 5 })
  for (const event of canceled.events) await deliver(event)
  t.equal(await cardOnFile(), false, 'cancel: back to the free tier')
  t.equal((await userService.getSubscription(userId)).status, 'canceled')
  for (const event of paused.events) t.equal((await deliver(event)).duplicate, false, 'the older pause is stored as processed')
  t.equal((await userService.getSubscription(userId)).status, 'canceled', 'the older event does not revive it')
  t.same(
    invalidations,
    [
      { kind: 'user', userId },
      { kind: 'user', userId },
    ],
    'one more invalidation: the cancel',
  )
  t.equal((await subscriptionEvents()).length, 2, 'subscription.updated for the cancel only')

  const [delivery] = await subscriptionEvents()
  const [row] = await db.query<{ payload: { type: string; data: Record<string, unknown> } }>(
    'SELECT payload FROM webhook_deliveries WHERE id = $1',
    [delivery?.id ?? ''],
  )
  t.match(row?.payload, {
    type: 'subscription.updated',
    data: { status: 'canceled', card_on_file: false, subscription_id: subscriptionId },
  })

  const tampered = toSignedWebhook(standIn, completed.events[1] ?? {})
  const before = await db.query('SELECT event_id FROM billing_stripe_events')
  await t.rejects(userService.handleStripeWebhook(Buffer.from(tampered.payload.toString().replace('active', 'paused')), tampered.header), {
    code: 'invalid_stripe_signature',
  })
  await t.rejects(userService.handleStripeWebhook(tampered.payload, 't=1,v1=00'), { code: 'invalid_stripe_signature' })
  t.equal((await db.query('SELECT event_id FROM billing_stripe_events')).length, before.length, 'a bad signature stores nothing')
})

t.test('a failed payment and a pause take the paid tier away until Stripe says it is active again', async (t) => {
  const { standIn, settings } = await startTestBilling(t)
  const { userService, db } = await createTestUserService(t, { billing: settings })
  const email = `billing-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
  const deliver = async (event: object) => {
    const { payload, header } = toSignedWebhook(standIn, event)
    return userService.handleStripeWebhook(payload, header)
  }
  const state = async () => userService.getSubscription(userId)

  const checkout = await userService.createCheckoutSession(userId, {})
  // Seconds apart, from now: an event's created may not be more than a day ahead (stripe-event-envelope.ts).
  const base = Math.floor(Date.now() / 1000)
  const completed = standIn.completeCheckout(checkout.session_id, { created: base })
  // Stripe does not promise order: the subscription's creation after the checkout's completion.
  for (const event of [...completed.events].reverse()) await deliver(event)
  t.match(await state(), { status: 'active', card_on_file: true })

  const failed = standIn.failInvoicePayment(completed.subscription.id, { created: base + 100 })
  for (const event of failed.events) await deliver(event)
  t.match(await state(), { status: 'past_due', card_on_file: false }, 'payment failed: the free tier until it is paid')

  const recovered = standIn.updateSubscription(completed.subscription.id, { status: 'active' }, { created: base + 200 })
  for (const event of recovered.events) await deliver(event)
  t.match(await state(), { status: 'active', card_on_file: true }, 'paid again')

  const paused = standIn.pauseSubscription(completed.subscription.id, { created: base + 300 })
  for (const event of paused.events) await deliver(event)
  t.match(await state(), { status: 'paused', card_on_file: false }, 'paused: the free tier')
})

t.test('without STRIPE_SECRET_KEY billing is unavailable and nothing else changes', async (t) => {
  const { userService, db } = await createTestUserService(t)
  const email = `nobilling-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
  const calls: [string, () => Promise<unknown>][] = [
    ['checkout', () => userService.createCheckoutSession(userId, {})],
    ['portal', () => userService.createPortalSession(userId)],
    ['subscription', () => userService.getSubscription(userId)],
    ['usage', () => userService.getBillingUsage(userId)],
    ['webhook', () => userService.handleStripeWebhook(Buffer.from('{}'), 't=1,v1=00')],
  ]
  for (const [name, call] of calls) {
    await t.rejects(call(), { code: 'billing_unavailable' }, name)
  }
})
