/**
 * Usage and the meter: the calls a user made, recorded in history as every edge records them, come
 * out of `getBillingUsage` priced at schedule 1 (1,000 free simulations a UTC day, 0.002 EUR each
 * past them, 0.003 a billable submit, landed managed tips at cost) and reach Stripe's meter as the
 * same amount, once: a late record adds only the difference, a pass with nothing new reports
 * nothing, a Stripe failure is retried, and a row Stripe already counted (a report whose mark was
 * lost) is not counted again.
 */
import t from 'tap'
import { randomBytes, randomUUID } from 'node:crypto'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { createMeterReporter } from '../../accounts/billing/meter-reporter.js'
import { toMeterIdentifier, toMeterTimestampSeconds } from '../../accounts/billing/meter-outbox.js'
import { getDayStartMs, HOUR_MS } from '../../accounts/billing/hourly-usage.js'
import { toBase58 } from '../../lib/base58.js'
import { startTestBilling } from '../helpers/billing.js'
import { createCaptureLogger } from '../helpers/capture-logger.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createTestUserService } from '../helpers/user-service.js'
import { createRecord } from './history-fixtures.js'

const DAY_MS = 86_400_000

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: usage figures equal the calls made, and reach the meter once`, async (t) => {
    const { standIn, settings } = await startTestBilling(t)
    const { userService, db, clock } = await createTestUserService(t, { kind, billing: settings })
    const email = `usage-${randomUUID()}@example.com`
    await userService.register({ email, password: 'correct horse battery staple' })
    const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
    // The customer exists once a checkout was asked for; nothing is subscribed, so the period is the calendar month.
    await userService.createCheckoutSession(userId, {})
    const customerId = [...standIn.customers.keys()][0] ?? ''

    // Yesterday (UTC), so both hours have ended and are inside Stripe's 35-day window.
    const dayMs = getDayStartMs(Date.now()) - DAY_MS
    const at = (hour: number, minute: number) => dayMs + hour * HOUR_MS + minute * 60_000
    const records: SimulationRecord[] = []
    for (let i = 0; i < 1_003; i += 1) records.push(createRecord(userId, { createdAtMs: at(10, 15), recordId: randomUUID() }))
    for (let i = 0; i < 2; i += 1) records.push(createRecord(userId, { createdAtMs: at(11, 5), kind: 'execute', recordId: randomUUID() }))
    records.push(
      createRecord(userId, { createdAtMs: at(11, 10), kind: 'send', signature: toBase58(randomBytes(64)), recordId: randomUUID() }),
    )
    await userService.recordSimulations(records)

    async function submit(
      strategy: 'managed_tip_bundle' | 'staked_sender' | 'direct',
      status: 'finalized' | 'confirmed' | 'expired',
      tip: bigint | null,
    ) {
      const signature = toBase58(randomBytes(64))
      await userService.trackTransaction(
        {
          userId,
          signature,
          kind: 'submit',
          status,
          route: tip === null ? 'direct_rpc' : 'relay_bundle',
          attempts: 1,
          endpoints: [],
          wireTransaction: new Uint8Array([1, 2, 3]),
          lastValidBlockHeight: 100,
          landedSlot: null,
          transactionError: null,
          prediction: null,
          outcome: null,
          strategy,
          relayBundleId: tip === null ? null : `bundle-${signature.slice(0, 8)}`,
          tipLamports: tip,
          dropReason: null,
          createdAtMs: at(11, 20),
          updatedAtMs: at(11, 20),
        },
        0,
      )
      await userService.recordSimulations([
        createRecord(userId, {
          createdAtMs: at(11, 20),
          kind: 'submit',
          signature,
          recordId: randomUUID(),
          strategy,
          billable: strategy !== 'direct',
          tipLamports: tip === null ? null : tip.toString(),
        }),
      ])
    }
    await submit('managed_tip_bundle', 'finalized', 1_000_000n)
    await submit('staked_sender', 'confirmed', null)
    await submit('direct', 'expired', null)

    clock.nowMs = at(23, 0)
    const usage = await userService.getBillingUsage(userId)
    t.match(usage, {
      currency: 'EUR',
      simulations: { total: 1_005, free: 1_000, billable: 5 },
      executes: 2,
      sends: 1,
      submits: { total: 3, billable: 2 },
      tips: { lamports: '1000000', eur: 0.15, unsettled: 0 },
      prices: { simulation_eur: 0.002, billable_submit_eur: 0.003, free_simulations_per_day: 1_000, sol_eur: 150 },
    })
    t.equal(usage.amount_due_eur, 0.166, '5 × 0.002 + 2 × 0.003 + 0.001 SOL at 150 EUR')
    t.ok(Date.parse(usage.period_start) <= at(10, 0) && at(12, 0) < Date.parse(usage.period_end), 'the calendar month holding the calls')

    clock.nowMs = Date.now()
    const { logger } = createCaptureLogger()
    const reporter = createMeterReporter({ db, stripe: settings.stripe, eventName: 'preflight_usage', solEur: 150, logger, now: clock.now })
    t.same(await reporter.runOnce(), { written: 2, reported: 2 }, 'two ended hours with billable usage')
    t.equal(standIn.meterTotal(customerId, 'preflight_usage'), 166_000, 'the meter holds the amount due, in micro-euros')
    t.match(
      standIn.meterEvents.map((event) => event.payload).sort((a, b) => Number(a.value) - Number(b.value)),
      [
        { stripe_customer_id: customerId, value: '6000' },
        { stripe_customer_id: customerId, value: '160000' },
      ],
      'per hour: 3 billable simulations; 2 simulations, 2 billable submits and the tip',
    )
    t.ok(
      standIn.meterEvents.every((event) =>
        [toMeterTimestampSeconds(at(10, 0)), toMeterTimestampSeconds(at(11, 0))].includes(Number(event.timestamp)),
      ),
      'each event is timestamped inside its hour',
    )
    t.same(await reporter.runOnce(), { written: 0, reported: 0 }, 'nothing new: nothing reported')

    // A record flushed late for hour 10: one revision with the difference.
    await userService.recordSimulations([createRecord(userId, { createdAtMs: at(10, 50), recordId: randomUUID() })])
    standIn.failNext('/v1/billing/meter_events', { status: 500, type: 'api_error', message: 'try later' })
    t.same(await reporter.runOnce(), { written: 1, reported: 0 }, 'written, then Stripe failed')
    const [pending] = await db.query<{ attempts: number; last_error: string; reported_at: Date | null }>(
      'SELECT attempts, last_error, reported_at FROM billing_meter_reports WHERE revision = 1',
    )
    t.match(pending, { attempts: 1, last_error: /try later/, reported_at: null }, 'kept for a retry')
    t.same(await reporter.runOnce(), { written: 0, reported: 0 }, 'not before its back-off')
    clock.nowMs += 31_000
    t.same(await reporter.runOnce(), { written: 0, reported: 1 }, 'retried after it')
    t.equal(standIn.meterTotal(customerId, 'preflight_usage'), 168_000, 'one more billable simulation, counted once')

    // Stripe counted a row whose "reported" mark was lost (a crash in between): the next report is not counted again.
    await userService.recordSimulations([createRecord(userId, { createdAtMs: at(11, 40), recordId: randomUUID() })])
    const identifier = toMeterIdentifier(userId, at(11, 0), 1)
    await settings.stripe.billing.meterEvents.create({
      event_name: 'preflight_usage',
      identifier,
      timestamp: toMeterTimestampSeconds(at(11, 0)),
      payload: { stripe_customer_id: customerId, value: '2000' },
    })
    t.same(await reporter.runOnce(), { written: 1, reported: 1 })
    t.equal(standIn.meterTotal(customerId, 'preflight_usage'), 170_000, 'the repeated identifier counted once')
    t.equal(standIn.meterEventRequests.filter((request) => request.identifier === identifier).length, 2, 'it was sent twice')
  })
}
