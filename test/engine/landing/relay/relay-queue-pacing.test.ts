// The queue keeps every call inside the relay's rate limit, whatever the load: the relay (which
// answers 429 past its limit and records when each call arrived) never has to refuse one.
import t from 'tap'
import { createRelayClient, deriveBundleId } from '../../../../engine/landing/relay/relay-client.js'
import { createRelayQueue } from '../../../../engine/landing/relay/relay-queue.js'
import { getMaxCallsPerSecond, startStandInRelay } from '../../../helpers/stand-in-relay.js'
import { quietLogger } from '../../../helpers/stack.js'
import { createSignedTransactions, getFirstSignature } from './signed-transactions.js'

t.test('50 concurrent bundles at 20 calls/s: no 429, at most 20 calls in any second, every bundle id back', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20 })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, ratePerSecond: 20, logger: quietLogger })
  t.teardown(() => queue.close())
  const transactions = await createSignedTransactions(50)
  const deadline = Date.now() + 60_000
  const ids = await Promise.all(transactions.map((transaction) => queue.sendBundle([transaction], deadline)))
  t.same(
    ids,
    transactions.map((transaction) => deriveBundleId([getFirstSignature(transaction)])),
    'each caller gets its own bundle id',
  )
  t.equal(relay.calls.length, 50, 'one call per bundle')
  t.same(
    relay.calls.filter((call) => call.status === 429),
    [],
    'the relay refused nothing',
  )
  t.ok(getMaxCallsPerSecond(relay.calls) <= 20, `at most 20 calls in any second (${getMaxCallsPerSecond(relay.calls)})`)
  t.equal(queue.calls, 50)
})

t.test('every method shares the pace: sends, polls and the tip accounts together stay within 20 calls/s', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20 })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, ratePerSecond: 20, logger: quietLogger })
  t.teardown(() => queue.close())
  const transactions = await createSignedTransactions(20)
  const deadline = Date.now() + 60_000
  const work: Promise<unknown>[] = [queue.getTipAccounts()]
  for (const [i, transaction] of transactions.entries()) {
    work.push(queue.sendBundle([transaction], deadline))
    // Asked over time, as a landing strategy polls, not all at once.
    await new Promise((resolve) => setImmediate(resolve))
    work.push(i % 2 === 0 ? queue.getInflightStatus(`id-${i}`) : queue.getBundleStatus(`id-${i}`))
  }
  await Promise.all(work)
  t.same(
    new Set(relay.calls.map((call) => call.method)),
    new Set(['getTipAccounts', 'sendBundle', 'getInflightBundleStatuses', 'getBundleStatuses']),
  )
  t.same(
    relay.calls.filter((call) => call.status === 429),
    [],
    'the relay refused nothing',
  )
  t.ok(getMaxCallsPerSecond(relay.calls) <= 20, `at most 20 calls in any second (${getMaxCallsPerSecond(relay.calls)})`)
})

t.test('at 1 call/s (Jito’s default): three concurrent bundles go one a second, none refused', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 1 })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, logger: quietLogger })
  t.teardown(() => queue.close())
  const transactions = await createSignedTransactions(3)
  const deadline = Date.now() + 30_000
  const ids = await Promise.all(transactions.map((transaction) => queue.sendBundle([transaction], deadline)))
  t.equal(new Set(ids).size, 3)
  t.same(
    relay.calls.map((call) => call.status),
    [200, 200, 200],
  )
  t.equal(getMaxCallsPerSecond(relay.calls), 1)
})
