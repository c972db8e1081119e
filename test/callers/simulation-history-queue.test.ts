/**
 * The history queue: batches of at most maxBatch in arrival order, a full batch sent without
 * waiting for the timer, failed batches back at the front, bounded memory, flush() covering
 * everything pushed before it, and a draining close. The timer is set to an hour except where it
 * is the subject; "not yet sent" is checked after the event loop turned, never after a sleep.
 */
import t from 'tap'
import { LOG_THROTTLE_INTERVAL_MS } from '../../lib/log-throttle.js'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { createSimulationHistoryQueue } from '../../callers/simulation-history-queue.js'
import { createServiceError } from '../../lib/errors.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'

const HOUR_MS = 3_600_000

/** A record told apart by `createdAtMs`, which the tests use as its arrival number. */
function record(n: number): SimulationRecord {
  return {
    userId: 'user-1',
    apiKeyId: 'key-1',
    createdAtMs: n,
    success: true,
    decision: 'approve',
    riskLevel: 'safe',
    mevScore: 0,
    mevLevel: 'none',
    failureCode: null,
    failureReason: null,
    computeUnits: 150,
    feeEstimateSol: 0.000005,
    latencyMs: 1,
    signature: null,
    cached: false,
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)
const turn = () => new Promise((resolve) => setImmediate(resolve))

/** A sink that keeps accepted batches (as arrival numbers); `failures` rejects the next n calls, `hold` parks calls. */
function createSink() {
  const batches: number[][] = []
  const state = { failures: 0, calls: 0 }
  let opening: Promise<void> = Promise.resolve()
  const sink = async (records: SimulationRecord[]) => {
    state.calls++
    await opening
    if (state.failures > 0) {
      state.failures--
      throw new Error('history unavailable')
    }
    batches.push(records.map((r) => r.createdAtMs))
  }
  const hold = () => {
    let open: () => void = () => {}
    opening = new Promise((resolve) => (open = resolve))
    return () => open()
  }
  return { sink, batches, state, hold, delivered: () => batches.flat() }
}

t.test('batches hold at most maxBatch records, in arrival order', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 100 })
  t.teardown(() => queue.close())
  for (const n of range(0, 1234)) queue.push(record(n))
  await queue.flush()
  t.strictSame(s.delivered(), range(0, 1234))
  t.ok(s.batches.every((b) => b.length <= 100 && b.length > 0))
  t.equal(queue.pending, 0)
})

t.test('a full batch goes out without waiting for the timer', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 10 })
  t.teardown(() => queue.close())
  for (const n of range(0, 9)) queue.push(record(n))
  await turn()
  await turn()
  t.equal(s.state.calls, 0, 'nine of ten wait for the timer')
  queue.push(record(9))
  await turn()
  await turn()
  t.strictSame(s.batches, [range(0, 10)])
  t.equal(queue.pending, 0)
})

t.test('a failed batch goes back to the front, order kept', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 3, logger })
  t.teardown(() => queue.close())
  for (const n of range(0, 5)) queue.push(record(n))
  s.state.failures = 1
  const open = s.hold()
  const failing = queue.flush()
  t.equal(queue.pending, 5, 'the batch in flight still counts as pending')
  queue.push(record(5))
  open()
  await t.rejects(failing, /history unavailable/)
  t.equal(queue.pending, 6)
  t.match(lines, [{ level: LOG_LEVEL.error, msg: /history write failed/, records: 3 }])
  await queue.flush()
  t.strictSame(s.delivered(), range(0, 6), 'order kept, nothing twice')
})

t.test('the timer sends on its own and retries after a failure', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: 5 })
  t.teardown(() => queue.close())
  s.state.failures = 2
  for (const n of range(0, 3)) queue.push(record(n))
  // The queue's timer is unref'd: this ref'd interval keeps the test process alive while it polls.
  await new Promise<void>((resolve, reject) => {
    const started = Date.now()
    const poll = setInterval(() => {
      if (s.batches.length > 0) resolve()
      else if (Date.now() - started > 5000) reject(new Error('the timer never delivered'))
      else return
      clearInterval(poll)
    }, 1)
  })
  t.equal(s.state.calls, 3, 'two failed ticks, then delivery')
  t.strictSame(s.batches, [range(0, 3)])
})

t.test('a failing sink is not hammered by pushes past maxBatch', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 2 })
  t.teardown(() => queue.close())
  s.state.failures = Number.POSITIVE_INFINITY
  queue.push(record(0))
  queue.push(record(1))
  await turn()
  await turn()
  t.equal(s.state.calls, 1)
  for (const n of range(2, 50)) queue.push(record(n))
  await turn()
  await turn()
  t.equal(s.state.calls, 1, 'retries wait for the timer')
  s.state.failures = 0
  await queue.flush()
  t.strictSame(s.delivered(), range(0, 50))
})

t.test('past maxPending the oldest are dropped, counted and reported', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 100, maxPending: 10, logger })
  for (const n of range(0, 25)) queue.push(record(n))
  t.equal(queue.pending, 10)
  t.equal(queue.dropped, 15)
  await queue.close()
  t.strictSame(s.delivered(), range(15, 25))
  t.match(lines, [{ level: LOG_LEVEL.warn, msg: /queue full/, dropped: 15, maxPending: 10 }])
})

t.test('a failed batch put back past maxPending loses its oldest records first', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 5, maxPending: 5 })
  t.teardown(() => queue.close())
  s.state.failures = 1
  const open = s.hold()
  for (const n of range(0, 5)) queue.push(record(n))
  const failing = queue.flush()
  for (const n of range(5, 8)) queue.push(record(n))
  open()
  await t.rejects(failing)
  t.equal(queue.dropped, 3)
  await queue.flush()
  t.strictSame(s.delivered(), range(3, 8))
})

t.test('flush() covers everything pushed before it, even behind a batch in flight', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 100 })
  t.teardown(() => queue.close())
  const open = s.hold()
  for (const n of range(0, 150)) queue.push(record(n)) // the first 100 leave at the next turn
  await turn()
  t.equal(s.state.calls, 1)
  for (const n of range(150, 250)) queue.push(record(n))
  const flushed = queue.flush()
  const again = queue.flush()
  for (const n of range(250, 260)) queue.push(record(n))
  open()
  await Promise.all([flushed, again])
  t.strictSame(s.delivered().slice(0, 250), range(0, 250))
  await queue.flush()
  t.strictSame(s.delivered(), range(0, 260), 'each record exactly once, in order')
})

t.test('close() drains, retrying a failing sink, and gives up with a log', async (t) => {
  t.test('a sink that recovers gets everything', async (t) => {
    const s = createSink()
    const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 4 })
    for (const n of range(0, 10)) queue.push(record(n))
    s.state.failures = 2
    await queue.close()
    t.strictSame(s.delivered(), range(0, 10))
    t.equal(queue.pending, 0)
    t.equal(queue.close(), queue.close(), 'close is idempotent')
  })
  t.test('a sink that stays down is given up on', async (t) => {
    const s = createSink()
    const { logger, lines } = createCaptureLogger()
    const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, logger })
    for (const n of range(0, 10)) queue.push(record(n))
    s.state.failures = Number.POSITIVE_INFINITY
    await queue.close()
    t.equal(s.state.calls, 4, 'one attempt and three retries')
    t.match(lines.at(-1), { level: LOG_LEVEL.error, msg: /lost/, lost: 10 })
  })
})

t.test('options that would stall the queue are refused', async (t) => {
  const sink = async () => {}
  t.throws(() => createSimulationHistoryQueue({ sink, maxBatch: 0 }), RangeError)
  t.throws(() => createSimulationHistoryQueue({ sink, maxPending: 0.5 }), RangeError)
})

t.test('a dead sink and a long burst keep memory at maxPending', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 100, maxPending: 1000 })
  t.teardown(() => queue.close())
  s.state.failures = Number.POSITIVE_INFINITY
  for (const n of range(0, 200_000)) queue.push(record(n))
  await t.rejects(queue.flush())
  t.equal(queue.pending, 1000)
  t.equal(queue.dropped, 199_000)
  s.state.failures = 0
  await queue.flush()
  t.strictSame(s.delivered(), range(199_000, 200_000))
})

t.test('records arriving during a write wait for the next tick, not a write of their own', async (t) => {
  const s = createSink()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: 100, maxBatch: 500 })
  t.teardown(() => queue.close())
  const open = s.hold()
  queue.push(record(0))
  // The queue's timer is unref'd: this ref'd interval keeps the test process alive while it polls.
  const waitFor = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now()
      const poll = setInterval(() => {
        if (done()) resolve()
        else if (Date.now() - started > 5000) reject(new Error('timed out'))
        else return
        clearInterval(poll)
      }, 1)
    })
  await waitFor(() => s.state.calls === 1)
  // Steady traffic: records keep arriving while the write is in flight.
  for (const n of range(1, 6)) queue.push(record(n))
  open()
  for (let i = 0; i < 5; i++) await turn()
  t.equal(s.state.calls, 1, 'the finished write is not followed at once by a write of the few that arrived meanwhile')
  t.strictSame(s.batches, [[0]])
  await queue.flush()
  t.strictSame(s.batches, [[0], range(1, 6)], 'they go out together with the next write')
})

t.test('a sink failing batch after batch: one line for the outage, one when it writes again', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, maxBatch: 3, logger })
  t.teardown(() => queue.close())
  s.state.failures = 40
  const startedMs = Date.now()
  for (const n of range(0, 40)) {
    queue.push(record(n))
    await t.rejects(queue.flush(), /history unavailable/)
  }
  const failedLines = lines.filter((line) => /history write failed/.test(line.msg))
  // One line a window of 10 s, however slow the machine: not one a failure.
  const windows = 1 + Math.floor((Date.now() - startedMs) / LOG_THROTTLE_INTERVAL_MS)
  t.ok(
    failedLines.length >= 1 && failedLines.length <= windows,
    `${failedLines.length} line(s) for 40 failed writes in ${windows} window(s)`,
  )
  t.match(
    failedLines[0],
    { level: LOG_LEVEL.error, failed: 1, err: { message: /history unavailable/ } },
    'the first at error, with its cause',
  )
  await queue.flush()
  t.strictSame(s.delivered(), range(0, 40), 'every record kept, in order')
  const recovered = lines.filter((line) => /simulation history written again/.test(line.msg))
  t.equal(recovered.length, 1)
  t.match(recovered[0], { level: 30, msg: /simulation history written again/, failedTotal: 40 }, 'its end, once')
})

/**
 * A sink that refuses (validation_error) any batch holding one of `bad`, as the user service does
 * for a record the database cannot take; `failAt` fails those calls (1-based) as an outage does.
 */
function createRefusingSink(bad: ReadonlySet<number>, failAt: ReadonlySet<number> = new Set()) {
  const delivered: number[] = []
  const state = { calls: 0 }
  const sink = async (records: SimulationRecord[]) => {
    state.calls++
    if (failAt.has(state.calls)) throw new Error('history unavailable')
    const refused = records.findIndex((r) => bad.has(r.createdAtMs))
    if (refused >= 0) throw createServiceError('validation_error', `records[${refused}].bundle_id: must be a text`)
    delivered.push(...records.map((r) => r.createdAtMs))
  }
  return { sink, delivered, state }
}

t.test('a record the sink refuses on its own is set aside; the rest of its batch is written, in order', async (t) => {
  const s = createRefusingSink(new Set([13, 40, 41]))
  const { logger, lines } = createCaptureLogger()
  const setAside: { n: number; error: unknown }[] = []
  const queue = createSimulationHistoryQueue({
    sink: s.sink,
    flushIntervalMs: HOUR_MS,
    maxBatch: 64,
    logger,
    onRefused: (refused, error) => setAside.push({ n: refused.createdAtMs, error }),
  })
  t.teardown(() => queue.close())
  for (const n of range(0, 64)) queue.push(record(n))
  await queue.flush()
  t.strictSame(
    s.delivered,
    range(0, 64).filter((n) => n !== 13 && n !== 40 && n !== 41),
    'every other record, each once, in order',
  )
  t.strictSame(
    setAside.map(({ n }) => n),
    [13, 40, 41],
    'each refused record handed over once, in order',
  )
  t.match(setAside[0]?.error, { code: 'validation_error', message: /bundle_id/ }, 'with the refusal')
  t.equal(queue.refused, 3)
  t.equal(queue.pending, 0)
  // Halving 64 down to each of three bad records: far fewer writes than one per record.
  t.ok(s.state.calls <= 1 + 3 * 2 * Math.log2(64), `${s.state.calls} writes`)
  t.equal(lines.filter((line) => /refused by the user service/.test(line.msg)).length, 3, 'one error line a refused record')
  t.notOk(
    lines.some((line) => /history write failed/.test(line.msg)),
    'a refusal is not an outage',
  )
  // The queue is not held: what comes next goes out as usual.
  queue.push(record(64))
  await queue.flush()
  t.equal(s.delivered.at(-1), 64)
})

t.test('a record refused with no onRefused is logged and dropped, not retried', async (t) => {
  const s = createRefusingSink(new Set([0]))
  const { logger, lines } = createCaptureLogger()
  const queue = createSimulationHistoryQueue({ sink: s.sink, flushIntervalMs: HOUR_MS, logger })
  t.teardown(() => queue.close())
  queue.push(record(0))
  await queue.flush()
  t.equal(queue.refused, 1)
  t.equal(s.state.calls, 1, 'a lone record is not split or sent again')
  t.match(lines, [{ level: LOG_LEVEL.error, msg: /set aside, not retried/, err: { message: /bundle_id/ } }])
})

t.test('an outage in the middle of setting a record aside puts back what was not written, in order', async (t) => {
  // Calls: 1 the batch (refused), 2 its first half (written), 3 the second half fails: an outage.
  const s = createRefusingSink(new Set([6]), new Set([3]))
  const refused: number[] = []
  const queue = createSimulationHistoryQueue({
    sink: s.sink,
    flushIntervalMs: HOUR_MS,
    maxBatch: 8,
    onRefused: (r) => refused.push(r.createdAtMs),
  })
  t.teardown(() => queue.close())
  for (const n of range(0, 8)) queue.push(record(n))
  await t.rejects(queue.flush(), /history unavailable/)
  t.strictSame(s.delivered, range(0, 4), 'the half written before the outage')
  t.equal(queue.pending, 4, 'the other half waits, not lost')
  queue.push(record(8))
  await queue.flush()
  t.strictSame(s.delivered, [0, 1, 2, 3, 4, 5, 7, 8], 'each once, in order')
  t.strictSame(refused, [6])
})
