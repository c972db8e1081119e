/**
 * One suite for every TransactionUpdates bus: in-process always, Redis when REDIS_URL is set. Each
 * test uses its own channel so parallel runs and other suites do not cross-talk. Waits end on
 * delivery, never on a clock; "not delivered" is asserted after a later update arrived on the same
 * channel, which Redis delivers in order.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import t, { type Test } from 'tap'
import { Redis } from 'ioredis'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import type { Logger } from '../../lib/logger.js'
import { createInProcessTransactionUpdates, type TransactionUpdates } from '../../lib/transaction-updates.js'
import { createRedisTransactionUpdates } from '../../lib/redis-transaction-updates.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'

interface BusKind {
  name: string
  open(test: Test, channel: string, logger?: Logger): Promise<TransactionUpdates<TrackedTransaction>>
  /** Two buses on one channel stand for two processes (an engine and an edge). */
  crossesInstances: boolean
  publishRaw?(test: Test, channel: string, message: string): Promise<void>
}

const inProcess: BusKind = {
  name: 'in-process',
  async open(test, _channel, logger) {
    const bus = createInProcessTransactionUpdates<TrackedTransaction>({ logger })
    test.teardown(() => bus.close())
    return bus
  },
  crossesInstances: false,
}

function createRedisKind(redisUrl: string): BusKind {
  return {
    name: 'redis',
    async open(test, channel, logger) {
      const bus = await createRedisTransactionUpdates<TrackedTransaction>(redisUrl, { channel, logger })
      test.teardown(() => bus.close())
      return bus
    },
    crossesInstances: true,
    async publishRaw(test, channel, message) {
      const client = new Redis(redisUrl)
      test.teardown(() => client.quit())
      await client.publish(channel, message)
    },
  }
}

const kinds: BusKind[] = [inProcess]
if (process.env.REDIS_URL) kinds.push(createRedisKind(process.env.REDIS_URL))

/** A tracking record in `status`, with every field a push carries; a dropped one is a managed-tip submit the relay refused. */
function createUpdate(signature: string, status: TrackedTransaction['status']): TrackedTransaction {
  const landed = status !== 'pending' && status !== 'expired' && status !== 'dropped'
  const bundled = status === 'dropped'
  return {
    signature,
    kind: bundled ? 'submit' : 'execute',
    status,
    route: bundled ? 'relay_bundle' : 'direct_rpc',
    attempts: 1,
    endpoints: ['localhost'],
    landed_slot: landed ? 42 : null,
    transaction_error: status === 'failed' ? { InstructionError: [0, { Custom: 1 }] } : null,
    prediction: { success: true, compute_units: 150, fee_lamports: '5000', balance_changes: [], context_slot: 40 },
    outcome: landed ? { landed_slot: 42, matched: true, differences: [] } : null,
    strategy: bundled ? 'managed_tip_bundle' : null,
    relay_bundle_id: bundled ? 'b1e5a0c3d2f4' : null,
    tip_lamports: bundled ? '10000' : null,
    drop_reason: bundled ? 'the relay reported the bundle Invalid' : null,
    created_at: '2026-11-25T12:00:00.000Z',
    updated_at: '2026-11-25T12:00:01.000Z',
  }
}

type Delivery = [tenantId: string, transaction: TrackedTransaction]

function createCollector() {
  const deliveries: Delivery[] = []
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const listener = (tenantId: string, transaction: TrackedTransaction) => {
    deliveries.push([tenantId, transaction])
    for (const waiter of waiters.filter((w) => deliveries.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const waitFor = (count: number) =>
    new Promise<void>((resolve, reject) => {
      if (deliveries.length >= count) return resolve()
      // A guard against hanging until tap's timeout, not a timing assertion.
      const guard = setTimeout(() => reject(new Error(`got ${deliveries.length} of ${count} updates`)), 5000)
      waiters.push({ count, resolve: () => (clearTimeout(guard), resolve()) })
    })
  return { deliveries, listener, waitFor }
}

const newChannel = () => `preflight:test:transaction-updates:${randomUUID()}`

for (const kind of kinds) {
  t.test(kind.name, async (t) => {
    t.test('every subscriber receives each update once, in order, with its owner and every field', async (t) => {
      const bus = await kind.open(t, newChannel())
      const collectors = [createCollector(), createCollector()]
      for (const c of collectors) bus.subscribe(c.listener)
      const pending = createUpdate('sig-1', 'pending')
      const failed = createUpdate('sig-1', 'failed')
      const dropped = createUpdate('sig-2', 'dropped')
      await bus.publish('alice', pending)
      await bus.publish('bob', failed)
      await bus.publish('bob', dropped)
      for (const c of collectors) {
        await c.waitFor(3)
        t.strictSame(c.deliveries, [
          ['alice', pending],
          ['bob', failed],
          ['bob', dropped],
        ])
      }
    })

    t.test('unsubscribe stops delivery to that listener only', async (t) => {
      const bus = await kind.open(t, newChannel())
      const leaving = createCollector()
      const staying = createCollector()
      const unsubscribe = bus.subscribe(leaving.listener)
      bus.subscribe(staying.listener)
      await bus.publish('alice', createUpdate('sig-1', 'pending'))
      await Promise.all([leaving.waitFor(1), staying.waitFor(1)])
      unsubscribe()
      unsubscribe()
      await bus.publish('alice', createUpdate('sig-1', 'confirmed'))
      await staying.waitFor(2)
      t.equal(leaving.deliveries.length, 1)
      t.equal(staying.deliveries.length, 2)
    })

    t.test('a listener that throws is logged and the others still receive', async (t) => {
      const { logger, lines } = createCaptureLogger()
      const bus = await kind.open(t, newChannel(), logger)
      bus.subscribe(() => {
        throw new Error('socket exploded')
      })
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish('alice', createUpdate('sig-1', 'processed'))
      await c.waitFor(1)
      const errors = lines.filter((l) => l.level === LOG_LEVEL.error)
      t.equal(errors.length, 1)
      t.match(errors[0], { msg: /listener failed/, err: { message: 'socket exploded' } })
    })

    t.test(
      'an engine and an edge apart: the one publishes, the other delivers',
      { skip: !kind.crossesInstances && 'a single-process bus' },
      async (t) => {
        const channel = newChannel()
        const [engineSide, edgeSide] = [await kind.open(t, channel), await kind.open(t, channel)]
        const onEdge = createCollector()
        edgeSide.subscribe(onEdge.listener)
        const update = createUpdate('sig-2', 'confirmed')
        await engineSide.publish('alice', update)
        await onEdge.waitFor(1)
        t.strictSame(onEdge.deliveries, [['alice', update]], 'the record crosses as JSON unchanged')
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
        'null',
        '{"tenantId":"alice"}',
        '{"tenantId":7,"transaction":{"signature":"s","status":"pending"}}',
        '{"tenantId":"alice","transaction":{"status":"pending"}}',
        '{"tenantId":"alice","transaction":"pending"}',
      ]
      for (const message of malformed) await publishRaw(t, channel, message)
      const update = createUpdate('sig-3', 'pending')
      await bus.publish('alice', update)
      await c.waitFor(1)
      t.strictSame(c.deliveries, [['alice', update]])
      t.equal(lines.filter((l) => l.level === LOG_LEVEL.warn && /malformed/.test(l.msg)).length, malformed.length)
    })

    t.test('close() stops delivery, makes publish reject, and is idempotent', async (t) => {
      const bus = await kind.open(t, newChannel())
      const c = createCollector()
      bus.subscribe(c.listener)
      await bus.publish('alice', createUpdate('sig-1', 'pending'))
      await c.waitFor(1)
      await bus.close()
      await bus.close()
      await t.rejects(bus.publish('alice', createUpdate('sig-1', 'confirmed')), /closed/)
      t.equal(c.deliveries.length, 1)
    })
  })
}

t.test('an unreachable Redis rejects and leaves nothing running', async (t) => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  const before = process.getActiveResourcesInfo().length
  await t.rejects(createRedisTransactionUpdates(`redis://127.0.0.1:${port}`), {
    message: /cannot reach Redis/,
    cause: { code: 'ECONNREFUSED' },
  })
  await new Promise((resolve) => setImmediate(resolve))
  t.ok(process.getActiveResourcesInfo().length <= before, process.getActiveResourcesInfo().join(', '))
})
