/**
 * The Stripe stand-in answers the real `stripe` SDK (v23) as Stripe does for the calls billing makes:
 * these tests drive the SDK against it, so a stand-in that drifts from the SDK's wire format or error
 * mapping fails here rather than in billing's tests. `maxNetworkRetries: 0` keeps failNext
 * deterministic (the SDK's default is 2 retries).
 */
import t, { type Test } from 'tap'
import { request } from 'node:http'
import Stripe from 'stripe'
import { fromFormBody, startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js'

async function startWithClient(t: Test, maxNetworkRetries = 0): Promise<{ standIn: StripeStandIn; stripe: Stripe }> {
  const standIn = await startStripeStandIn()
  t.teardown(() => standIn.close())
  return { standIn, stripe: new Stripe(standIn.secretKey, { ...standIn.stripeOptions, maxNetworkRetries }) }
}

/** The error `promise` rejects with (a failed assertion if it resolves). */
async function getRejection(t: Test, promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
    t.fail('expected a rejection')
    return undefined
  } catch (error) {
    return error
  }
}

async function createCustomer(stripe: Stripe): Promise<string> {
  return (await stripe.customers.create({ email: 'a@example.com' })).id
}

t.test('fromFormBody rebuilds nested objects and arrays from bracket keys', async (t) => {
  t.same(fromFormBody('mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&metadata[user_id]=7'), {
    mode: 'subscription',
    line_items: [{ price: 'price_1', quantity: '2' }],
    metadata: { user_id: '7' },
  })
  t.same(fromFormBody('subscription_data%5Bmetadata%5D%5Bplan%5D=pro&expand[]=a&expand[]=b&x=a%26b'), {
    subscription_data: { metadata: { plan: 'pro' } },
    expand: ['a', 'b'],
    x: 'a&b',
  })
  t.same(fromFormBody('__proto__[polluted]=1&a[constructor][b]=2'), {})
  t.equal(({} as Record<string, unknown>).polluted, undefined)
  t.same(fromFormBody(''), {})
})

t.test('customers: created with the SDK, read back, and an Idempotency-Key replays the first answer', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const params = { email: 'a@example.com', name: 'A', metadata: { user_id: '42' } }
  const first = await stripe.customers.create(params, { idempotencyKey: 'create-customer-42' })
  const again = await stripe.customers.create(params, { idempotencyKey: 'create-customer-42' })
  t.match(first.id, /^cus_/)
  t.equal(again.id, first.id)
  t.same(first.metadata, { user_id: '42' })
  t.equal(standIn.customers.size, 1)
  t.equal(again.lastResponse.headers['idempotent-replayed'], 'true')
  t.same(
    standIn.requests.map((r) => [r.method, r.path, r.idempotencyKey, r.replayed]),
    [
      ['POST', '/v1/customers', 'create-customer-42', false],
      ['POST', '/v1/customers', 'create-customer-42', true],
    ],
  )
  t.equal(standIn.requests[0]?.stripeVersion, Stripe.API_VERSION, 'the SDK pins its API version in Stripe-Version')
  t.same(standIn.requests[0]?.body, { email: 'a@example.com', name: 'A', metadata: { user_id: '42' } })

  // Without a key the SDK sends its own per call, so two calls make two customers.
  const other = await stripe.customers.create(params)
  t.not(other.id, first.id)
  t.match(standIn.requests.at(-1)?.idempotencyKey, /^stripe-node-retry-/)

  const reused = await getRejection(t, stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'create-customer-42' }))
  t.ok(reused instanceof Stripe.errors.StripeIdempotencyError)

  t.equal((await stripe.customers.retrieve(first.id)).id, first.id)
  const missing = await getRejection(t, stripe.customers.retrieve('cus_missing'))
  t.ok(missing instanceof Stripe.errors.StripeInvalidRequestError)
  t.match(missing, { statusCode: 404, code: 'resource_missing', param: 'id' })
})

t.test('checkout sessions: created for a subscription; missing or unknown params are StripeInvalidRequestError with param', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_pro', quantity: 1 }],
    success_url: 'https://app.example/billing/done',
    cancel_url: 'https://app.example/billing',
    client_reference_id: 'user-42',
    metadata: { user_id: '42' },
    subscription_data: { metadata: { user_id: '42' } },
  })
  t.match(session, { object: 'checkout.session', mode: 'subscription', status: 'open', customer, client_reference_id: 'user-42' })
  t.match(session.id, /^cs_test_/)
  t.equal(session.url, `https://checkout.stripe.com/c/pay/${session.id}`)
  t.ok(standIn.checkoutSessions.has(session.id))

  const valid = { mode: 'subscription' as const, customer, line_items: [{ price: 'price_pro' }], success_url: 'https://app.example/done' }
  const cases: Array<[string, Stripe.Checkout.SessionCreateParams, string, string]> = [
    ['no mode', { ...valid, mode: undefined }, 'mode', 'parameter_missing'],
    ['no success_url', { ...valid, success_url: undefined }, 'success_url', 'parameter_missing'],
    ['no price', { ...valid, line_items: [] }, 'line_items[0][price]', 'parameter_missing'],
    ['unknown customer', { ...valid, customer: 'cus_missing' }, 'customer', 'resource_missing'],
  ]
  for (const [name, params, param, code] of cases) {
    const error = await getRejection(t, stripe.checkout.sessions.create(params))
    t.ok(error instanceof Stripe.errors.StripeInvalidRequestError, name)
    t.match(error, { statusCode: 400, type: 'StripeInvalidRequestError', rawType: 'invalid_request_error', param, code }, name)
  }
  t.equal(standIn.checkoutSessions.size, 1)
})

t.test('billing portal sessions: created for a known customer, 400 resource_missing otherwise', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  const portal = await stripe.billingPortal.sessions.create({ customer, return_url: 'https://app.example/billing' })
  t.match(portal, { object: 'billing_portal.session', customer, return_url: 'https://app.example/billing' })
  t.match(portal.id, /^bps_/)
  t.match(portal.url, /^https:\/\/billing\.stripe\.com\/p\/session\//)
  t.equal(standIn.portalSessions.size, 1)
  const error = await getRejection(t, stripe.billingPortal.sessions.create({ customer: 'cus_missing' }))
  t.ok(error instanceof Stripe.errors.StripeInvalidRequestError)
  t.match(error, { statusCode: 400, code: 'resource_missing', param: 'customer' })
})

t.test('meter events: a repeated identifier answers 200 but counts once; bad values and millisecond timestamps are refused', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  const event = { event_name: 'simulations', payload: { stripe_customer_id: customer, value: '5' }, identifier: 'usage-1' }
  const first = await stripe.billing.meterEvents.create(event)
  const repeat = await stripe.billing.meterEvents.create(event)
  await stripe.billing.meterEvents.create({ ...event, identifier: 'usage-2', payload: { stripe_customer_id: customer, value: '3' } })
  await stripe.billing.meterEvents.create({ ...event, identifier: 'other-meter', event_name: 'submits' })
  t.match(first, { object: 'billing.meter_event', event_name: 'simulations', identifier: 'usage-1', payload: { value: '5' } })
  t.same(repeat.payload, first.payload)
  t.equal(standIn.meterEvents.length, 3)
  t.same(
    standIn.meterEventRequests.map((r) => [r.identifier, r.counted]),
    [
      ['usage-1', true],
      ['usage-1', false],
      ['usage-2', true],
      ['other-meter', true],
    ],
  )
  t.equal(standIn.meterTotal(customer, 'simulations'), 8)
  t.equal(standIn.meterTotal(customer), 13)

  const fractional = await getRejection(
    t,
    stripe.billing.meterEvents.create({ ...event, identifier: 'u3', payload: { stripe_customer_id: customer, value: '1.5' } }),
  )
  t.match(fractional, { statusCode: 400, param: 'payload[value]' })
  const inMilliseconds = await getRejection(t, stripe.billing.meterEvents.create({ ...event, identifier: 'u4', timestamp: Date.now() }))
  t.match(inMilliseconds, { statusCode: 400, param: 'timestamp' })
  t.equal(standIn.meterEvents.length, 3)
})

t.test('a wrong or missing API key is a StripeAuthenticationError and changes nothing', async (t) => {
  const { standIn } = await startWithClient(t)
  const wrong = new Stripe('sk_test_wrong_key_1234', { ...standIn.stripeOptions, maxNetworkRetries: 0 })
  const error = await getRejection(t, wrong.customers.create({ email: 'a@example.com' }))
  t.ok(error instanceof Stripe.errors.StripeAuthenticationError)
  t.match(error, { statusCode: 401, message: /^Invalid API Key provided: sk_test_\**1234$/ })
  t.equal(standIn.customers.size, 0)
  t.equal(standIn.requests[0]?.status, 401)

  const anonymous = await fetch(`${standIn.url}/v1/customers`, { method: 'POST', body: new URLSearchParams({ email: 'a@example.com' }) })
  t.equal(anonymous.status, 401)
  t.match(await anonymous.json(), { error: { type: 'invalid_request_error', message: /^You did not provide an API key/ } })
  t.equal(standIn.customers.size, 0)
})

t.test('paths billing does not use answer 404 in Stripe shape', async (t) => {
  const { stripe } = await startWithClient(t)
  const error = await getRejection(t, stripe.products.create({ name: 'x' }))
  t.ok(error instanceof Stripe.errors.StripeInvalidRequestError)
  t.match(error, { statusCode: 404, message: /Unrecognized request URL \(POST: \/v1\/products\)/ })
})

t.test('failNext: the next request to the path fails as scripted, the one after succeeds', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  standIn.failNext('/v1/customers')
  standIn.failNext('/v1/customers', { status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.' })
  const serverError = await getRejection(t, stripe.customers.create({ email: 'a@example.com' }))
  t.ok(serverError instanceof Stripe.errors.StripeAPIError)
  t.match(serverError, { statusCode: 500 })
  const declined = await getRejection(t, stripe.customers.create({ email: 'a@example.com' }))
  t.ok(declined instanceof Stripe.errors.StripeCardError)
  t.match(declined, { statusCode: 402, code: 'card_declined' })
  t.match((await stripe.customers.create({ email: 'a@example.com' })).id, /^cus_/)
  t.equal(standIn.customers.size, 1)
})

t.test('with retries on, the SDK retries a 500 under the same Idempotency-Key and gets the answer', async (t) => {
  const { standIn, stripe } = await startWithClient(t, 1)
  standIn.failNext('/v1/billing/meter_events')
  const customer = await createCustomer(stripe)
  await stripe.billing.meterEvents.create({
    event_name: 'simulations',
    payload: { stripe_customer_id: customer, value: '1' },
    identifier: 'u1',
  })
  const attempts = standIn.requests.filter((r) => r.path === '/v1/billing/meter_events')
  t.same(
    attempts.map((r) => r.status),
    [500, 200],
  )
  t.equal(attempts[0]?.idempotencyKey, attempts[1]?.idempotencyKey)
  t.equal(standIn.meterTotal(customer), 1)
})

t.test('holdMeterEvents: the event is counted while its response is withheld until release', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  standIn.holdMeterEvents()
  let answered = false
  const pending = stripe.billing.meterEvents
    .create({ event_name: 'simulations', payload: { stripe_customer_id: customer, value: '4' }, identifier: 'held-1' })
    .then((event) => {
      answered = true
      return event
    })
  await standIn.waitForHeldRequest()
  t.equal(standIn.heldRequests, 1)
  t.equal(standIn.meterTotal(customer), 4, 'Stripe has counted it')
  t.equal(answered, false, 'the caller has not heard')
  t.equal(standIn.requests.at(-1)?.status, null)
  standIn.releaseMeterEvents()
  t.equal((await pending).identifier, 'held-1')
  t.equal(standIn.heldRequests, 0)

  // A caller that dies while held (the reporter killed) leaves a response with no one to read it; releasing it is harmless.
  standIn.holdMeterEvents()
  const body = `event_name=simulations&payload[stripe_customer_id]=${customer}&payload[value]=2&identifier=held-2`
  const abandoned = request(`${standIn.url}/v1/billing/meter_events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
  })
  abandoned.on('error', () => {})
  abandoned.end(body)
  await standIn.waitForHeldRequest()
  abandoned.destroy()
  standIn.releaseMeterEvents()
  t.equal(standIn.meterTotal(customer), 6)
  t.equal((await stripe.customers.retrieve(customer)).id, customer, 'the stand-in still answers')
})

t.test('webhook events: signed with the SDK helper, verified by constructEvent, a tampered payload refused', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_pro' }],
    success_url: 'https://app.example/done',
    client_reference_id: 'user-42',
    subscription_data: { metadata: { user_id: '42' } },
  })
  const { subscription, events } = standIn.completeCheckout(session.id, { created: 1_790_000_000 })
  t.same(
    events.map((e) => e.type),
    ['checkout.session.completed', 'customer.subscription.created'],
  )
  const [completed] = events
  if (!completed) throw new Error('no event')
  const { payload, header } = standIn.signEvent(completed)
  const verified = stripe.webhooks.constructEvent(payload, header, standIn.webhookSecret)
  t.equal(verified.type, 'checkout.session.completed')
  t.match(verified, { created: 1_790_000_000, api_version: Stripe.API_VERSION, livemode: false })
  t.match(verified.data.object, {
    id: session.id,
    status: 'complete',
    subscription: subscription.id,
    customer,
    client_reference_id: 'user-42',
  })
  const tampered = await getRejection(
    t,
    Promise.resolve().then(() => stripe.webhooks.constructEvent(payload.replace('complete', 'expired'), header, standIn.webhookSecret)),
  )
  t.ok(tampered instanceof Stripe.errors.StripeSignatureVerificationError)
  const wrongSecret = await getRejection(
    t,
    Promise.resolve().then(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')),
  )
  t.ok(wrongSecret instanceof Stripe.errors.StripeSignatureVerificationError)

  const retrieved = await stripe.subscriptions.retrieve(subscription.id)
  t.match(retrieved, { status: 'active', customer, metadata: { user_id: '42' } })
  const item = retrieved.items.data[0]
  t.equal(item?.price.id, 'price_pro')
  t.equal(item?.current_period_start, 1_790_000_000)
  t.equal(item?.current_period_end, subscription.current_period_end)
  t.ok(subscription.current_period_end > subscription.current_period_start)
})

t.test('subscription lifecycle helpers change the subscription and return the matching events', async (t) => {
  const { standIn, stripe } = await startWithClient(t)
  const customer = await createCustomer(stripe)
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_pro' }],
    success_url: 'https://a/',
  })
  const { subscription } = standIn.completeCheckout(session.id)

  const updated = standIn.updateSubscription(subscription.id, { cancel_at_period_end: true })
  t.match(updated.events[0], {
    type: 'customer.subscription.updated',
    data: { object: { cancel_at_period_end: true }, previous_attributes: { cancel_at_period_end: false } },
  })

  const failed = standIn.failInvoicePayment(subscription.id)
  t.same(
    failed.events.map((e) => e.type),
    ['invoice.payment_failed', 'customer.subscription.updated'],
  )
  t.match(failed.invoice, { customer, subscription: subscription.id, parent: { subscription_details: { subscription: subscription.id } } })
  t.match(failed.invoice.id, /^in_/)
  t.match(failed.events[1]?.data, { object: { status: 'past_due' }, previous_attributes: { status: 'active' } })
  t.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due')

  t.match(standIn.pauseSubscription(subscription.id).events[0], {
    type: 'customer.subscription.paused',
    data: { object: { status: 'paused' } },
  })
  const deleted = standIn.deleteSubscription(subscription.id, { created: 1_800_000_000 })
  t.match(deleted.events[0], {
    type: 'customer.subscription.deleted',
    created: 1_800_000_000,
    data: { object: { status: 'canceled', ended_at: 1_800_000_000 } },
  })
  // Each event holds the object as it was when sent, not as it is now.
  t.equal((updated.events[0]?.data.object as { status: string }).status, 'active')
})
