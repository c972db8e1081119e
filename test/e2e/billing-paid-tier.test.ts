/**
 * The "done when" for billing, with real processes and sockets: one accounts process with
 * Stripe's settings (the real SDK pointed at test/helpers/stripe-stand-in.ts) and two edge processes
 * reaching it over gRPC. A user checks out on edge A, Stripe's signed events arrive at edge A's
 * webhook, and edge B — which never saw them — moves the user to the card's rate limit (100 req/s,
 * burst 250); a cancel posted to edge B brings edge A back to the free 10 req/s. A replayed event is
 * acknowledged as a duplicate, a tampered one refused.
 *
 * With REDIS_URL the edges share admission and hear the card change on the invalidation bus, as
 * production runs; without it each edge limits in its own memory and, with nothing carrying
 * invalidations, trusts a cached principal 1 s (lib/auth-invalidation.ts) — the same assertions hold
 * either way, as the card change is waited for, not timed. On DATABASE_URL (in a schema of its own)
 * when set, else the embedded database.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import { CARD_RATE_PLAN, FREE_RATE_PLAN } from '../../lib/limits/limit-plans.js'
import { createIsolatedDatabaseUrl } from '../helpers/accounts-process.js'
import { TEST_PRICE_ID, toSignedWebhook } from '../helpers/billing.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createServiceProcessSetup } from '../helpers/service-process.js'
import { startEdgeProcess, startAccountsProcess, type EdgeProcess } from '../helpers/split-service-processes.js'
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../helpers/stripe-stand-in.js'

const JWT_SECRET = 'an-e2e-secret-of-at-least-32-bytes!'
const WEBHOOK_PATH = '/api/v1/billing/webhook'
const SUBSCRIPTION_PATH = '/api/v1/billing/subscription'
/** Long enough for a loaded machine; the card change itself arrives within a second. */
const PLAN_CHANGE_LIMIT_MS = 10_000
/** Above the free burst (10), far below the card's (250). */
const BURST = 30
/** Three starts, a checkout, a cancel, waits for refills. */
t.setTimeout(90_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Answer {
  status: number
  policy: string | null
  body: Record<string, unknown>
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, policy: response.headers.get('ratelimit-policy'), body: text ? JSON.parse(text) : {} }
}

/** POSTs `event` to `edge`'s webhook as Stripe would: the exact bytes signed, no credential of ours. */
function postStripeEvent(edge: EdgeProcess, standIn: StripeStandIn, event: StandInEvent, tamper = false): Promise<Answer> {
  const { payload, header } = toSignedWebhook(standIn, event)
  const body = tamper ? Buffer.from(payload.toString('utf8').replace('"livemode": false', '"livemode": true')) : payload
  return call(`${edge.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  })
}

/** `count` authenticated GETs of the subscription on `edge` at once (each charged one request). */
function burst(edge: EdgeProcess, token: string, count: number): Promise<Answer[]> {
  const headers = { authorization: `Bearer ${token}` }
  return Promise.all(Array.from({ length: count }, () => call(`${edge.url}${SUBSCRIPTION_PATH}`, { headers })))
}

/** Polls the subscription on `edge` until its RateLimit-Policy is `policy` (a 429 meanwhile is a drained bucket, polled again). */
async function waitForPolicy(edge: EdgeProcess, token: string, policy: string): Promise<Answer | undefined> {
  const deadline = Date.now() + PLAN_CHANGE_LIMIT_MS
  while (Date.now() < deadline) {
    const answer = await call(`${edge.url}${SUBSCRIPTION_PATH}`, { headers: { authorization: `Bearer ${token}` } })
    if (answer.status === 200 && answer.policy === policy) return answer
    await sleep(150)
  }
  return undefined
}

/** Bursts that took so long that the bucket's refill could admit them all are sent again, up to this many times. */
const BURST_ATTEMPTS = 3

/**
 * The free plan on `edge`: a burst past 10 from a full bucket is refused with 429 rate_limited, under
 * `10;w=1`. A bucket admits at most its 10 plus 10 a second while the burst lasts: on a loaded
 * machine an edge may take seconds over 30 calls, and then admitting them all proves nothing either
 * way, so such a burst is sent again after a refill.
 */
async function assertFreeTier(t: Test, edge: EdgeProcess, token: string, label: string): Promise<void> {
  const { burst: bucketSize, requestsPerSecond } = FREE_RATE_PLAN
  let answers: Answer[] = []
  let mostAdmissible = 0
  for (let attempt = 1; attempt <= BURST_ATTEMPTS; attempt++) {
    // A full bucket: 10 tokens at 10 a second.
    await sleep(1_100)
    const started = Date.now()
    answers = await burst(edge, token, BURST)
    // One token of slack for the refill's rounding at the burst's edges.
    mostAdmissible = Math.floor(bucketSize + (requestsPerSecond * (Date.now() - started)) / 1_000) + 1
    if (mostAdmissible < BURST) break
  }
  const admitted = answers.filter((answer) => answer.status === 200)
  const refused = answers.filter((answer) => answer.status === 429)
  t.ok(admitted.length <= mostAdmissible, `${label}: no more admitted than the bucket and its refill allow (${mostAdmissible})`, {
    admitted: admitted.length,
  })
  t.equal(admitted.length + refused.length, BURST, `${label}: every call is answered 200 or 429`, {
    statuses: answers.map((answer) => answer.status),
  })
  t.ok(admitted.length >= FREE_RATE_PLAN.burst, `${label}: the full burst of ${FREE_RATE_PLAN.burst} is admitted`, {
    admitted: admitted.length,
  })
  t.ok(refused.length > 0, `${label}: ${BURST} calls at once go past the free limit and get 429`, { admitted: admitted.length })
  t.ok(
    answers.every((answer) => answer.policy === FREE_RATE_PLAN.policy),
    `${label}: every answer carries RateLimit-Policy ${FREE_RATE_PLAN.policy}`,
    { policies: [...new Set(answers.map((answer) => answer.policy))] },
  )
  t.match(refused[0]?.body, { error: { code: 'rate_limited' } }, `${label}: the 429 is rate_limited`)
}

t.test('checkout → webhook → card on file → 100 req/s on the other edge; cancel → free tier again', async (t) => {
  const redisUrl = process.env.REDIS_URL
  const standIn = await startStripeStandIn()
  t.teardown(() => standIn.close())
  const overrides: NodeJS.ProcessEnv = {
    ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    JWT_SECRET,
    // A rerun within the hour must not find this run's register counters in Redis.
    AUTH_LIMITS: 'off',
    LOG_LEVEL: 'error',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    // The test reads every answer's RateLimit-Policy: on a loaded CI machine a Redis reply slower
    // than the 200 ms default would admit a call without limits or headers (failing open).
    RATE_LIMITS_REDIS_TIMEOUT_MS: '5000',
  }
  const setup = await createServiceProcessSetup(t, overrides)
  const accountsEnv: NodeJS.ProcessEnv = {
    ...setup.env,
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_PRICE_ID: TEST_PRICE_ID,
    STRIPE_API_URL: standIn.url,
    BILLING_SUCCESS_URL: 'https://app.example.com/billing/done',
    BILLING_CANCEL_URL: 'https://app.example.com/billing',
  }
  if (process.env.DATABASE_URL) accountsEnv.DATABASE_URL = await createIsolatedDatabaseUrl(t, process.env.DATABASE_URL)
  // The edges know no Stripe secret: billing is the accounts process's, reached over gRPC.
  const edgeEnv: NodeJS.ProcessEnv = { ...setup.env, ACCOUNTS_URL: `127.0.0.1:${setup.ports.accountsGrpc}` }

  const accounts = await startAccountsProcess(t, accountsEnv, setup.ports.accountsGrpc)
  if (!accounts) return
  const [edgeA, edgeB] = await Promise.all([startEdgeProcess(t, edgeEnv), startEdgeProcess(t, edgeEnv)])
  if (!edgeA || !edgeB) return

  const registered = await call(`${edgeA.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `paid-tier-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery staple' }),
  })
  if (!t.equal(registered.status, 200, 'registered on edge A', { body: registered.body })) return
  const token = registered.body.token as string

  await t.test('before the checkout, edge B holds the user to the free tier', async (t) => {
    const subscription = await call(`${edgeB.url}${SUBSCRIPTION_PATH}`, { headers: { authorization: `Bearer ${token}` } })
    t.match(subscription, { status: 200, body: { status: 'none', card_on_file: false } }, 'no subscription, no card')
    await assertFreeTier(t, edgeB, token, 'edge B, no card')
  })

  // With REDIS_URL both edges draw on one bucket, which the burst on edge B just drained: it refills first.
  await sleep(1_100)
  const checkout = await call(`${edgeA.url}/api/v1/billing/checkout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  if (!t.match(checkout, { status: 200, body: { checkout_url: String, session_id: String } }, 'a checkout session on edge A')) return
  const { subscription, events } = standIn.completeCheckout(checkout.body.session_id as string)

  await t.test("Stripe's checkout events, signed, land on edge A's webhook", async (t) => {
    t.ok(events.length > 0, 'the checkout produced events')
    for (const event of events) {
      const answer = await postStripeEvent(edgeA, standIn, event)
      t.match(answer, { status: 200, body: { received: true, duplicate: false } }, `${event.type} received`)
    }
    const replayed = await postStripeEvent(edgeA, standIn, events[0] as StandInEvent)
    t.match(replayed, { status: 200, body: { received: true, duplicate: true } }, 'a replayed event is acknowledged as a duplicate')
    const tampered = await postStripeEvent(edgeA, standIn, events[0] as StandInEvent, true)
    t.match(tampered, { status: 400, body: { error: { code: 'invalid_stripe_signature' } } }, 'a tampered body is refused')
  })

  await t.test('edge B moves the user to the card tier', async (t) => {
    const moved = await waitForPolicy(edgeB, token, CARD_RATE_PLAN.policy)
    if (!t.ok(moved, `edge B answers under ${CARD_RATE_PLAN.policy} within ${PLAN_CHANGE_LIMIT_MS} ms`)) return
    t.match(
      moved?.body,
      { status: 'active', subscription_id: subscription.id, card_on_file: true, plan: { price_id: TEST_PRICE_ID } },
      'the subscription is active with a card on file',
    )
    // Room for the whole burst: the bucket refills at 100 a second from wherever the free tier left it.
    await sleep(1_100)
    const answers = await burst(edgeB, token, 60)
    t.same(new Set(answers.map((answer) => answer.status)), new Set([200]), '60 calls at once: none refused')
    t.ok(
      answers.every((answer) => answer.policy === CARD_RATE_PLAN.policy),
      `every answer carries RateLimit-Policy ${CARD_RATE_PLAN.policy}`,
      { policies: [...new Set(answers.map((answer) => answer.policy))] },
    )
  })

  await t.test("the cancel, posted to edge B's webhook, puts edge A back on the free tier", async (t) => {
    const { events: cancelEvents } = standIn.deleteSubscription(subscription.id)
    t.ok(cancelEvents.length > 0, 'the cancel produced events')
    for (const event of cancelEvents) {
      const answer = await postStripeEvent(edgeB, standIn, event)
      t.match(answer, { status: 200, body: { received: true, duplicate: false } }, `${event.type} received`)
    }
    const moved = await waitForPolicy(edgeA, token, FREE_RATE_PLAN.policy)
    if (!t.ok(moved, `edge A answers under ${FREE_RATE_PLAN.policy} within ${PLAN_CHANGE_LIMIT_MS} ms`)) return
    t.match(moved?.body, { status: 'canceled', card_on_file: false }, 'the subscription is canceled, no card on file')
    await assertFreeTier(t, edgeA, token, 'edge A, after the cancel')
  })
})
