/**
 * One suite for every InvalidationBus: in-process always, Redis when REDIS_URL is set. Each test
 * uses its own channel so parallel runs and other suites do not cross-talk. Waits end on delivery,
 * never on a clock; "not delivered" is asserted after a later event arrived on the same channel,
 * which Redis delivers in order.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import type { AuthInvalidation } from '../../accounts/contract/index.js'
import { createInProcessInvalidationBus, type InvalidationBus } from '../../lib/auth-invalidation.js'
import type { Logger } from '../../lib/logger.js'
import { createRedisInvalidationBus } from '../../lib/redis-invalidation-bus.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'

interface BusKind {
  name: string
  /** Opens a bus on `channel`, closed at the end of `test`. */
  open(test: Test, channel: string, logger?: Logger): Promise<InvalidationBus>
  /** Two buses on one channel stand for two processes; false where a bus only reaches its own listeners. */
  crossesInstances: boolean
  /** Writes a message on the channel without going through a bus. */
  publishRaw?(test: Test, channel: string, message: string): Promise<void>
  /** Connections subscribed to the channel, as the server counts them. */
  countSubscribers?(test: Test, channel: string): Promise<number>
}

const inProcess: BusKind = {
  name: 'in-process',
  async open(test, _channel, logger) {
    const bus = createInProcessInvalidationBus({ logger })
    test.teardown(() => bus.close())
    return bus
  },
  crossesInstances: false,
}

function createRedisKind(redisUrl: string): BusKind {
  const rawClient = async (test: Test) => {
    const client = new Redis(redisUrl)
    test.teardown(() => client.quit())
    return client
  }
  return {
    name: 'redis',
    async open(test, channel, logger) {
      const bus = await createRedisInvalidationBus(redisUrl, { channel, logger })
      test.teardown(() => bus.close())
      return bus
    },
    crossesInstances: true,
    async publishRaw(test, channel, message) {
      await (await rawClient(test)).publish(channel, message)
    },
    async countSubscribers(test, channel) {
      const reply = (await (await rawClient(test)).pubsub('NUMSUB', channel)) as [string, number]
      return Number(reply[1])
    },
  }
}

const kinds: BusKind[] = [inProcess]
if (process.env.REDIS_URL) kinds.push(createRedisKind(process.env.REDIS_URL))

/** A listener that remembers what it got, and a way to wait until it got `count` events. */
function createCollector() {
  const events: AuthInvalidation[] = []
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const listener = (event: AuthInvalidation) => {
    events.push(event)
    for (const waiter of waiters.filter((w) => events.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const waitFor = (count: number) =>
    new Promise<void>((resolve, reject) => {
      if (events.length >= count) return resolve()
      // A guard against hanging until tap's timeout, not a timing assertion.
      const guard = setTimeout(() => reject(new Error(`got ${events.length} of ${count} events`)), 5000)
      waiters.push({ count, resolve: () => (clearTimeout(guard), resolve()) })
    })
  return { events, listener, waitFor }
}

const revokedKey = (n: number): AuthInvalidation => ({ kind: 'api_key', userId: 'user-1', apiKeyId: `key-${n}` })
const deletedUser: AuthInvalidation = { kind: 'user', userId: 'user-2' }
const changedBlocks: AuthInvalidation = { kind: 'program_blocks', userId: 'user-3' }
const newChannel = () => `preflight:test:auth-invalidation:${randomUUID()}`

for (const kind of kinds) {
  t.test(kind.name, async (t) => {
    t.test('every subscriber receives each event once, in order', async (t) => {
      const bus = await kind.open(t, newChannel())
      const collectors = [createCollector(), createCollector(), createCollector()]
      for (const c of collectors) bus.subscribe(c.listener)
      await bus.publish(revokedKey(1))
      await bus.publish(deletedUser)
      for (const c of collectors) {
        await c.waitFor(2)
        t.strictSame(c.events, [revokedKey(1), deletedUser])
      }
    })

    t.test('program-block changes travel like credential events', async (t) => {
      const bus = await kind.open(t, newChannel())
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish(changedBlocks)
      await bus.publish(revokedKey(1))
      await c.waitFor(2)
      t.strictSame(c.events, [changedBlocks, revokedKey(1)])
    })

    t.test("a bus's own publishes reach its listeners exactly once", async (t) => {
      const bus = await kind.open(t, newChannel())
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish(revokedKey(1))
      await bus.publish(revokedKey(2))
      await c.waitFor(2)
      // A duplicate of 1 or 2 would arrive before 3.
      await bus.publish(revokedKey(3))
      await c.waitFor(3)
      t.strictSame(c.events, [revokedKey(1), revokedKey(2), revokedKey(3)])
    })

    t.test('unsubscribe stops delivery to that listener only', async (t) => {
      const bus = await kind.open(t, newChannel())
      const leaving = createCollector()
      const staying = createCollector()
      const unsubscribe = bus.subscribe(leaving.listener)
      bus.subscribe(staying.listener)
      // The same function subscribed twice is two subscriptions; removing one keeps the other.
      const twice = createCollector()
      bus.subscribe(twice.listener)
      const unsubscribeTwice = bus.subscribe(twice.listener)
      await bus.publish(revokedKey(1))
      await Promise.all([leaving.waitFor(1), staying.waitFor(1), twice.waitFor(2)])
      unsubscribe()
      unsubscribe()
      unsubscribeTwice()
      await bus.publish(revokedKey(2))
      await staying.waitFor(2)
      t.strictSame(leaving.events, [revokedKey(1)])
      t.strictSame(staying.events, [revokedKey(1), revokedKey(2)])
      t.strictSame(twice.events, [revokedKey(1), revokedKey(1), revokedKey(2)])
    })

    t.test('a listener that throws is logged and the others still receive', async (t) => {
      const { logger, lines } = createCaptureLogger()
      const bus = await kind.open(t, newChannel(), logger)
      bus.subscribe(() => {
        throw new Error('cache exploded')
      })
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish(deletedUser)
      await bus.publish(revokedKey(1))
      await c.waitFor(2)
      t.strictSame(c.events, [deletedUser, revokedKey(1)])
      const errors = lines.filter((l) => l.level === LOG_LEVEL.error)
      t.equal(errors.length, 2)
      t.match(errors[0], { msg: /listener failed/, err: { message: 'cache exploded' } })
    })

    t.test(
      'events from one bus reach another on the same channel',
      { skip: !kind.crossesInstances && 'a single-process bus' },
      async (t) => {
        const channel = newChannel()
        const [a, b] = [await kind.open(t, channel), await kind.open(t, channel)]
        const onA = createCollector()
        const onB = createCollector()
        a.subscribe(onA.listener)
        b.subscribe(onB.listener)
        await a.publish(revokedKey(1))
        await b.publish(deletedUser)
        await Promise.all([onA.waitFor(2), onB.waitFor(2)])
        t.strictSame(onA.events, [revokedKey(1), deletedUser])
        t.strictSame(onB.events, [revokedKey(1), deletedUser])
        // A bus on another channel hears nothing of this one.
        const elsewhere = await kind.open(t, newChannel())
        const onElsewhere = createCollector()
        elsewhere.subscribe(onElsewhere.listener)
        await a.publish(revokedKey(2))
        await elsewhere.publish(revokedKey(3))
        await Promise.all([onB.waitFor(3), onElsewhere.waitFor(1)])
        t.strictSame(onElsewhere.events, [revokedKey(3)])
      },
    )

    const publishRaw = kind.publishRaw
    t.test('malformed messages are ignored with a warning, and delivery goes on', { skip: !publishRaw && 'no raw channel' }, async (t) => {
      if (!publishRaw) return
      const channel = newChannel()
      const { logger, lines } = createCaptureLogger()
      const bus = await kind.open(t, channel, logger)
      const c = createCollector()
      bus.subscribe(c.listener)
      const malformed = [
        'not json',
        '{"kind":"user"',
        'null',
        '42',
        '["user","u"]',
        '{"kind":"user"}',
        '{"kind":"api_key","userId":"u"}',
        '{"kind":"team","userId":"u"}',
        '{"kind":"program_blocks"}',
        '{"kind":"program_blocks","userId":7}',
      ]
      for (const message of malformed) await publishRaw(t, channel, message)
      // Unknown fields of a valid event are not passed on.
      await publishRaw(t, channel, JSON.stringify({ ...deletedUser, extra: 'x' }))
      await bus.publish(revokedKey(1))
      await c.waitFor(2)
      t.strictSame(c.events, [deletedUser, revokedKey(1)])
      const warnings = lines.filter((l) => l.level === LOG_LEVEL.warn && /malformed/.test(l.msg))
      t.equal(warnings.length, malformed.length)
    })

    t.test('close() stops delivery, makes publish reject, and is idempotent', async (t) => {
      const channel = newChannel()
      const bus = await kind.open(t, channel)
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish(revokedKey(1))
      await c.waitFor(1)
      await bus.close()
      await bus.close()
      await t.rejects(bus.publish(revokedKey(2)), /closed/)
      t.strictSame(c.events, [revokedKey(1)])
      if (kind.countSubscribers) t.equal(await kind.countSubscribers(t, channel), 0, 'the subscriber connection left the channel')
    })

    if (kind.crossesInstances) {
      t.test('a closed bus leaves the others on its channel working', async (t) => {
        const channel = newChannel()
        const [a, b] = [await kind.open(t, channel), await kind.open(t, channel)]
        const onA = createCollector()
        const onB = createCollector()
        a.subscribe(onA.listener)
        b.subscribe(onB.listener)
        await a.close()
        await b.publish(revokedKey(1))
        await onB.waitFor(1)
        t.strictSame(onA.events, [])
        if (kind.countSubscribers) t.equal(await kind.countSubscribers(t, channel), 1)
      })
    }
  })
}

t.test('an unreachable Redis rejects and leaves nothing running', async (t) => {
  // A port nothing listens on: take a free one and give it back.
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const before = process.getActiveResourcesInfo().length
  await t.rejects(createRedisInvalidationBus(`redis://127.0.0.1:${port}`), {
    message: /cannot reach Redis/,
    cause: { code: 'ECONNREFUSED' },
  })
  await new Promise((resolve) => setImmediate(resolve))
  // No socket and no reconnect timer outlive the failure.
  t.ok(process.getActiveResourcesInfo().length <= before, process.getActiveResourcesInfo().join(', '))
})
