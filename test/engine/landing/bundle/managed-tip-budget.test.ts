// The rules the tip wallet pays by, over the in-process ledger: which plan pays at all, the
// per-call cap, the daily cap with its Retry-After to 00:00 UTC, a release, and a restart that
// starts the day from what the tracking records say was already paid.
import t from 'tap'
import { createManagedTipBudget } from '../../../../engine/landing/bundle/managed-tip-budget.js'
import { FREE_MANAGED_TIP_PLAN, type ManagedTipPlans } from '../../../../engine/landing/bundle/managed-tip-plans.js'
import { createInProcessTipLedger } from '../../../../engine/landing/bundle/tip-ledger.js'
import { ERROR_CATALOGUE, isServiceError, type ServiceError } from '../../../../lib/errors.js'

/** 18:00 UTC: six hours to the day's end. */
const NOW = Date.UTC(2026, 10, 25, 18)
const PLANS: ManagedTipPlans = {
  free: FREE_MANAGED_TIP_PLAN,
  card: { maxPerCallLamports: 10_000n, maxPerDayLamports: 25_000n },
}
const alice = { userId: 'alice', cardOnFile: false }
const bob = { userId: 'bob', cardOnFile: true }

function createBudget(getSpentSince: (userId: string, sinceMs: number) => Promise<bigint> = async () => 0n, plans = PLANS) {
  return createManagedTipBudget({ plans, ledger: createInProcessTipLedger(), getSpentSince, now: () => NOW })
}

const refusal = (work: () => unknown): ServiceError => {
  try {
    work()
  } catch (error) {
    if (isServiceError(error)) return error
  }
  throw new Error('expected a refusal')
}

t.test('without a card (the free plan, 0 by default): no managed tip, no staked sending — 402 card_required', async (t) => {
  const budget = createBudget()
  t.equal(budget.allows(alice), false)
  const error = refusal(() => budget.assertMayPay(alice, 'managed_tip_bundle'))
  t.equal(error.code, 'card_required')
  t.equal(ERROR_CATALOGUE[error.code].http, 402)
  t.match(error.message, /^managed_tip_bundle is paid by the service and billed to a card/)
  t.equal(refusal(() => budget.assertMayPay(alice, 'A managed tip', 1n)).code, 'card_required', 'even one lamport')
  t.equal(budget.allows(bob), true)
  t.doesNotThrow(() => budget.assertMayPay(bob, 'staked_sender'))
})

t.test('a free plan the operator funds pays within its own caps', async (t) => {
  const budget = createBudget(async () => 0n, { ...PLANS, free: { maxPerCallLamports: 1_000n, maxPerDayLamports: 2_000n } })
  t.equal(budget.allows(alice), true)
  t.equal(budget.getCallCapLamports(alice), 1_000n)
  t.equal(refusal(() => budget.assertMayPay(alice, 'A managed tip', 1_001n)).code, 'tip_limit_exceeded')
})

t.test('one tip above the plan’s per-call cap: 422 tip_limit_exceeded naming the cap', async (t) => {
  const budget = createBudget()
  t.doesNotThrow(() => budget.assertMayPay(bob, 'A managed tip', 10_000n), 'the cap itself is allowed')
  const error = refusal(() => budget.assertMayPay(bob, 'A managed tip', 5_000_000_000n))
  t.equal(error.code, 'tip_limit_exceeded')
  t.equal(ERROR_CATALOGUE[error.code].http, 422)
  t.match(error.message, /tip_lamports: 5000000000 is above your plan's cap of 10000 lamports/)
})

t.test("the day's cap: 429 tip_budget_exceeded with Retry-After to 00:00 UTC; a release gives the room back", async (t) => {
  const budget = createBudget()
  await budget.charge(bob, 10_000n)
  const release = await budget.charge(bob, 10_000n)
  const error = (await budget.charge(bob, 10_000n).catch((e: unknown) => e)) as ServiceError
  t.equal(error.code, 'tip_budget_exceeded')
  t.equal(ERROR_CATALOGUE[error.code].http, 429)
  t.equal(error.headers?.['retry-after'], String(6 * 3600), 'six hours to midnight')
  t.match(error.message, /come to 20000 lamports; 10000 more would pass your plan's cap of 25000/)
  await release()
  await release()
  await budget.charge(bob, 10_000n)
  t.pass('room again after the release, taken back once however often it is called')
  await t.rejects(budget.charge(bob, 10_000n), { code: 'tip_budget_exceeded' })
})

t.test('a restart starts the day from what the tracking records say was paid since 00:00 UTC', async (t) => {
  const asked: Array<[string, number]> = []
  const budget = createBudget(async (userId, sinceMs) => {
    asked.push([userId, sinceMs])
    return 20_000n
  })
  await t.rejects(budget.charge(bob, 10_000n), { code: 'tip_budget_exceeded' }, '20,000 already paid today')
  await budget.charge(bob, 5_000n)
  t.same(asked, [['bob', Date.UTC(2026, 10, 25)]], 'asked once, from the start of the UTC day')
})
