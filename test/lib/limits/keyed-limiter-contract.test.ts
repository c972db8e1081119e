/**
 * One suite for every KeyedLimiter: in-process always, Redis when REDIS_URL is set (a random key
 * prefix per test). The clock is injected (`nowMs`), so nothing here waits on time. Then what only
 * one implementation has: Redis shared by two processes, its keys' expiry, Redis failing open, and
 * the in-process store's bound.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import type { BucketPlan, KeyedLimiter } from '../../../lib/limits/keyed-limiter.js'
import { createInProcessKeyedLimiter } from '../../../lib/limits/in-process-keyed-limiter.js'
import { createRedisKeyedLimiter } from '../../../lib/limits/redis-keyed-limiter.js'
import { createCaptureLogger, LOG_LEVEL } from '../../helpers/capture-logger.js'
import { createTestKeyPrefix } from '../../helpers/redis-key-prefix.js'

interface LimiterKind {
  name: string
  /** Opens a limiter, closed at the end of `test`. */
  open(test: Test): KeyedLimiter
}

const REDIS_URL = process.env.REDIS_URL
const kinds: LimiterKind[] = [
  {
    name: 'in-process',
    open(test) {
      const limiter = createInProcessKeyedLimiter()
      test.teardown(() => limiter.close())
      return limiter
    },
  },
]
if (REDIS_URL) {
  kinds.push({
    name: 'redis',
    open(test) {
      // A generous timeout: a loaded CI box must not turn a slow first call (connect, script load) into a fail-open.
      const limiter = createRedisKeyedLimiter({
        redisUrl: REDIS_URL,
        keyPrefix: newKeyPrefix(test),
        commandTimeoutMs: 5000,
        logger: createCaptureLogger().logger,
      })
      test.teardown(() => limiter.close())
      return limiter
    },
  })
}

/** A key prefix of its own for `test`, whose keys are deleted at its end. */
function newKeyPrefix(test: Test): string {
  return createTestKeyPrefix(test, REDIS_URL ?? '')
}

const T0 = Date.UTC(2030, 0, 15, 12)
/** Five, then one a minute (the shape of a per-account login limit). */
const FIVE_A_MINUTE: BucketPlan = { burst: 5, refillIntervalMs: 60_000 }
/** Ten, then ten an hour (one every 6 minutes). */
const TEN_AN_HOUR: BucketPlan = { burst: 10, refillIntervalMs: 360_000 }

/** Takes `count` tokens at `nowMs` and returns what the last take left. */
async function takeTimes(limiter: KeyedLimiter, key: string, plan: BucketPlan, nowMs: number, count: number): Promise<number> {
  let remaining = NaN
  for (let i = 0; i < count; i++) remaining = await limiter.take(key, plan, nowMs)
  return remaining
}

/** The take as a promise; a sync throw counts as a rejection. */
const attempt = (limiter: KeyedLimiter, key: string, plan: BucketPlan, nowMs: number) => async () => limiter.take(key, plan, nowMs)

for (const kind of kinds) {
  t.test(kind.name, async (t) => {
    t.test('a full bucket for a new key, then rate_limited with Retry-After', async (t) => {
      const limiter = kind.open(t)
      const key = randomUUID()
      t.equal(await limiter.take(key, FIVE_A_MINUTE, T0), 4)
      t.equal(await takeTimes(limiter, key, FIVE_A_MINUTE, T0, 4), 0)
      await t.rejects(attempt(limiter, key, FIVE_A_MINUTE, T0), { code: 'rate_limited', headers: { 'retry-after': '60' } })
      // A refused take spends nothing: half a minute on, half a token, 30 s to wait.
      await t.rejects(attempt(limiter, key, FIVE_A_MINUTE, T0 + 30_000), { code: 'rate_limited', headers: { 'retry-after': '30' } })
      // 0.999 s to go, rounded up.
      await t.rejects(attempt(limiter, key, FIVE_A_MINUTE, T0 + 59_001), { code: 'rate_limited', headers: { 'retry-after': '1' } })
      t.equal(await limiter.take(key, FIVE_A_MINUTE, T0 + 60_000), 0, 'one token a minute later')
      await t.rejects(attempt(limiter, key, FIVE_A_MINUTE, T0 + 60_000), { code: 'rate_limited', headers: { 'retry-after': '60' } })
    })

    t.test('tokens refill continuously, up to the burst; a clock that steps back refills nothing', async (t) => {
      const limiter = kind.open(t)
      const key = randomUUID()
      await takeTimes(limiter, key, TEN_AN_HOUR, T0, 10)
      await t.rejects(attempt(limiter, key, TEN_AN_HOUR, T0 + 359_999), { code: 'rate_limited', headers: { 'retry-after': '1' } })
      t.equal(await limiter.take(key, TEN_AN_HOUR, T0 + 360_000), 0)
      // 2.5 tokens back after 15 minutes: one taken, 1.5 left.
      t.equal(await limiter.take(key, TEN_AN_HOUR, T0 + 1_260_000), 1)
      // A day later the bucket holds its burst, not more.
      t.equal(await limiter.take(key, TEN_AN_HOUR, T0 + 86_400_000), 9)
      t.equal(await limiter.take(key, TEN_AN_HOUR, T0 + 80_000_000), 8, 'an earlier clock: no refill, and no refusal for it')
      t.equal(await limiter.take(key, TEN_AN_HOUR, T0 + 86_400_000), 7, 'nor a refill when the clock comes back to where it was')
    })

    t.test('a refund gives one token back, never past the burst', async (t) => {
      const limiter = kind.open(t)
      const key = randomUUID()
      await takeTimes(limiter, key, FIVE_A_MINUTE, T0, 5)
      await limiter.refund(key, FIVE_A_MINUTE, T0)
      t.equal(await limiter.take(key, FIVE_A_MINUTE, T0), 0, 'the refunded token, and no more')
      await t.rejects(attempt(limiter, key, FIVE_A_MINUTE, T0), { code: 'rate_limited' })
      // Refunds on a full bucket (and on a key never seen) are lost.
      const full = randomUUID()
      await limiter.refund(full, FIVE_A_MINUTE, T0)
      await limiter.take(full, FIVE_A_MINUTE, T0)
      for (let i = 0; i < 3; i++) await limiter.refund(full, FIVE_A_MINUTE, T0)
      t.equal(await limiter.take(full, FIVE_A_MINUTE, T0), 4)
      // A refund after a refill adds to the refilled tokens: 0 + 0.5 + 1 = 1.5.
      const half = randomUUID()
      await takeTimes(limiter, half, FIVE_A_MINUTE, T0, 5)
      await limiter.refund(half, FIVE_A_MINUTE, T0 + 30_000)
      t.equal(await limiter.take(half, FIVE_A_MINUTE, T0 + 30_000), 0)
      await t.rejects(attempt(limiter, half, FIVE_A_MINUTE, T0 + 30_000), { code: 'rate_limited', headers: { 'retry-after': '30' } })
    })

    t.test('keys are independent, each with the plan it is asked with', async (t) => {
      const limiter = kind.open(t)
      const [a, b] = [randomUUID(), randomUUID()]
      await takeTimes(limiter, a, FIVE_A_MINUTE, T0, 5)
      await t.rejects(attempt(limiter, a, FIVE_A_MINUTE, T0), { code: 'rate_limited' })
      t.equal(await limiter.take(b, TEN_AN_HOUR, T0), 9)
      t.equal(await limiter.take(`${a}x`, FIVE_A_MINUTE, T0), 4)
    })

    t.test('concurrent takes on one key never take more than the bucket holds', async (t) => {
      const limiter = kind.open(t)
      const key = randomUUID()
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => attempt(limiter, key, TEN_AN_HOUR, T0)()))
      const taken = outcomes
        .filter((outcome) => outcome.status === 'fulfilled')
        .map((outcome) => (outcome as PromiseFulfilledResult<number>).value)
      t.strictSame(
        taken.sort((x, y) => y - x),
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
        'ten takes, each leaving one token fewer',
      )
      t.ok(
        outcomes.every((outcome) => outcome.status === 'fulfilled' || (outcome.reason as { code?: string }).code === 'rate_limited'),
        'the other thirty are rate_limited',
      )
    })
  })
}

t.test('redis: two instances on one Redis share the buckets', { skip: !REDIS_URL && 'REDIS_URL is not set' }, async (t) => {
  const keyPrefix = newKeyPrefix(t)
  const logger = createCaptureLogger().logger
  const one = createRedisKeyedLimiter({ redisUrl: REDIS_URL ?? '', keyPrefix, commandTimeoutMs: 5000, logger })
  const two = createRedisKeyedLimiter({ redisUrl: REDIS_URL ?? '', keyPrefix, commandTimeoutMs: 5000, logger })
  t.teardown(() => Promise.all([one.close(), two.close()]))
  const key = randomUUID()
  await takeTimes(one, key, FIVE_A_MINUTE, T0, 3)
  t.equal(await two.take(key, FIVE_A_MINUTE, T0), 1)
  await one.take(key, FIVE_A_MINUTE, T0)
  await t.rejects(attempt(two, key, FIVE_A_MINUTE, T0), { code: 'rate_limited' })
  await two.refund(key, FIVE_A_MINUTE, T0)
  t.equal(await one.take(key, FIVE_A_MINUTE, T0), 0, 'a refund on one is seen by the other')
})

t.test(
  'redis: a key expires once its bucket would read as full, and a bucket refunded to full is deleted',
  { skip: !REDIS_URL && 'REDIS_URL is not set' },
  async (t) => {
    const keyPrefix = newKeyPrefix(t)
    const limiter = createRedisKeyedLimiter({
      redisUrl: REDIS_URL ?? '',
      keyPrefix,
      commandTimeoutMs: 5000,
      logger: createCaptureLogger().logger,
    })
    const redis = new Redis(REDIS_URL ?? '')
    t.teardown(() => Promise.all([limiter.close(), redis.quit()]))
    const key = randomUUID()
    await takeTimes(limiter, key, FIVE_A_MINUTE, T0, 2)
    t.strictSame(await redis.keys(`${keyPrefix}*`), [`${keyPrefix}${key}`], 'one key, the prefix and the caller’s key')
    const ttl = await redis.pttl(`${keyPrefix}${key}`)
    // Two tokens short: 2 minutes to refill, plus a second's margin.
    t.ok(ttl > 120_000 && ttl <= 121_000, `TTL ${ttl}`)
    await limiter.refund(key, FIVE_A_MINUTE, T0)
    await limiter.refund(key, FIVE_A_MINUTE, T0)
    t.strictSame(await redis.keys(`${keyPrefix}*`), [], 'refunded to full: nothing stored')
  },
)

t.test('redis: an unreachable Redis fails open, warns once, and closes cleanly', async (t) => {
  // A port nothing listens on: take a free one and give it back.
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const before = process.getActiveResourcesInfo().length
  const { logger, lines } = createCaptureLogger()
  const limiter = createRedisKeyedLimiter({ redisUrl: `redis://127.0.0.1:${port}`, logger, connectTimeoutMs: 200, commandTimeoutMs: 200 })
  const key = randomUUID()
  const outcomes = []
  for (let i = 0; i < 20; i++) outcomes.push(await limiter.take(key, FIVE_A_MINUTE, T0))
  await limiter.refund(key, FIVE_A_MINUTE, T0)
  t.strictSame(outcomes, Array(20).fill(Infinity), 'every take passes, unlimited')
  const warnings = lines.filter((line) => line.level === LOG_LEVEL.warn)
  t.equal(warnings.length, 1, 'one warning for the whole outage')
  t.match(warnings[0], { msg: /unreachable/ })
  await limiter.close()
  await limiter.close()
  await new Promise((resolve) => setImmediate(resolve))
  // No socket and no reconnect timer outlive close().
  t.ok(process.getActiveResourcesInfo().length <= before, process.getActiveResourcesInfo().join(', '))
})

t.test('in-process: answers synchronously, stores no full bucket, and stays bounded', async (t) => {
  const limiter = createInProcessKeyedLimiter({ maxKeys: 3 })
  t.teardown(() => limiter.close())
  const first = randomUUID()
  t.equal(limiter.take(first, FIVE_A_MINUTE, T0), 4, 'a number, not a promise')
  for (let i = 0; i < 4; i++) limiter.take(first, FIVE_A_MINUTE, T0)
  t.throws(() => limiter.take(first, FIVE_A_MINUTE, T0), { code: 'rate_limited' }, 'refusals throw synchronously')
  const refunded = randomUUID()
  limiter.take(refunded, FIVE_A_MINUTE, T0)
  limiter.refund(refunded, FIVE_A_MINUTE, T0)
  t.equal(limiter.keyCount, 1, 'the bucket refunded to full is forgotten')
  for (let i = 0; i < 1000; i++) limiter.take(randomUUID(), FIVE_A_MINUTE, T0)
  t.equal(limiter.keyCount, 3)
  // The evicted key comes back with a full bucket.
  t.equal(limiter.take(first, FIVE_A_MINUTE, T0), 4)
})
