/**
 * The per-key request counter: exact totals whatever the flush interleaving, the latest use kept,
 * nothing lost or sent twice when the sink fails or flushes overlap, and a final flush on close.
 * The timer is set to an hour except where it is the subject, so flushes happen only when called.
 */
import t from 'tap'
import { LOG_THROTTLE_INTERVAL_MS } from '../../lib/log-throttle.js'
import type { KeyUsage } from '../../accounts/contract/index.js'
import { createKeyUsageCounter } from '../../callers/key-usage-counter.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'

const HOUR_MS = 3_600_000

/** A sink that records every batch it accepted; `gate` holds calls until opened, `failures` rejects the next n. */
function createSink() {
  const batches: KeyUsage[][] = []
  const state = { failures: 0, calls: 0 }
  let opening: Promise<void> = Promise.resolve()
  let open: () => void = () => {}
  const sink = async (usage: KeyUsage[]) => {
    state.calls++
    await opening
    if (state.failures > 0) {
      state.failures--
      throw new Error('accounts unavailable')
    }
    batches.push(usage)
  }
  const hold = () => {
    opening = new Promise((resolve) => (open = resolve))
    return () => open()
  }
  /** Requests per key over every accepted batch, and the latest use. */
  const totals = () => {
    const out: Record<string, { count: number; lastUsedAtMs: number }> = {}
    for (const { apiKeyId, count, lastUsedAtMs } of batches.flat()) {
      const total = (out[apiKeyId] ??= { count: 0, lastUsedAtMs: 0 })
      total.count += count
      total.lastUsedAtMs = Math.max(total.lastUsedAtMs, lastUsedAtMs)
    }
    return out
  }
  return { sink, batches, state, hold, totals }
}

t.test('1,000 records over 3 keys add up exactly across interleaved flushes', async (t) => {
  const s = createSink()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS })
  t.teardown(() => counter.close())
  const keys = ['key-a', 'key-b', 'key-c']
  const flushes: Promise<void>[] = []
  const expected: Record<string, { count: number; lastUsedAtMs: number }> = {}
  for (let i = 0; i < 1000; i++) {
    const apiKeyId = keys[i % 3]!
    // Times out of order, so the latest use is not simply the last record.
    const nowMs = 1_000_000 + ((i * 7919) % 1000)
    counter.record(apiKeyId, nowMs)
    const tally = (expected[apiKeyId] ??= { count: 0, lastUsedAtMs: 0 })
    tally.count++
    tally.lastUsedAtMs = Math.max(tally.lastUsedAtMs, nowMs)
    if (i % 97 === 0) flushes.push(counter.flush())
    // Let some flushes finish between records, others overlap them.
    if (i % 211 === 0) await Promise.resolve()
  }
  await counter.flush()
  await Promise.all(flushes)
  t.strictSame(s.totals(), expected)
  t.strictSame(
    Object.values(expected).map((e) => e.count),
    [334, 333, 333],
  )
  t.ok(s.batches.length > 1, 'the counts went out in several batches')
  for (const batch of s.batches) t.equal(new Set(batch.map((u) => u.apiKeyId)).size, batch.length, 'a key appears once a batch')
  t.equal(counter.pendingKeys, 0)
})

t.test('lastUsedAtMs is the latest use, not the last recorded', async (t) => {
  const s = createSink()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS })
  t.teardown(() => counter.close())
  counter.record('key-a', 500)
  counter.record('key-a', 900)
  counter.record('key-a', 300)
  t.equal(counter.pendingKeys, 1)
  await counter.flush()
  t.strictSame(s.batches, [[{ apiKeyId: 'key-a', count: 3, lastUsedAtMs: 900 }]])
})

t.test('a failing sink keeps the counts and a later flush delivers them once', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS, logger })
  t.teardown(() => counter.close())
  counter.record('key-a', 100)
  counter.record('key-a', 200)
  counter.record('key-b', 150)
  s.state.failures = 1
  const open = s.hold()
  const failing = counter.flush()
  // Recorded while the failing batch is out: merged with it when it comes back.
  counter.record('key-a', 120)
  counter.record('key-c', 130)
  open()
  await t.rejects(failing, /accounts unavailable/)
  t.equal(counter.pendingKeys, 3)
  t.match(lines, [{ level: LOG_LEVEL.error, msg: /key usage flush failed/, keys: 2 }])
  await counter.flush()
  t.strictSame(s.totals(), {
    'key-a': { count: 3, lastUsedAtMs: 200 },
    'key-b': { count: 1, lastUsedAtMs: 150 },
    'key-c': { count: 1, lastUsedAtMs: 130 },
  })
  t.equal(s.batches.length, 1)
  await counter.flush()
  t.equal(s.state.calls, 2, 'nothing left to send, so the sink is not called')
})

t.test('concurrent flushes do not double-send, and each sees what was recorded before it', async (t) => {
  const s = createSink()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS })
  t.teardown(() => counter.close())
  counter.record('key-a', 1)
  const open = s.hold()
  const first = counter.flush()
  counter.record('key-a', 2)
  counter.record('key-b', 2)
  const second = counter.flush()
  const third = counter.flush()
  let secondDone = false
  void second.then(() => (secondDone = true))
  counter.record('key-c', 3)
  const fourth = counter.flush()
  await Promise.resolve()
  t.equal(s.state.calls, 1, 'the later flushes wait for the one in flight')
  t.notOk(secondDone)
  open()
  await Promise.all([first, second, third, fourth])
  t.strictSame(s.batches, [
    [{ apiKeyId: 'key-a', count: 1, lastUsedAtMs: 1 }],
    [
      { apiKeyId: 'key-a', count: 1, lastUsedAtMs: 2 },
      { apiKeyId: 'key-b', count: 1, lastUsedAtMs: 2 },
      { apiKeyId: 'key-c', count: 1, lastUsedAtMs: 3 },
    ],
  ])
})

t.test('the timer flushes on its own', async (t) => {
  let resolveDelivered: (usage: KeyUsage[]) => void = () => {}
  const delivered = new Promise<KeyUsage[]>((resolve) => (resolveDelivered = resolve))
  const counter = createKeyUsageCounter({ sink: async (usage) => resolveDelivered(usage), flushIntervalMs: 5 })
  t.teardown(() => counter.close())
  counter.record('key-a', 7)
  // The counter's timer is unref'd: without this ref'd guard the test process would just exit.
  const guard = setTimeout(() => t.fail('the timer never flushed'), 5000)
  t.strictSame(await delivered, [{ apiKeyId: 'key-a', count: 1, lastUsedAtMs: 7 }])
  clearTimeout(guard)
})

t.test('close() flushes what is left, retrying a failing sink', async (t) => {
  const s = createSink()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS })
  counter.record('key-a', 1)
  counter.record('key-b', 2)
  s.state.failures = 2
  await counter.close()
  t.equal(s.state.calls, 3)
  t.strictSame(s.totals(), { 'key-a': { count: 1, lastUsedAtMs: 1 }, 'key-b': { count: 1, lastUsedAtMs: 2 } })
  t.equal(counter.pendingKeys, 0)
  t.equal(counter.close(), counter.close(), 'close is idempotent')
})

t.test('close() gives up after a few attempts and logs what was lost', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS, logger })
  counter.record('key-a', 1)
  counter.record('key-a', 2)
  s.state.failures = Number.POSITIVE_INFINITY
  await counter.close()
  t.equal(s.state.calls, 4, 'one attempt and three retries')
  t.match(lines.at(-1), { level: LOG_LEVEL.error, msg: /lost/, lost: [{ apiKeyId: 'key-a', count: 2 }] })
  t.equal(counter.pendingKeys, 1, 'the counts are still there for anyone who reads them')
})

t.test('a sink failing flush after flush: one line for the outage, one when it delivers again', async (t) => {
  const s = createSink()
  const { logger, lines } = createCaptureLogger()
  const counter = createKeyUsageCounter({ sink: s.sink, flushIntervalMs: HOUR_MS, logger })
  t.teardown(() => counter.close())
  s.state.failures = 50
  const startedMs = Date.now()
  for (let i = 0; i < 50; i++) {
    counter.record('key-a', i)
    await t.rejects(counter.flush(), /accounts unavailable/)
  }
  const failedLines = lines.filter((line) => /key usage flush failed/.test(line.msg))
  // One line a window of 10 s, however slow the machine: not one a failure.
  const windows = 1 + Math.floor((Date.now() - startedMs) / LOG_THROTTLE_INTERVAL_MS)
  t.ok(
    failedLines.length >= 1 && failedLines.length <= windows,
    `${failedLines.length} line(s) for 50 failed flushes in ${windows} window(s)`,
  )
  t.match(
    failedLines[0],
    { level: LOG_LEVEL.error, failed: 1, err: { message: /accounts unavailable/ } },
    'the first at error, with its cause',
  )
  await counter.flush()
  t.strictSame(s.totals(), { 'key-a': { count: 50, lastUsedAtMs: 49 } }, 'every count kept')
  const recovered = lines.filter((line) => /key usage flushed again/.test(line.msg))
  t.equal(recovered.length, 1)
  t.match(recovered[0], { level: 30, msg: /key usage flushed again/, failedTotal: 50 }, 'its end, once')
})
