// A send that cannot start before its caller's deadline is relay_busy (503, Retry-After) and never
// reaches the relay; a 429 is waited out and the same call sent again while its deadline allows.
import t from 'tap'
import { createServer } from 'node:net'
import { createRelayClient, deriveBundleId } from '../../../../engine/landing/relay/relay-client.js'
import { createRelayQueue } from '../../../../engine/landing/relay/relay-queue.js'
import { ERROR_CATALOGUE, isServiceError, type ServiceError } from '../../../../lib/errors.js'
import { createCaptureLogger, LOG_LEVEL } from '../../../helpers/capture-logger.js'
import { startStandInRelay, type RawAnswer } from '../../../helpers/stand-in-relay.js'
import { quietLogger } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { createSignedTransactions, getFirstSignature } from './signed-transactions.js'

const RATE_LIMITED: RawAnswer = { status: 429, body: '{"jsonrpc":"2.0","error":{"code":-32097,"message":"Rate limit exceeded"},"id":1}' }
const nextTask = () => new Promise((resolve) => setImmediate(resolve))

t.test(
  'the wait a send would have, with a frozen clock: slots ahead, plus the poll slots they yield; too late is relay_busy at once',
  async (t) => {
    const relay = await startStandInRelay(t, { ratePerSecond: 1 })
    const client = createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 })
    const clock = 1_000_000
    const queue = createRelayQueue({ client, logger: quietLogger, now: () => clock })
    t.teardown(() => queue.close())
    t.equal(queue.intervalMs, 1_100, '1 s plus the 100 ms margin a call at 1/s')
    t.equal(queue.estimateWaitMs(), 0, 'idle: no wait')
    const [a, b, c, d] = await createSignedTransactions(4)
    const first = queue.sendBundle([a!], clock + 60_000)
    await nextTask()
    t.equal(queue.estimateWaitMs(), 1_100, 'one call just left: the next slot')
    const second = queue.sendBundle([b!], clock + 60_000)
    t.equal(queue.estimateWaitMs(), 2_200)
    const third = queue.sendBundle([c!], clock + 60_000)
    t.equal(queue.estimateWaitMs(), 4_400, 'three sends in a row, then a slot kept for a status poll')

    const late = (await queue.sendBundle([d!], clock + 4_000).catch((e: unknown) => e)) as ServiceError
    t.ok(isServiceError(late, 'relay_busy'), 'cannot start before its deadline')
    t.equal(ERROR_CATALOGUE[late.code].http, 503)
    t.equal(late.headers?.['retry-after'], '5', 'Retry-After: when a slot frees up, in whole seconds')
    t.match(late.message, new URL(relay.url).host)

    t.equal(await first, deriveBundleId([getFirstSignature(a!)]))
    // The clock never moves: the others wait until the queue closes.
    queue.close()
    for (const waiting of [second, third]) {
      const error = await waiting.catch((e: unknown) => e)
      t.ok(isServiceError(error, 'relay_unavailable'), 'closing rejects what waits')
      t.match((error as Error).message, /shutting down/)
    }
    t.equal(relay.calls.length, 1, 'only the first call reached the relay')
    t.ok(isServiceError(await queue.getInflightStatus('x').catch((e: unknown) => e), 'relay_unavailable'), 'closed: refused at once')
  },
)

t.test('at 1/s: a send whose deadline falls before the next slot is refused and never sent', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 1 })
  const queue = createRelayQueue({ client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }), logger: quietLogger })
  t.teardown(() => queue.close())
  const [a, b, c] = await createSignedTransactions(3)
  const first = queue.sendBundle([a!], Date.now() + 30_000)
  await nextTask()
  const busy = (await queue.sendBundle([b!], Date.now() + 300).catch((e: unknown) => e)) as ServiceError
  t.ok(isServiceError(busy, 'relay_busy'))
  t.ok(Number(busy.headers?.['retry-after']) >= 1, 'Retry-After ≥ 1')
  await Promise.all([first, queue.sendBundle([c!], Date.now() + 30_000)])
  t.same(
    relay.calls.map((call) => (call.params[0] as string[])[0]),
    [a, c],
    'the refused bundle never reached the relay',
  )
})

t.test('a 429 is backed off and the same call sent again; it succeeds; the auth never reaches a log', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20, answer: ({ index }) => (index < 2 ? RATE_LIMITED : undefined) })
  const { logger, lines } = createCaptureLogger()
  const client = createRelayClient({ url: relay.url, auth: 'secret-relay-auth', requestTimeoutMs: 5_000 })
  const queue = createRelayQueue({ client, ratePerSecond: 20, logger })
  t.teardown(() => queue.close())
  const [transaction] = await createSignedTransactions(1)
  t.equal(await queue.sendBundle([transaction!], Date.now() + 30_000), deriveBundleId([getFirstSignature(transaction!)]))
  t.same(
    relay.calls.map((call) => call.status),
    [429, 429, 200],
  )
  t.equal(client.callsByMethod.get('sendBundle'), 3)
  t.equal(queue.calls, 3)
  const warnings = lines.filter((line) => line.level === LOG_LEVEL.warn)
  t.same(
    warnings.map((line) => [line.method, line.streak]),
    [
      ['sendBundle', 1],
      ['sendBundle', 2],
    ],
    'each 429 is logged with its streak',
  )
  t.ok((warnings[1]!.backoffMs as number) > (warnings[0]!.backoffMs as number), 'the back-off grows')
  t.notMatch(JSON.stringify(lines), /secret-relay-auth/)
})

t.test('429 after 429 until the deadline: relay_busy, and no call after the deadline', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20, answer: () => RATE_LIMITED })
  const queue = createRelayQueue({
    client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }),
    ratePerSecond: 20,
    logger: quietLogger,
  })
  t.teardown(() => queue.close())
  const [transaction] = await createSignedTransactions(1)
  const error = await queue.sendBundle([transaction!], Date.now() + 1_000).catch((e: unknown) => e)
  t.ok(isServiceError(error, 'relay_busy'))
  const callsAtRejection = relay.calls.length
  t.ok(callsAtRejection >= 2, `retried before giving up (${callsAtRejection} calls)`)
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.equal(relay.calls.length, callsAtRejection, 'nothing sent once it was given up')
})

t.test('at 1/s: a 429 pushes a waiting send past its deadline; it is refused then, never sent', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 1, answer: ({ index }) => (index === 0 ? RATE_LIMITED : undefined) })
  const queue = createRelayQueue({ client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }), logger: quietLogger })
  t.teardown(() => queue.close())
  const [a, b] = await createSignedTransactions(2)
  const first = queue.sendBundle([a!], Date.now() + 30_000)
  await nextTask()
  // Admitted: its slot (≈ 1.1 s) is before its deadline; the 429 then puts the retry of the first there.
  const second = queue.sendBundle([b!], Date.now() + 1_500)
  const error = (await second.catch((e: unknown) => e)) as ServiceError
  t.ok(isServiceError(error, 'relay_busy'), 'refused when its deadline passed')
  t.ok(Number(error.headers?.['retry-after']) >= 1)
  await first
  t.same(
    relay.calls.map((call) => [(call.params[0] as string[])[0], call.status]),
    [
      [a, 429],
      [a, 200],
    ],
    'the first went twice, the second never',
  )
})

t.test('an unreachable relay: the queue passes relay_unavailable on at once, without retrying', async (t) => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const client = createRelayClient({ url: `http://127.0.0.1:${port}`, requestTimeoutMs: 2_000 })
  const queue = createRelayQueue({ client, ratePerSecond: 20, logger: quietLogger })
  t.teardown(() => queue.close())
  const error = await queue.sendBundle(['AA=='], Date.now() + 10_000).catch((e: unknown) => e)
  t.ok(isServiceError(error, 'relay_unavailable'))
  t.match((error as Error).message, `127.0.0.1:${port}`)
  t.equal(queue.calls, 1)
})

t.test('a send its caller gave up on before its slot never reaches the relay', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20 })
  const queue = createRelayQueue({
    client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }),
    ratePerSecond: 20,
    logger: quietLogger,
  })
  t.teardown(() => queue.close())
  const [a, b, c] = await createSignedTransactions(3)
  const controller = new AbortController()
  const deadline = Date.now() + 30_000
  const sent = [
    queue.sendBundle([a!], deadline),
    queue.sendBundle([b!], deadline, { signal: controller.signal }),
    queue.sendBundle([c!], deadline),
  ]
  controller.abort(new Error('caller left'))
  const results = await Promise.allSettled(sent)
  t.same(
    results.map((result) => result.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  )
  t.same(
    relay.calls.map((call) => (call.params[0] as string[])[0]),
    [a, c],
  )
})

t.test('a caller that gives up while its call waits out a 429 is not sent again', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 20, answer: ({ index }) => (index === 0 ? RATE_LIMITED : undefined) })
  // At 2 calls/s the back-off is ≥ 550 ms: time to give up before the retry.
  const queue = createRelayQueue({
    client: createRelayClient({ url: relay.url, requestTimeoutMs: 5_000 }),
    ratePerSecond: 2,
    logger: quietLogger,
  })
  t.teardown(() => queue.close())
  const [transaction] = await createSignedTransactions(1)
  const controller = new AbortController()
  const sent = queue.sendBundle([transaction!], Date.now() + 30_000, { signal: controller.signal })
  await waitUntil(() => relay.calls[0]?.status === 429, 2_000, 'the first attempt refused')
  await new Promise((resolve) => setTimeout(resolve, 50))
  controller.abort(new Error('caller left'))
  await t.rejects(sent, /caller left/)
  await new Promise((resolve) => setTimeout(resolve, 700))
  t.equal(relay.calls.length, 1, 'no retry for a caller that left')
})
