// The relay's rate limit is shared by every user, so its queue serves users in turn: one user's
// backlog delays another's call by one slot, not by the whole backlog, and one user can keep only a
// few calls waiting. Real HTTP to a stand-in relay that records the order the bundles arrived in.
import t, { type Test } from 'tap'
import { createRelayClient } from '../../../../engine/landing/relay/relay-client.js'
import { createRelayQueue, RELAY_QUEUE_DEFAULTS } from '../../../../engine/landing/relay/relay-queue.js'
import { ERROR_CATALOGUE, isServiceError, type ServiceError } from '../../../../lib/errors.js'
import { startStandInRelay } from '../../../helpers/stand-in-relay.js'
import { quietLogger } from '../../../helpers/stack.js'
import { createSignedTransactions, getFirstSignature } from './signed-transactions.js'

/** A stand-in relay allowing `ratePerSecond` calls and a queue paced to it (on `now`, when given), closed with `t`. */
async function startQueue(t: Test, ratePerSecond: number, now?: () => number) {
  const relay = await startStandInRelay(t, { ratePerSecond })
  const queue = createRelayQueue({
    client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }),
    ratePerSecond,
    logger: quietLogger,
    ...(now ? { now } : {}),
  })
  t.teardown(() => queue.close())
  return { relay, queue }
}

/** The first signature of each bundle the relay received, in arrival order. */
function getSentOrder(calls: readonly { method: string; params: unknown[] }[]): string[] {
  return calls.filter((call) => call.method === 'sendBundle').map((call) => getFirstSignature((call.params[0] as string[])[0] as string))
}

t.test("a flooding user's backlog: another user's calls are served in turn, one of theirs after each of the flooder's", async (t) => {
  const { relay, queue } = await startQueue(t, 10)
  const flood = await createSignedTransactions(4)
  const victim = await createSignedTransactions(2)
  const deadline = Date.now() + 30_000
  const sent = flood.map((tx) => queue.sendBundle([tx], deadline, { owner: 'mallory' }))
  // Queued after all four of mallory's: first come first served would send them last.
  sent.push(...victim.map((tx) => queue.sendBundle([tx], deadline, { owner: 'alice' })))
  await Promise.all(sent)
  const order = getSentOrder(relay.calls).map((signature) => {
    const at = flood.findIndex((tx) => getFirstSignature(tx) === signature)
    return at >= 0 ? `m${at + 1}` : `a${victim.findIndex((tx) => getFirstSignature(tx) === signature) + 1}`
  })
  t.same(order, ['m1', 'a1', 'm2', 'a2', 'm3', 'm4'], 'mallory and alice take turns; each keeps their own order')
})

t.test('the wait a new call is told counts one call per other user ahead, not their backlog', async (t) => {
  const clock = 1_000_000
  const { queue } = await startQueue(t, 1, () => clock)
  const flood = await createSignedTransactions(4)
  const pending = flood.map((tx) => queue.sendBundle([tx], clock + 60_000, { owner: 'mallory' }).catch((e: unknown) => e))
  await new Promise((resolve) => setImmediate(resolve))
  // One call left at once and three wait; the clock is frozen, so the next slot stays 1.1 s away.
  t.equal(queue.estimateWaitMs('mallory'), 5 * 1_100, 'mallory: the next slot, her own three and the poll slot they yield')
  t.equal(queue.estimateWaitMs('alice'), 2 * 1_100, 'alice: the next slot, then one call of mallory ahead in the turn')
  // First come first served would put it behind mallory's three and a poll slot (5.5 s): past this deadline.
  const [mine] = await createSignedTransactions(1)
  const admitted = queue.sendBundle([mine!], clock + 3_000, { owner: 'alice' })
  t.equal(queue.estimateWaitMs('alice'), 5 * 1_100, 'alice next: her own call, two of mallory and a poll slot ahead')
  queue.close()
  t.ok(
    isServiceError(await admitted.catch((e: unknown) => e), 'relay_unavailable'),
    'admitted (then closed with the queue), not refused as busy',
  )
  await Promise.all(pending)
})

t.test(
  `one user keeps at most ${RELAY_QUEUE_DEFAULTS.maxQueuedPerOwner} calls waiting; the next is relay_busy at once and never sent`,
  async (t) => {
    const { relay, queue } = await startQueue(t, 1)
    const max = RELAY_QUEUE_DEFAULTS.maxQueuedPerOwner
    const flood = await createSignedTransactions(max + 2)
    const deadline = Date.now() + 60_000
    // The first leaves at once, the next `max` wait, the last is one too many.
    const waiting = [queue.sendBundle([flood[0]!], deadline, { owner: 'mallory' })]
    await new Promise((resolve) => setImmediate(resolve))
    waiting.push(...flood.slice(1, max + 1).map((tx) => queue.sendBundle([tx], deadline, { owner: 'mallory' })))
    const refused = (await queue.sendBundle([flood[max + 1]!], deadline, { owner: 'mallory' }).catch((e: unknown) => e)) as ServiceError
    t.ok(isServiceError(refused, 'relay_busy'), 'past the cap')
    t.equal(ERROR_CATALOGUE[refused.code].http, 503)
    t.match(refused.message, new RegExp(`already have ${max} call`))
    t.ok(Number(refused.headers?.['retry-after']) >= 1, 'with a Retry-After')
    // Another user is not held by mallory's cap.
    const [other] = await createSignedTransactions(1)
    const alice = queue.sendBundle([other!], deadline, { owner: 'alice' })
    queue.close()
    t.ok(
      isServiceError(await alice.catch((e: unknown) => e), 'relay_unavailable'),
      "alice's call was queued (closed with the queue), not refused",
    )
    await Promise.all(waiting.map((sent) => sent.catch((e: unknown) => e)))
    t.notOk(getSentOrder(relay.calls).includes(getFirstSignature(flood[max + 1]!)), 'the refused call never reached the relay')
  },
)

t.test("the service's own calls (no owner) have no cap", async (t) => {
  const clock = 1_000_000
  const { queue } = await startQueue(t, 1, () => clock)
  const transactions = await createSignedTransactions(RELAY_QUEUE_DEFAULTS.maxQueuedPerOwner + 3)
  const results = transactions.map((tx) => queue.sendBundle([tx], clock + 600_000).catch((e: unknown) => e))
  queue.close()
  for (const result of await Promise.all(results)) {
    if (typeof result === 'string') continue
    t.ok(isServiceError(result, 'relay_unavailable'), `queued then closed, not refused as busy (${(result as Error).message})`)
  }
})
