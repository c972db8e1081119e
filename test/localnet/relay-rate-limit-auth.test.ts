// The relay's rate limits (transaction submissions and reads each with a token bucket, Jito's 429
// body) and its x-jito-auth check, over real HTTP. The relay's clock is injected where counts
// depend on time.
import t from 'tap'
import { createTokenBucket } from '../../localnet/relay/token-bucket.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { callRelay } from '../helpers/relay-client.js'

const rateLimitedText = (perSecond: number, id: number, kind = 'txn') =>
  `{"jsonrpc":"2.0","error":{"code":-32097,"message":"Rate limit exceeded. Limit: ${perSecond} per second for ${kind} requests"},"id":${id}}`

t.test('submissions: 1 a second by default, a burst gets 1 through and 429s for the rest', async (t) => {
  let nowMs = 50_000
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, relayNowMs: () => nowMs })
  t.equal(localnet.relay.getRateLimit(), 1, 'LOCALNET_RELAY_RATE_LIMIT defaults to 1')
  // Any submission takes a token, a refused bundle too.
  const burst = [
    () => callRelay(localnet.relayUrl, 'sendBundle', [[]], { id: 1 }),
    () => callRelay(localnet.relayUrl, 'sendBundle', [[]], { id: 2 }),
    () => callRelay(localnet.relayUrl, 'sendTransaction', ['x'], { id: 3 }),
    () => callRelay(localnet.relayUrl, 'sendTransaction', ['x'], { id: 4, path: '/api/v1/transactions' }),
  ]
  const answers = await Promise.all(burst.map((call) => call()))
  t.equal(answers.filter((answer) => answer.status === 200).length, 1, 'one accepted')
  const refused = answers.filter((answer) => answer.status === 429)
  t.equal(refused.length, 3, 'the rest refused')
  for (const answer of refused) {
    t.equal(answer.text, rateLimitedText(1, answer.body.id as number), "Jito's body, with the call's id")
    t.equal(answer.headers.get('content-type'), 'application/json')
  }
  t.equal((await callRelay(localnet.relayUrl, 'getBundleStatuses', [['ab']])).status, 200, 'a status read right after: its own limit')

  nowMs += 1_000
  t.equal((await callRelay(localnet.relayUrl, 'sendBundle', [[]])).status, 200, 'a second later: accepted')
  nowMs += 500
  t.equal((await callRelay(localnet.relayUrl, 'sendBundle', [[]])).status, 429, 'half a second later: refused')
  nowMs += 500
  t.equal((await callRelay(localnet.relayUrl, 'sendBundle', [[]])).status, 200, 'a second after the last accepted one: accepted')

  t.same(
    localnet.relay.getReceiveTimes(),
    { accepted: [50_000, 50_000, 51_000, 52_000], rateLimited: [50_000, 50_000, 50_000, 51_500] },
    'the receive time of every accepted call and of every 429',
  )
  t.equal(localnet.relay.getCounts().rateLimited, 4)

  localnet.relay.setRateLimit(3)
  const three = await Promise.all([1, 2, 3, 4].map((id) => callRelay(localnet.relayUrl, 'sendBundle', [[]], { id })))
  t.same(three.map((answer) => answer.status).sort(), [200, 200, 200, 429], 'a bucket of 3 lets 3 through at once')
  t.equal(three.find((answer) => answer.status === 429)?.body.error?.message, 'Rate limit exceeded. Limit: 3 per second for txn requests')
  localnet.relay.setRateLimit(0)
  const unlimited = await Promise.all(Array.from({ length: 20 }, () => callRelay(localnet.relayUrl, 'sendBundle', [[]])))
  t.ok(
    unlimited.every((answer) => answer.status === 200),
    '0: no limit',
  )
  t.throws(() => localnet.relay.setRateLimit(-1), RangeError)
})

t.test('reads (statuses, tip accounts): 5 a second by default, apart from submissions', async (t) => {
  const nowMs = 80_000
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, relayNowMs: () => nowMs })
  t.equal(localnet.relay.getReadRateLimit(), 5, 'LOCALNET_RELAY_READ_RATE_LIMIT defaults to 5')
  const reads = [
    () => callRelay(localnet.relayUrl, 'getTipAccounts', [], { id: 1 }),
    () => callRelay(localnet.relayUrl, 'getInflightBundleStatuses', [['ab']], { id: 2 }),
    () => callRelay(localnet.relayUrl, 'getBundleStatuses', [['ab']], { id: 3 }),
    () => callRelay(localnet.relayUrl, 'getTipAccounts', [], { id: 4, path: '/api/v1/getTipAccounts' }),
    () => callRelay(localnet.relayUrl, 'getBundleStatuses', [['ab']], { id: 5, path: '/api/v1/getBundleStatuses' }),
    () => callRelay(localnet.relayUrl, 'getTipAccounts', [], { id: 6 }),
    () => callRelay(localnet.relayUrl, 'getTipAccounts', [], { id: 7 }),
  ]
  const answers = await Promise.all(reads.map((call) => call()))
  t.equal(answers.filter((answer) => answer.status === 200).length, 5, 'five accepted')
  const refused = answers.filter((answer) => answer.status === 429)
  t.equal(refused.length, 2, 'the rest refused')
  for (const answer of refused) t.equal(answer.text, rateLimitedText(5, answer.body.id as number, 'read'))
  t.equal((await callRelay(localnet.relayUrl, 'sendBundle', [[]])).status, 200, 'the reads took no submission token')
  localnet.relay.setReadRateLimit(0)
  const unlimited = await Promise.all(Array.from({ length: 20 }, () => callRelay(localnet.relayUrl, 'getTipAccounts')))
  t.ok(
    unlimited.every((answer) => answer.status === 200),
    '0: no limit',
  )
})

t.test('LOCALNET_RELAY_READ_RATE_LIMIT is read', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_READ_RATE_LIMIT: '2', LOCALNET_RELAY_RATE_LIMIT: '0.5' })
  t.equal(localnet.relay.getReadRateLimit(), 2)
  t.equal(localnet.relay.getRateLimit(), 0.5)
})

t.test('on the wall clock: calls spread over more than a second are all accepted', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '1' })
  const statuses: number[] = []
  for (let i = 0; i < 2; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1_100))
    statuses.push((await callRelay(localnet.relayUrl, 'sendBundle', [[]])).status)
  }
  t.same(statuses, [200, 200])
  const burst = await Promise.all([1, 2, 3].map(() => callRelay(localnet.relayUrl, 'sendBundle', [[]])))
  t.ok(
    burst.some((answer) => answer.status === 429),
    'a burst right after is refused in part',
  )
})

t.test('LOCALNET_RELAY_AUTH: every call must carry x-jito-auth; refused calls take no token', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_AUTH: 'test-uuid-1234' }, { autoAdvance: false, relayNowMs: () => 0 })
  const missing = await callRelay(localnet.relayUrl, 'getTipAccounts', [], { id: 3 })
  t.equal(missing.status, 401, 'no header: 401')
  t.same(missing.body, {
    jsonrpc: '2.0',
    error: { code: -32001, message: 'Unauthorized: the x-jito-auth header is missing or wrong' },
    id: 3,
  })
  const wrong = await callRelay(localnet.relayUrl, 'sendBundle', [[]], { headers: { 'x-jito-auth': 'test-uuid-1235' } })
  t.equal(wrong.status, 401, 'a wrong token: 401')
  const right = await callRelay(localnet.relayUrl, 'getTipAccounts', [], { headers: { 'x-jito-auth': 'test-uuid-1234' } })
  t.equal(right.status, 200, 'the token: accepted (the refused calls took no token of the 1 a second)')
  t.equal(right.body.result.length, 8)
  t.same(localnet.relay.getCounts(), {
    methods: { getTipAccounts: 1 },
    rateLimited: 0,
    unauthorized: 2,
    bundles: { queued: 0, landed: 0, failed: 0 },
  })
})

t.test('the token bucket refills continuously up to its capacity', async (t) => {
  let now = 0
  const bucket = createTokenBucket({ perSecond: 2, nowMs: () => now })
  t.same([bucket.tryTake(0), bucket.tryTake(0), bucket.tryTake(0)], [true, true, false], 'full at the start: 2 tokens')
  t.same([bucket.tryTake(499), bucket.tryTake(500)], [false, true], 'one token every 500 ms')
  t.same([bucket.tryTake(10_000), bucket.tryTake(10_000), bucket.tryTake(10_000)], [true, true, false], 'never more than the capacity')
  t.equal(bucket.tryTake(9_000), false, 'a clock that steps back refills nothing')
  now = 20_000
  bucket.setRate(0.5)
  t.same([bucket.tryTake(20_000), bucket.tryTake(20_000)], [true, false], 'below 1 a second, a bucket of 1')
  t.same([bucket.tryTake(21_999), bucket.tryTake(22_000)], [false, true], 'refilled in 2 s')
})
