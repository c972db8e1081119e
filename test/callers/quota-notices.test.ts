/**
 * The quota.exceeded webhook: admission wrapped by withQuotaNotices tells the user service of the
 * first quota refusal of a user's day, and the user service queues one delivery per user and day to
 * each subscribed endpoint, however many refusals and whichever process refused. Rate-limit
 * refusals and admitted calls tell nothing, and the caller's answer is the same refusal.
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { withQuotaNotices } from '../../callers/quota-notices.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { DAY_MS, FREE_DAILY_SIMULATIONS } from '../../lib/limits/limit-plans.js'
import { isServiceError } from '../../lib/errors.js'
import { createCaptureLogger } from '../helpers/capture-logger.js'
import { createTestUserService } from '../helpers/user-service.js'

/** Polls `check` until it holds (5 s at most). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('the first quota refusal of the day queues one quota.exceeded event', async (t) => {
  const { userService, db, clock } = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const email = `quota-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
  const endpoint = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/hook', events: ['quota.exceeded'] })
  const quietEndpoint = await userService.createWebhookEndpoint(userId, { url: 'http://127.0.0.1:9/other', events: ['transaction.landed'] })
  const { logger } = createCaptureLogger()
  // Two edges' admissions (each its own memory), one user service: the event is still queued once.
  const edges = [
    withQuotaNotices(createInProcessAdmission(), userService, logger),
    withQuotaNotices(createInProcessAdmission(), userService, logger),
  ]
  const caller = { userId, hasCard: false }
  const nowMs = clock.nowMs
  const quotaEvents = async () =>
    (await userService.listWebhookDeliveries(userId, endpoint.id)).filter((d) => d.event_type === 'quota.exceeded')

  for (const edge of edges) edge.admit(caller, { requests: 0, simulations: FREE_DAILY_SIMULATIONS }, nowMs)
  t.same(await quotaEvents(), [], 'spending the quota exactly is no refusal')

  for (const [index, edge] of edges.entries()) {
    for (let i = 0; i < 3; i += 1) {
      t.throws(() => edge.admit(caller, { requests: 0, simulations: 1 }, nowMs + i), { code: 'quota_exceeded' }, `edge ${index} refuses`)
    }
  }
  await eventually(async () => (await quotaEvents()).length > 0)
  // Give any duplicate a chance to land before counting.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const events = await quotaEvents()
  t.equal(events.length, 1, 'one event for six refusals on two edges')
  const [row] = await db.query<{ payload: { type: string; data: Record<string, unknown> } }>(
    'SELECT payload FROM webhook_deliveries WHERE id = $1',
    [events[0]?.id ?? ''],
  )
  const day = new Date(nowMs).toISOString().slice(0, 10)
  t.match(row?.payload, {
    type: 'quota.exceeded',
    data: {
      day,
      free_simulations_per_day: FREE_DAILY_SIMULATIONS,
      resets_at: new Date((Math.floor(nowMs / DAY_MS) + 1) * DAY_MS).toISOString(),
    },
  })
  t.same(await userService.listWebhookDeliveries(userId, quietEndpoint.id), [], 'only subscribed endpoints get it')

  // The next day: a fresh quota, and a fresh notice on its first refusal.
  clock.nowMs = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS + 1_000
  const [edge] = edges
  if (!edge) throw new Error('no edge')
  edge.admit(caller, { requests: 0, simulations: FREE_DAILY_SIMULATIONS }, clock.nowMs)
  t.throws(() => edge.admit(caller, { requests: 0, simulations: 1 }, clock.nowMs), { code: 'quota_exceeded' })
  await eventually(async () => (await quotaEvents()).length === 2)
  t.pass('a second event the next day')

  // A rate-limit refusal is no quota refusal.
  const limited = withQuotaNotices(createInProcessAdmission(), userService, logger)
  let refusal: unknown
  try {
    for (let i = 0; i < 20; i += 1) limited.admit({ userId, hasCard: false }, { requests: 1, simulations: 0 }, clock.nowMs)
  } catch (error) {
    refusal = error
  }
  t.ok(isServiceError(refusal) && refusal.code === 'rate_limited', 'rate limited')
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.equal((await quotaEvents()).length, 2, 'no event for a rate-limit refusal')
})
