/**
 * What a user is told when Stripe fails, with the real SDK against the stand-in: a refusal (a wrong
 * price, a revoked key) is 502 payment_provider_error naming Stripe's error type and code but not
 * its message; a 5xx or no answer at all is 503 billing_unavailable. Neither leaves a customer row
 * half made, and the next call after Stripe recovers goes through.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { toBillingError } from '../../accounts/billing/stripe-client.js'
import { createServiceError } from '../../lib/errors.js'
import { startTestBilling } from '../helpers/billing.js'
import { createTestUserService } from '../helpers/user-service.js'

t.test('Stripe failures become catalogue errors', async (t) => {
  const { standIn, settings } = await startTestBilling(t)
  const { userService, db } = await createTestUserService(t, { billing: settings })
  const email = `stripe-errors-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''

  standIn.failNext('/v1/customers', { status: 500, type: 'api_error', message: 'internal trouble' })
  await t.rejects(userService.createCheckoutSession(userId, {}), { code: 'billing_unavailable' }, 'a 5xx: try again')
  t.same(await db.query('SELECT user_id FROM billing_customers'), [], 'no customer stored')

  standIn.failNext('/v1/checkout/sessions', {
    status: 400,
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: 'No such price: price_x',
  })
  const refused = await userService.createCheckoutSession(userId, {}).catch((error: unknown) => error)
  t.match(refused, { code: 'payment_provider_error', message: /invalid_request_error: resource_missing/ }, "Stripe's type and code")
  t.notMatch((refused as Error).message, /No such price/, "not Stripe's message (it may name the account's objects)")
  t.equal(standIn.customers.size, 1, 'the customer made before the refusal is kept')

  const checkout = await userService.createCheckoutSession(userId, {})
  t.match(checkout.session_id, /^cs_/, 'the next checkout goes through')
  t.equal(standIn.customers.size, 1, 'with the same customer')

  await standIn.close()
  await t.rejects(userService.createPortalSession(userId), { code: 'billing_unavailable' }, 'Stripe unreachable')
})

t.test(
  'a catalogue error from the work around a Stripe call stays itself: the database down is accounts_unavailable, not a 500',
  async (t) => {
    const unavailable = createServiceError('accounts_unavailable', undefined, new Error('connect ECONNREFUSED'))
    t.equal(toBillingError(unavailable), unavailable)
    t.equal(toBillingError(new TypeError('a bug')).code, 'internal_error', 'anything else that is not Stripe’s: internal_error')
  },
)
