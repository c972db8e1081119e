/**
 * One suite for every Admission: in-process always, Redis when REDIS_URL is set (a random key
 * prefix per run). The clock is injected (`nowMs`), so nothing here waits on time. Then what only
 * one implementation has: Redis shared by two processes, Redis failing open, the in-process
 * store's bound, and the disabled admission.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import type { Admission, AdmissionCaller, AdmissionCharge } from '../../../lib/limits/admission.js'
import { createDisabledAdmission } from '../../../lib/limits/disabled-admission.js'
import { createInProcessAdmission } from '../../../lib/limits/in-process-admission.js'
import { createRedisAdmission } from '../../../lib/limits/redis-admission.js'
import { createAdmission } from '../../../lib/limits/create-admission.js'
import { createCaptureLogger, LOG_LEVEL } from '../../helpers/capture-logger.js'
import { createTestKeyPrefix } from '../../helpers/redis-key-prefix.js'

interface AdmissionKind {
  name: string
  /** Opens an admission, closed at the end of `test`. */
  open(test: Test): Admission
}

const REDIS_URL = process.env.REDIS_URL
const kinds: AdmissionKind[] = [
  {
    name: 'in-process',
    open(test) {
      const admission = createInProcessAdmission()
      test.teardown(() => admission.close())
      return admission
    },
  },
]
if (REDIS_URL) {
  kinds.push({
    name: 'redis',
    open(test) {
      // A generous timeout: a loaded CI box must not turn a slow first call (connect, script load) into a fail-open.
      const admission = createRedisAdmission({
        redisUrl: REDIS_URL,
        keyPrefix: newKeyPrefix(test),
        commandTimeoutMs: 5000,
        logger: createCaptureLogger().logger,
      })
      test.teardown(() => admission.close())
      return admission
    },
  })
}

/** A key prefix of its own for `test`, whose keys are deleted at its end. */
function newKeyPrefix(test: Test): string {
  return createTestKeyPrefix(test, REDIS_URL ?? '')
}

/** Midday UTC: twelve hours to the quota's reset. */
const T0 = Date.UTC(2030, 0, 15, 12)
const NEXT_MIDNIGHT = Date.UTC(2030, 0, 16)
const REQUEST: AdmissionCharge = { requests: 1, simulations: 0 }
const simulations = (count: number): AdmissionCharge => ({ requests: 1, simulations: count })
const freeUser = (): AdmissionCaller => ({ userId: randomUUID(), hasCard: false })
const cardUser = (): AdmissionCaller => ({ userId: randomUUID(), hasCard: true })

/** Admits `count` calls at `nowMs` and returns the last one's headers. */
async function admitTimes(admission: Admission, caller: AdmissionCaller, charge: AdmissionCharge, nowMs: number, count: number) {
  let headers: Readonly<Record<string, string>> = {}
  for (let i = 0; i < count; i++) headers = (await admission.admit(caller, charge, nowMs)).headers
  return headers
}

/** Whether the call is refused; a sync throw counts as a rejection. */
const attempt = (admission: Admission, caller: AdmissionCaller, charge: AdmissionCharge, nowMs: number) => async () =>
  admission.admit(caller, charge, nowMs)

for (const kind of kinds) {
  t.test(kind.name, async (t) => {
    t.test('a free burst of 10, then rate_limited with Retry-After and headers', async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      const first = await admission.admit(user, REQUEST, T0)
      t.strictSame(first, {
        headers: { 'ratelimit-limit': '10', 'ratelimit-remaining': '9', 'ratelimit-reset': '1', 'ratelimit-policy': '10;w=1' },
        meteredSimulations: 0,
      })
      t.match(await admitTimes(admission, user, REQUEST, T0, 9), { 'ratelimit-remaining': '0', 'ratelimit-reset': '1' })
      await t.rejects(attempt(admission, user, REQUEST, T0), {
        code: 'rate_limited',
        headers: {
          'retry-after': '1',
          'ratelimit-limit': '10',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '1',
          'ratelimit-policy': '10;w=1',
        },
      })
    })

    t.test('tokens refill continuously at the plan rate, up to the burst', async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      await admitTimes(admission, user, REQUEST, T0, 10)
      // 10 a second: 0.99 of a token after 99 ms, one after 100.
      await t.rejects(attempt(admission, user, REQUEST, T0 + 99), { code: 'rate_limited' })
      t.match((await admission.admit(user, REQUEST, T0 + 100)).headers, { 'ratelimit-remaining': '0' })
      t.match((await admission.admit(user, REQUEST, T0 + 350)).headers, { 'ratelimit-remaining': '1', 'ratelimit-reset': '1' })
      // An hour later the bucket holds its burst, not more.
      t.match((await admission.admit(user, REQUEST, T0 + 3_600_000)).headers, { 'ratelimit-remaining': '9' })
      // A clock that steps back refills nothing and is not refused for it.
      t.match((await admission.admit(user, REQUEST, T0 + 3_500_000)).headers, { 'ratelimit-remaining': '8' })
    })

    t.test('a card: burst 250 at 100 a second, Retry-After rounded up', async (t) => {
      const admission = kind.open(t)
      const user = cardUser()
      t.strictSame((await admission.admit(user, REQUEST, T0)).headers, {
        'ratelimit-limit': '250',
        'ratelimit-remaining': '249',
        'ratelimit-reset': '1',
        'ratelimit-policy': '100;w=1;burst=250',
      })
      t.match(await admitTimes(admission, user, REQUEST, T0, 249), { 'ratelimit-remaining': '0', 'ratelimit-reset': '3' })
      await t.rejects(attempt(admission, user, REQUEST, T0), { code: 'rate_limited', headers: { 'retry-after': '1' } })
      // 250 tokens at 100 a second is 2.5 s away: 3.
      await t.rejects(attempt(admission, user, { requests: 250, simulations: 0 }, T0), {
        code: 'rate_limited',
        headers: { 'retry-after': '3' },
      })
      t.match((await admission.admit(user, REQUEST, T0 + 10)).headers, { 'ratelimit-remaining': '0' })
    })

    t.test("adding a card switches the bucket's plan on the next call; removing it clamps to 10", async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      await admitTimes(admission, user, REQUEST, T0, 10)
      const withCard = { ...user, hasCard: true }
      // The bucket is still empty, but now it is the card's: limit 250, refilled at 100 a second.
      await t.rejects(attempt(admission, withCard, REQUEST, T0), {
        code: 'rate_limited',
        headers: { 'ratelimit-limit': '250', 'ratelimit-remaining': '0' },
      })
      t.match((await admission.admit(withCard, REQUEST, T0 + 10)).headers, { 'ratelimit-limit': '250', 'ratelimit-remaining': '0' })
      t.match((await admission.admit(withCard, REQUEST, T0 + 10_000)).headers, { 'ratelimit-remaining': '249' })
      t.match((await admission.admit(user, REQUEST, T0 + 10_000)).headers, { 'ratelimit-limit': '10', 'ratelimit-remaining': '9' })
    })

    t.test('requests: 0 skips the rate limit; a rate-limited call charges nothing', async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      await admitTimes(admission, user, REQUEST, T0, 10)
      const free = await admission.admit(user, { requests: 0, simulations: 1 }, T0)
      t.match(free, { headers: { 'ratelimit-remaining': '0' }, meteredSimulations: 0 })
      await t.rejects(attempt(admission, user, simulations(500), T0), { code: 'rate_limited' })
      // 1 (above) + 999 fit only if the refused 500 were not counted.
      await admission.admit(user, simulations(999), T0 + 1000)
      await t.rejects(attempt(admission, user, simulations(1), T0 + 2000), { code: 'quota_exceeded' })
    })

    t.test('the free quota is exactly 1,000 a UTC day, then quota_exceeded until midnight', async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      t.equal((await admission.admit(user, simulations(999), T0)).meteredSimulations, 0)
      t.equal((await admission.admit(user, simulations(1), T0)).meteredSimulations, 0)
      await t.rejects(attempt(admission, user, simulations(1), T0), {
        code: 'quota_exceeded',
        headers: { 'retry-after': '43200', 'ratelimit-limit': '10', 'ratelimit-remaining': '7', 'ratelimit-policy': '10;w=1' },
      })
      // The refused call kept its rate token: 7 left, then 6.
      await t.rejects(attempt(admission, user, simulations(1), T0), { code: 'quota_exceeded', headers: { 'ratelimit-remaining': '6' } })
      // Calls that run no simulation still pass.
      t.match((await admission.admit(user, REQUEST, T0)).headers, { 'ratelimit-remaining': '5' })
      // 1.5 s to midnight, rounded up.
      await t.rejects(attempt(admission, user, simulations(1), NEXT_MIDNIGHT - 1500), {
        code: 'quota_exceeded',
        headers: { 'retry-after': '2' },
      })
      await t.rejects(attempt(admission, user, simulations(1), NEXT_MIDNIGHT - 1), {
        code: 'quota_exceeded',
        headers: { 'retry-after': '1' },
      })
      t.equal((await admission.admit(user, simulations(1000), NEXT_MIDNIGHT)).meteredSimulations, 0)
      await t.rejects(attempt(admission, user, simulations(1), NEXT_MIDNIGHT + 1), {
        code: 'quota_exceeded',
        headers: { 'retry-after': '86400' },
      })
    })

    t.test('a batch that does not fit is refused whole and counts nothing', async (t) => {
      const admission = kind.open(t)
      const user = freeUser()
      await admission.admit(user, simulations(997), T0)
      await t.rejects(attempt(admission, user, simulations(10), T0), { code: 'quota_exceeded' })
      t.equal((await admission.admit(user, simulations(3), T0)).meteredSimulations, 0)
      await t.rejects(attempt(admission, user, simulations(1), T0), { code: 'quota_exceeded' })
    })

    t.test('with a card, simulations past 1,000 pass and are metered', async (t) => {
      const admission = kind.open(t)
      const user = cardUser()
      t.equal((await admission.admit(user, simulations(995), T0)).meteredSimulations, 0)
      const straddling = await admission.admit(user, simulations(10), T0)
      t.equal(straddling.meteredSimulations, 5)
      t.match(straddling.headers, { 'ratelimit-limit': '250', 'ratelimit-remaining': '248' })
      t.equal((await admission.admit(user, simulations(10), T0)).meteredSimulations, 10)
      t.equal((await admission.admit(user, REQUEST, T0)).meteredSimulations, 0)
      t.equal((await admission.admit(user, simulations(5), NEXT_MIDNIGHT)).meteredSimulations, 0, 'a new day is free again')
      // A free user refused at the quota passes, metered, once a card is on file.
      const upgrading = freeUser()
      await admission.admit(upgrading, simulations(1000), T0)
      await t.rejects(attempt(admission, upgrading, simulations(2), T0), { code: 'quota_exceeded' })
      t.equal((await admission.admit({ ...upgrading, hasCard: true }, simulations(2), T0)).meteredSimulations, 2)
    })

    t.test('users are independent', async (t) => {
      const admission = kind.open(t)
      const [a, b] = [freeUser(), freeUser()]
      await admitTimes(admission, a, REQUEST, T0, 10)
      await admission.admit(a, { requests: 0, simulations: 1000 }, T0)
      await t.rejects(attempt(admission, a, REQUEST, T0), { code: 'rate_limited' })
      t.match((await admission.admit(b, simulations(1000), T0)).headers, { 'ratelimit-remaining': '9' })
    })
  })
}

t.test('redis: two instances on one Redis share one budget', { skip: !REDIS_URL && 'REDIS_URL is not set' }, async (t) => {
  const keyPrefix = newKeyPrefix(t)
  const logger = createCaptureLogger().logger
  const [one, two] = [1, 2].map(() => createRedisAdmission({ redisUrl: REDIS_URL ?? '', keyPrefix, commandTimeoutMs: 5000, logger }))
  t.teardown(() => Promise.all([one?.close(), two?.close()]))
  if (!one || !two) throw new Error('unreachable')
  const user = freeUser()
  for (let i = 0; i < 5; i++) {
    await one.admit(user, simulations(100), T0)
    await two.admit(user, simulations(100), T0)
  }
  await t.rejects(attempt(one, user, { requests: 0, simulations: 1 }, T0), { code: 'quota_exceeded' })
  await t.rejects(attempt(two, user, REQUEST, T0), { code: 'rate_limited' })
  // Another prefix is another budget.
  const elsewhere = createRedisAdmission({ redisUrl: REDIS_URL ?? '', keyPrefix: newKeyPrefix(t), commandTimeoutMs: 5000, logger })
  t.teardown(() => elsewhere.close())
  t.match((await elsewhere.admit(user, simulations(1000), T0)).headers, { 'ratelimit-remaining': '9' })
})

t.test('redis: keys expire once they no longer matter', { skip: !REDIS_URL && 'REDIS_URL is not set' }, async (t) => {
  const keyPrefix = newKeyPrefix(t)
  const admission = createRedisAdmission({
    redisUrl: REDIS_URL ?? '',
    keyPrefix,
    commandTimeoutMs: 5000,
    logger: createCaptureLogger().logger,
  })
  const redis = new Redis(REDIS_URL ?? '')
  t.teardown(() => Promise.all([admission.close(), redis.quit()]))
  const user = freeUser()
  await admitTimes(admission, user, simulations(1), T0, 10)
  const keys = (await redis.keys(`${keyPrefix}*`)).sort()
  const day = Math.floor(T0 / 86_400_000)
  t.strictSame(keys, [`${keyPrefix}bucket:{${user.userId}}`, `${keyPrefix}quota:{${user.userId}}:${day}`])
  const [bucketTtl, quotaTtl] = [await redis.pttl(keys[0] ?? ''), await redis.pttl(keys[1] ?? '')]
  // Empty bucket: 1 s to refill, plus a second's margin.
  t.ok(bucketTtl > 1000 && bucketTtl <= 2000, `bucket TTL ${bucketTtl}`)
  // Twelve hours to midnight, plus an hour's margin.
  t.ok(quotaTtl > 12 * 3_600_000 && quotaTtl <= 13 * 3_600_000, `quota TTL ${quotaTtl}`)
})

t.test('redis: an unreachable Redis fails open, warns once, and closes cleanly', async (t) => {
  // A port nothing listens on: take a free one and give it back.
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const before = process.getActiveResourcesInfo().length
  const { logger, lines } = createCaptureLogger()
  const admission = createRedisAdmission({ redisUrl: `redis://127.0.0.1:${port}`, logger, connectTimeoutMs: 200, commandTimeoutMs: 200 })
  const user = freeUser()
  const outcomes = []
  for (let i = 0; i < 20; i++) outcomes.push(await admission.admit(user, simulations(100), T0))
  t.strictSame(outcomes, Array(20).fill({ headers: {}, meteredSimulations: 0 }), 'no limit, no quota, no headers')
  const warnings = lines.filter((line) => line.level === LOG_LEVEL.warn)
  t.equal(warnings.length, 1, 'one warning for the whole outage')
  t.match(warnings[0], { msg: /unreachable/ })
  await admission.close()
  await admission.close()
  await new Promise((resolve) => setImmediate(resolve))
  // No socket and no reconnect timer outlive close().
  t.ok(process.getActiveResourcesInfo().length <= before, process.getActiveResourcesInfo().join(', '))
})

t.test('createAdmission: RATE_LIMITS_REDIS_TIMEOUT_MS is how long a check waits for a silent Redis before failing open', async (t) => {
  // Accepts connections and never answers: every command waits for its timeout.
  const sockets = new Set<Socket>()
  const silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  t.teardown(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })
  const { port } = silent.address() as { port: number }
  const timeAdmit = async (redisTimeoutMs: number) => {
    const admission = createAdmission({
      rateLimits: 'on',
      redisUrl: `redis://127.0.0.1:${port}`,
      redisTimeoutMs,
      logger: createCaptureLogger().logger,
    })
    const startedAt = performance.now()
    const outcome = await admission.admit(freeUser(), REQUEST, T0)
    const elapsedMs = performance.now() - startedAt
    admission.close().catch(() => undefined)
    return { outcome, elapsedMs }
  }
  const long = await timeAdmit(1_200)
  t.strictSame(long.outcome, { headers: {}, meteredSimulations: 0 }, 'admitted without limits or headers')
  t.ok(long.elapsedMs >= 1_100, `waited for the timeout it was given: ${long.elapsedMs.toFixed(0)} ms`)
  const short = await timeAdmit(20)
  t.strictSame(short.outcome, { headers: {}, meteredSimulations: 0 })
  t.ok(short.elapsedMs < long.elapsedMs, `a shorter timeout fails open sooner: ${short.elapsedMs.toFixed(0)} ms`)
})

t.test('in-process: admit answers synchronously and the store stays bounded', async (t) => {
  const admission = createInProcessAdmission({ maxUsers: 3 })
  t.teardown(() => admission.close())
  const first = freeUser()
  const admitted = admission.admit(first, REQUEST, T0)
  t.notOk(admitted instanceof Promise)
  for (let i = 0; i < 9; i++) admission.admit(first, REQUEST, T0)
  t.throws(() => admission.admit(first, REQUEST, T0), { code: 'rate_limited' }, 'refusals throw synchronously')
  for (let i = 0; i < 1000; i++) admission.admit(freeUser(), REQUEST, T0)
  t.equal(admission.userCount, 3)
  // The evicted user comes back with a full bucket.
  t.match(admission.admit(first, REQUEST, T0).headers, { 'ratelimit-remaining': '9' })
})

t.test('disabled: everything passes, synchronously, with no headers', async (t) => {
  const admission = createDisabledAdmission()
  const user = freeUser()
  for (let i = 0; i < 100; i++) admission.admit(user, simulations(50), T0)
  t.strictSame(admission.admit(user, simulations(50), T0), { headers: {}, meteredSimulations: 0 })
  await admission.close()
})
