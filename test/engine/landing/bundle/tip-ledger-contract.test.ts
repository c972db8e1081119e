/**
 * One suite for every TipLedger (the daily managed-tip totals the tip wallet's caps are charged
 * to): in-process always, Redis when REDIS_URL is set (a key prefix of the test's own). A tip is
 * added only while the day stays within the cap, concurrent calls included; a day the ledger has
 * no total for starts from the seed; a release takes a tip back; days and users are apart. Then
 * what only Redis does: two ledgers (two engines) share one cap, and an unreachable Redis refuses
 * tips (fails closed) where admission fails open.
 */
import t, { type Test } from 'tap'
import { createServer } from 'node:net'
import { createInProcessTipLedger, type TipLedger } from '../../../../engine/landing/bundle/tip-ledger.js'
import { createRedisTipLedger } from '../../../../engine/landing/bundle/redis-tip-ledger.js'
import { isServiceError } from '../../../../lib/errors.js'
import { DAY_MS } from '../../../../lib/limits/limit-plans.js'
import { createCaptureLogger, LOG_LEVEL } from '../../../helpers/capture-logger.js'
import { createTestKeyPrefix } from '../../../helpers/redis-key-prefix.js'
import { quietLogger } from '../../../helpers/stack.js'

const REDIS_URL = process.env.REDIS_URL
/** Noon UTC of a fixed day. */
const T0 = Date.UTC(2026, 10, 25, 12)
const NO_SEED = async () => 0n

const implementations: Array<[string, (t: Test) => TipLedger]> = [['in-process', () => createInProcessTipLedger()]]
if (REDIS_URL) {
  implementations.push([
    'redis',
    (t) =>
      createRedisTipLedger({
        redisUrl: REDIS_URL,
        keyPrefix: createTestKeyPrefix(t, REDIS_URL),
        commandTimeoutMs: 5_000,
        logger: quietLogger,
      }),
  ])
}

let users = 0
const newUser = () => `user-${process.pid}-${++users}`

for (const [name, create] of implementations) {
  t.test(`${name}: the daily cap`, async (t) => {
    t.test('tips are added while the day stays within the cap; past it, refused with the total', async (t) => {
      const ledger = create(t)
      t.teardown(() => ledger.close())
      const user = newUser()
      t.same(await ledger.reserve(user, T0, 4_000n, 10_000n, NO_SEED), { ok: true, spentLamports: 4_000n })
      t.same(await ledger.reserve(user, T0, 6_000n, 10_000n, NO_SEED), { ok: true, spentLamports: 10_000n }, 'exactly the cap fits')
      t.same(await ledger.reserve(user, T0, 1n, 10_000n, NO_SEED), { ok: false, spentLamports: 10_000n }, 'one lamport more does not')
      t.same(
        await ledger.reserve(user, T0 + DAY_MS, 10_000n, 10_000n, NO_SEED),
        { ok: true, spentLamports: 10_000n },
        'the next UTC day is fresh',
      )
      t.same(await ledger.reserve(newUser(), T0, 10_000n, 10_000n, NO_SEED), { ok: true, spentLamports: 10_000n }, 'another user is apart')
    })

    t.test('50 concurrent tips of 1,000 under a cap of 20,000: exactly 20 are added', async (t) => {
      const ledger = create(t)
      t.teardown(() => ledger.close())
      const user = newUser()
      const results = await Promise.all(Array.from({ length: 50 }, () => ledger.reserve(user, T0, 1_000n, 20_000n, NO_SEED)))
      t.equal(results.filter((result) => result.ok).length, 20)
      t.same(await ledger.reserve(user, T0, 1n, 20_000n, NO_SEED), { ok: false, spentLamports: 20_000n })
    })

    t.test('a day without a total starts from the seed, read once however many calls ask at once', async (t) => {
      const ledger = create(t)
      t.teardown(() => ledger.close())
      const user = newUser()
      let seeds = 0
      const seed = async () => {
        seeds++
        return 7_000n
      }
      const results = await Promise.all(Array.from({ length: 5 }, () => ledger.reserve(user, T0, 1_000n, 10_000n, seed)))
      t.equal(results.filter((result) => result.ok).length, 3, 'the seeded 7,000 leave room for three')
      t.ok(seeds >= 1, `seeded (${seeds})`)
      t.same(await ledger.reserve(user, T0, 1n, 10_000n, seed), { ok: false, spentLamports: 10_000n }, 'counted once')
    })

    t.test('a release takes a tip back; never below zero', async (t) => {
      const ledger = create(t)
      t.teardown(() => ledger.close())
      const user = newUser()
      await ledger.reserve(user, T0, 9_000n, 10_000n, NO_SEED)
      t.same(await ledger.reserve(user, T0, 2_000n, 10_000n, NO_SEED), { ok: false, spentLamports: 9_000n })
      await ledger.release(user, T0, 9_000n)
      t.same(await ledger.reserve(user, T0, 2_000n, 10_000n, NO_SEED), { ok: true, spentLamports: 2_000n })
      await ledger.release(user, T0, 5_000n)
      t.same(await ledger.reserve(user, T0, 10_000n, 10_000n, NO_SEED), { ok: true, spentLamports: 10_000n })
    })
  })
}

t.test('redis: two ledgers (two engines) on one Redis share one cap', { skip: !REDIS_URL && 'REDIS_URL is not set' }, async (t) => {
  const keyPrefix = createTestKeyPrefix(t, REDIS_URL ?? '')
  const [one, two] = [1, 2].map(() =>
    createRedisTipLedger({ redisUrl: REDIS_URL ?? '', keyPrefix, commandTimeoutMs: 5_000, logger: quietLogger }),
  )
  t.teardown(async () => {
    await one?.close()
    await two?.close()
  })
  const user = newUser()
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? one! : two!).reserve(user, T0, 1_000n, 10_000n, NO_SEED)),
  )
  t.equal(results.filter((result) => result.ok).length, 10, 'ten of thirty across both')
})

t.test('redis: an unreachable Redis refuses managed tips (fails closed), warns once, and closes cleanly', async (t) => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const { logger, lines } = createCaptureLogger()
  const ledger = createRedisTipLedger({ redisUrl: `redis://127.0.0.1:${port}`, logger, connectTimeoutMs: 200, commandTimeoutMs: 200 })
  for (let i = 0; i < 10; i++) {
    const error = await ledger.reserve('someone', T0, 1_000n, 10_000n, NO_SEED).catch((e: unknown) => e)
    t.ok(isServiceError(error, 'relay_unavailable'), `refused, not admitted (${String(error)})`)
  }
  const warnings = lines.filter((line) => line.level === LOG_LEVEL.warn)
  t.equal(warnings.length, 1, 'one warning for the whole outage')
  t.match(warnings[0], { msg: /refusing managed tips/ })
  await ledger.close()
})
