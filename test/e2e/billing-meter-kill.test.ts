/**
 * The meter outbox survives a kill without losing or doubling a meter event: the real accounts
 * process (`node --import tsx accounts/main.ts`), billing pointed at the Stripe stand-in, reports a
 * user's usage of two ended hours; it is killed with SIGKILL and started again on the same
 * database, and Stripe's meter then holds exactly the amount due.
 * - Killed between Stripe's count and the "reported" mark: the stand-in counts the first meter
 *   event and withholds its answer; after the restart the row's lease runs out, it is sent again
 *   with the same identifier, and Stripe counts it once.
 * - Killed between the outbox write and any report: the first meter request is lost before Stripe
 *   sees it; after the restart (its first attempt answered 500, the SDK retrying it) each hour is
 *   counted once.
 * Afterwards nothing is sent again: every row was marked reported. On the embedded database, and
 * on DATABASE_URL (in a schema of its own) when it is set.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { getDayStartMs, HOUR_MS } from '../../accounts/billing/hourly-usage.js'
import { toMeterIdentifier } from '../../accounts/billing/meter-outbox.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { toBase58 } from '../../lib/base58.js'
import { createRecord } from '../accounts/history-fixtures.js'
import { createIsolatedDatabaseUrl, startAccountsProcess, type AccountsProcess } from '../helpers/accounts-process.js'
import { TEST_PRICE_ID } from '../helpers/billing.js'
import { getDatabaseKinds, type DatabaseKind } from '../helpers/database.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createServiceProcessSetup, waitForExit } from '../helpers/service-process.js'
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js'
import { waitUntil } from '../helpers/wait-until.js'

// Up to two database kinds, two cases each, each two boots and a lease: more than tap's 60 s default on a loaded machine.
t.setTimeout(120_000)
// Each case has its own stand-in, ports and database: two at once, most of a case is waiting for a boot.
t.jobs = 2

const JWT_SECRET = 'an-e2e-secret-of-at-least-32-bytes!'
const METER_EVENTS_PATH = '/v1/billing/meter_events'
const DAY_MS = 86_400_000
/** The reporter's pass: every 200 ms. */
const INTERVAL_MS = 200
/** The shortest lease the configuration allows: the killed claim is free again 1 s after it was taken. */
const LEASE_MS = 1_000
/** The lease, a boot's first passes, the SDK's retry of a 500. */
const REPORT_LIMIT_MS = 20_000
/** Several passes: a row not marked reported would be sent again within it. */
const QUIET_MS = 1_200

/** Yesterday (UTC): both hours have ended, are inside the reporter's 48 h look-back and Stripe's 35-day window. */
const DAY_START_MS = getDayStartMs(Date.now()) - DAY_MS
const SIMULATE_HOUR_MS = DAY_START_MS + 10 * HOUR_MS
const SUBMIT_HOUR_MS = DAY_START_MS + 12 * HOUR_MS

/** 1,005 simulations at 10:xx (5 past the day's free 1,000, 2000 µEUR each) and 2 billable submits at 12:xx (3000 µEUR each). */
function toUsageRecords(userId: string): SimulationRecord[] {
  const records: SimulationRecord[] = []
  for (let i = 0; i < 1_005; i += 1)
    records.push(createRecord(userId, { createdAtMs: SIMULATE_HOUR_MS + 15 * 60_000 + i, recordId: randomUUID() }))
  for (let i = 0; i < 2; i += 1)
    records.push(
      createRecord(userId, {
        createdAtMs: SUBMIT_HOUR_MS + 20 * 60_000,
        kind: 'submit',
        signature: toBase58(randomBytes(64)),
        strategy: 'staked_sender',
        billable: true,
        recordId: randomUUID(),
      }),
    )
  return records
}

interface Usage {
  standIn: StripeStandIn
  env: NodeJS.ProcessEnv
  port: number
  first: AccountsProcess
  customerId: string
  /** Identifier → micro-euros: what the meter must hold once, per hour. */
  expected: Map<string, number>
}

/**
 * A stand-in, the accounts process billing through it, a user with a customer, and `beforeRecording`
 * run just before the user's usage is recorded over gRPC; undefined when the process did not start.
 */
async function startWithUsage(t: Test, kind: DatabaseKind, beforeRecording: (standIn: StripeStandIn) => void): Promise<Usage | undefined> {
  const standIn = await startStripeStandIn()
  t.teardown(() => standIn.close())
  const overrides: NodeJS.ProcessEnv = {
    ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    JWT_SECRET,
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_PRICE_ID: TEST_PRICE_ID,
    STRIPE_API_URL: standIn.url,
    BILLING_SUCCESS_URL: 'https://app.example.com/billing/done',
    BILLING_CANCEL_URL: 'https://app.example.com/billing',
    BILLING_REPORT_INTERVAL_MS: String(INTERVAL_MS),
    BILLING_REPORT_LEASE_MS: String(LEASE_MS),
  }
  if (kind === 'postgres') overrides.DATABASE_URL = await createIsolatedDatabaseUrl(t, process.env.DATABASE_URL as string)
  const setup = await createServiceProcessSetup(t, overrides)
  const port = setup.ports.accountsGrpc
  const first = await startAccountsProcess(t, setup.env, port)
  if (!first) return undefined

  const client = createGrpcUserServiceClient(`127.0.0.1:${port}`, { internalToken: TEST_INTERNAL_TOKEN })
  try {
    const auth = await client.register({
      email: `meter-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery staple',
    })
    const userId = (await verifyAccessToken(new TextEncoder().encode(JWT_SECRET), auth.token, Date.now()))?.userId as string
    // The user's first checkout creates the Stripe customer; only users with one are reported.
    await client.createCheckoutSession(userId, {})
    const customerId = [...standIn.customers.keys()][0] ?? ''
    t.match(customerId, /^cus_/, 'the checkout created the customer')
    beforeRecording(standIn)
    await client.recordSimulations(toUsageRecords(userId))
    const expected = new Map([
      [toMeterIdentifier(userId, SIMULATE_HOUR_MS, 0), 10_000],
      [toMeterIdentifier(userId, SUBMIT_HOUR_MS, 0), 6_000],
    ])
    return { standIn, env: setup.env, port, first, customerId, expected }
  } finally {
    await client.close()
  }
}

async function kill(t: Test, accounts: AccountsProcess): Promise<void> {
  t.ok(process.kill(accounts.child.pid as number, 'SIGKILL'), 'SIGKILL sent to the accounts node process')
  t.same(await waitForExit(accounts.child, 5_000), { code: null, signal: 'SIGKILL' }, 'the process died of SIGKILL, no drain')
}

/** Restarts the process, waits until every hour was counted and a few passes went by, checking the meter's total. */
async function restartUntilReported(t: Test, usage: Usage): Promise<AccountsProcess | undefined> {
  const { standIn, expected } = usage
  const second = await startAccountsProcess(t, usage.env, usage.port)
  if (!second) return undefined
  const counted = () => [...expected.keys()].every((identifier) => standIn.meterEvents.some((event) => event.identifier === identifier))
  await waitUntil(counted, REPORT_LIMIT_MS, 'every hour counted after the restart').catch((error: unknown) =>
    t.fail(String(error), { meterEventRequests: standIn.meterEventRequests.map((r) => r.identifier), output: second.output() }),
  )
  const sent = standIn.meterEventRequests.length
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
  t.equal(standIn.meterEventRequests.length, sent, 'nothing is sent again: every row was marked reported')
  t.equal(
    standIn.meterTotal(usage.customerId),
    [...expected.values()].reduce((sum, value) => sum + value, 0),
    'the meter holds exactly the amount due: 10000 + 6000 µEUR, nothing lost, nothing doubled',
  )
  t.strictSame(
    standIn.meterEvents.map((event) => [event.identifier, Number(event.payload.value)]).sort(),
    [...expected.entries()].sort(),
    'each hour counted once, at its amount',
  )
  t.notMatch(second.output(), /"level":50/, 'the restarted process logged no error', { output: second.output().slice(-4000) })
  return second
}

/** Identifier → how many meter-event requests carried it (repeats included). */
function countSent(standIn: StripeStandIn): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { identifier } of standIn.meterEventRequests) counts[identifier ?? ''] = (counts[identifier ?? ''] ?? 0) + 1
  return counts
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: kill -9 after Stripe counted a meter event, before it was marked: counted once after the restart`, async (t) => {
    const usage = await startWithUsage(t, kind, (standIn) => standIn.holdMeterEvents())
    if (!usage) return
    const { standIn, expected } = usage
    await Promise.race([
      standIn.waitForHeldRequest(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no meter event within 10 s')), 10_000)),
    ]).catch((error: unknown) => t.fail(String(error), { output: usage.first.output() }))
    await kill(t, usage.first)
    const killed = standIn.meterEventRequests[0]?.identifier as string
    t.ok(expected.has(killed), 'the event in flight at the kill is one of the hours')
    t.strictSame(
      standIn.meterEvents.map((event) => event.identifier),
      [killed],
      'before the kill Stripe counted the one event in flight (its answer withheld), the other row waited behind it',
    )
    // Its answer now goes to a dead connection: harmless.
    standIn.releaseMeterEvents()

    if (!(await restartUntilReported(t, usage))) return
    const other = [...expected.keys()].find((identifier) => identifier !== killed) as string
    t.strictSame(
      countSent(standIn),
      { [killed]: 2, [other]: 1 },
      'the killed row was sent again with the same identifier once its lease ran out; the other once',
    )
    t.equal(
      standIn.meterEventRequests.filter((request) => request.identifier === killed && request.counted).length,
      1,
      'Stripe counted the repeated identifier once',
    )
  })

  t.test(`${kind}: kill -9 after the outbox was written, before any report reached Stripe: each hour counted once`, async (t) => {
    const usage = await startWithUsage(t, kind, (standIn) => standIn.dropMeterEvents())
    if (!usage) return
    const { standIn, expected } = usage
    const meterRequests = () => standIn.requests.filter((request) => request.path === METER_EVENTS_PATH)
    await waitUntil(() => meterRequests().length >= 1, 10_000, 'the first meter request').catch((error: unknown) =>
      t.fail(String(error), { output: usage.first.output() }),
    )
    await kill(t, usage.first)
    t.equal(meterRequests().length, 1, 'one request left the process (the outbox rows were written), and it was lost')
    t.strictSame(standIn.meterEventRequests, [], 'Stripe received no meter event')
    t.equal(standIn.meterTotal(usage.customerId), 0, 'nothing counted before the restart')
    standIn.stopDroppingMeterEvents()
    // The restarted process meets a Stripe failure first: the SDK retries it with the same Idempotency-Key.
    standIn.failNext(METER_EVENTS_PATH, { status: 500, type: 'api_error', message: 'try later' })

    if (!(await restartUntilReported(t, usage))) return
    t.ok(
      standIn.requests.some((request) => request.path === METER_EVENTS_PATH && request.status === 500),
      'a meter request was answered 500 after the restart',
    )
    t.strictSame(
      countSent(standIn),
      Object.fromEntries([...expected.keys()].map((identifier) => [identifier, 1])),
      'Stripe received each hour once (the 500 and the lost request never reached it)',
    )
  })
}
