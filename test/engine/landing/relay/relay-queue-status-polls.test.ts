// Status polls share calls (up to 5 ids each, one id once), yield to sends without starving, and
// the tip accounts are fetched once and kept.
import t, { type Test } from 'tap'
import { createRelayClient } from '../../../../engine/landing/relay/relay-client.js'
import { isRelayRpcError } from '../../../../engine/landing/relay/relay-errors.js'
import { createRelayQueue } from '../../../../engine/landing/relay/relay-queue.js'
import { JITO_TIP_ACCOUNTS, startStandInRelay, type RawAnswer, type StandInRelayOptions } from '../../../helpers/stand-in-relay.js'
import { quietLogger } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { createSignedTransactions } from './signed-transactions.js'

const RATE = 20

async function startQueue(t: Test, answer?: StandInRelayOptions['answer'], ratePerSecond = RATE) {
  const relay = await startStandInRelay(t, { ratePerSecond: RATE, answer })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, ratePerSecond, logger: quietLogger })
  t.teardown(() => queue.close())
  return { relay, client, queue }
}

t.test('12 in-flight status asks for distinct bundles: 3 calls of 5, 5 and 2 ids; each caller gets its bundle’s state', async (t) => {
  const { relay, queue } = await startQueue(t)
  const transactions = await createSignedTransactions(10)
  const deadline = Date.now() + 30_000
  const sent = await Promise.all(transactions.map((transaction) => queue.sendBundle([transaction], deadline)))
  relay.land(sent[3]!, 77)
  const ids = [...sent, 'a'.repeat(64), 'b'.repeat(64)]
  const callsBefore = relay.calls.length
  const states = await Promise.all(ids.map((id) => queue.getInflightStatus(id)))
  const polls = relay.calls.slice(callsBefore)
  t.same(
    polls.map((call) => [call.method, (call.params[0] as string[]).length]),
    [
      ['getInflightBundleStatuses', 5],
      ['getInflightBundleStatuses', 5],
      ['getInflightBundleStatuses', 2],
    ],
  )
  t.same(polls.flatMap((call) => call.params[0] as string[]).sort(), [...ids].sort(), 'every id asked once')
  t.same(
    states.map((state) => [state.bundleId, state.status, state.landedSlot]),
    ids.map((id, i) => [id, i === 3 ? 'Landed' : i < 10 ? 'Pending' : 'Invalid', i === 3 ? 77 : null]),
  )
})

t.test('the same bundle asked twice while its poll waits: one id in one call, one answer for both', async (t) => {
  const { relay, queue } = await startQueue(t)
  const [transaction] = await createSignedTransactions(1)
  const id = await queue.sendBundle([transaction!], Date.now() + 30_000)
  relay.land(id, 5)
  const [x, y, landed] = await Promise.all([queue.getInflightStatus(id), queue.getInflightStatus(id), queue.getBundleStatus(id)])
  t.same(x, { bundleId: id, status: 'Landed', landedSlot: 5 })
  t.same(y, x)
  t.equal(landed?.slot, 5)
  t.same(
    relay.calls.slice(1).map((call) => [call.method, call.params[0]]),
    [
      ['getInflightBundleStatuses', [id]],
      ['getBundleStatuses', [id]],
    ],
    'one call per method, the id once',
  )
  t.equal(await queue.getBundleStatus('c'.repeat(64)), null, 'a bundle the relay does not list: null')
})

t.test('sends go before waiting polls, and a waiting poll still gets one slot in four', async (t) => {
  const { relay, queue } = await startQueue(t)
  const transactions = await createSignedTransactions(8)
  const deadline = Date.now() + 30_000
  const poll = queue.getInflightStatus('d'.repeat(64))
  const sends = transactions.map((transaction) => queue.sendBundle([transaction], deadline))
  await Promise.all([poll, ...sends])
  t.same(
    relay.calls.map((call) => (call.method === 'sendBundle' ? 'send' : 'poll')),
    ['send', 'send', 'send', 'poll', 'send', 'send', 'send', 'send', 'send'],
  )
})

t.test('a rate-limited poll goes again with the ids asked meanwhile; a refusal reaches every caller of its call', async (t) => {
  const limited: RawAnswer = { status: 429, body: '{"jsonrpc":"2.0","error":{"code":-32097,"message":"Rate limit exceeded"},"id":1}' }
  // At 2 calls/s the back-off (≥ 550 ms) leaves ample time to ask for another id before the retry.
  const { relay, queue } = await startQueue(t, ({ index }) => (index === 0 ? limited : undefined), 2)
  const first = queue.getInflightStatus('e'.repeat(64))
  await waitUntil(() => relay.calls[0]?.status === 429, 2_000, 'the first poll refused')
  const later = queue.getInflightStatus('f'.repeat(64))
  t.same(
    (await Promise.all([first, later])).map((state) => state.status),
    ['Invalid', 'Invalid'],
  )
  t.same(
    relay.calls.map((call) => [call.status, call.params[0]]),
    [
      [429, ['e'.repeat(64)]],
      [200, ['e'.repeat(64), 'f'.repeat(64)]],
    ],
  )

  const refusing = await startQueue(t, () => ({
    status: 200,
    body: '{"jsonrpc":"2.0","error":{"code":-32602,"message":"bad ids"},"id":1}',
  }))
  const errors = await Promise.all(['1', '2'].map((id) => refusing.queue.getBundleStatus(id).catch((e: unknown) => e)))
  t.ok(errors.every((error) => isRelayRpcError(error) && error.code === -32602))
  t.equal(refusing.relay.calls.length, 1)
})

t.test('a poll nobody waits for any more is not sent', async (t) => {
  const { relay, queue } = await startQueue(t)
  const [transaction] = await createSignedTransactions(1)
  const controller = new AbortController()
  const sent = queue.sendBundle([transaction!], Date.now() + 30_000)
  const abandoned = queue.getInflightStatus('g'.repeat(64), controller.signal)
  controller.abort(new Error('caller left'))
  await t.rejects(abandoned, /caller left/)
  await sent
  await new Promise((resolve) => setTimeout(resolve, 150))
  t.same(
    relay.calls.map((call) => call.method),
    ['sendBundle'],
  )
})

t.test('tip accounts: one call for concurrent callers, cached, refreshed in the background once stale', async (t) => {
  let clock = Date.now()
  const relay = await startStandInRelay(t, { ratePerSecond: RATE })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, ratePerSecond: RATE, logger: quietLogger, now: () => clock })
  t.teardown(() => queue.close())
  const lists = await Promise.all([queue.getTipAccounts(), queue.getTipAccounts(), queue.getTipAccounts()])
  t.ok(lists.every((list) => JSON.stringify(list) === JSON.stringify(JITO_TIP_ACCOUNTS)))
  t.equal(client.callsByMethod.get('getTipAccounts'), 1, 'concurrent callers share one call')
  clock += 9 * 60_000
  await queue.getTipAccounts()
  t.equal(client.callsByMethod.get('getTipAccounts'), 1, '9 minutes later: cached')
  clock += 2 * 60_000
  t.same(await queue.getTipAccounts(), JITO_TIP_ACCOUNTS, 'stale: the cached list answers at once')
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.equal(client.callsByMethod.get('getTipAccounts'), 2, 'and a refresh went out')
  await queue.getTipAccounts()
  t.equal(client.callsByMethod.get('getTipAccounts'), 2, 'fresh again')
})
