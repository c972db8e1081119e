/**
 * getServiceTotals (the history half of GET /api/v1/status) over every user's rows: the lifetime
 * total, and the last 24 h's volume, success rate and latency percentiles, checked against a
 * percentile_cont computed here, with the window's edge under the injected clock.
 */
import t from 'tap'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRandom, createRecord, createUser, DAY_MS, NOW_MS } from './history-fixtures.js'

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function getPercentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const position = fraction * (sorted.length - 1)
  const lower = sorted[Math.floor(position)] ?? 0
  const upper = sorted[Math.ceil(position)] ?? 0
  return lower + (upper - lower) * (position - Math.floor(position))
}

const near = (actual: number, expected: number) => Math.abs(actual - expected) <= 0.00051

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: service totals`, async (t) => {
    const { db, history, clock } = await createHistoryFixture(t, kind)

    t.test('no simulations at all: zeros', async (t) => {
      t.strictSame(await history.getServiceTotals(), {
        total_simulations: 0,
        simulations_24h: 0,
        success_rate_24h: 0,
        latency_p50_ms: 0,
        latency_p95_ms: 0,
        latency_p99_ms: 0,
      })
    })

    t.test('one row in the window: every percentile is its latency', async (t) => {
      const userId = await createUser(db)
      await history.recordSimulations([createRecord(userId, { latencyMs: 3.25, success: false })])
      t.strictSame(await history.getServiceTotals(), {
        total_simulations: 1,
        simulations_24h: 1,
        success_rate_24h: 0,
        latency_p50_ms: 3.25,
        latency_p95_ms: 3.25,
        latency_p99_ms: 3.25,
      })
      await db.query('DELETE FROM simulations')
    })

    t.test('figures over all users match the records', async (t) => {
      const random = createRandom(4242)
      const [alice, bob, carol] = await Promise.all([createUser(db), createUser(db), createUser(db)])
      const records: SimulationRecord[] = []
      for (let i = 0; i < 333; i++) {
        records.push(
          createRecord(i % 3 === 0 ? alice : i % 3 === 1 ? bob : carol, {
            // Two thirds inside the last 24 h, a third up to two days before it.
            createdAtMs: NOW_MS - Math.floor(random() * 3 * DAY_MS),
            success: random() < 0.8,
            // A long tail, as latencies have: p99 differs well from p95.
            latencyMs: Math.round(1000 * (0.1 + random() ** 4 * 40)) / 1000,
          }),
        )
      }
      // The window's edge, to the millisecond: in at exactly 24 h, out 1 ms before.
      records.push(createRecord(alice, { createdAtMs: NOW_MS - DAY_MS, latencyMs: 7 }))
      records.push(createRecord(bob, { createdAtMs: NOW_MS - DAY_MS - 1, latencyMs: 500 }))
      await history.recordSimulations(records)

      const recent = records.filter((r) => r.createdAtMs >= NOW_MS - DAY_MS)
      const latencies = recent.map((r) => r.latencyMs)
      const totals = await history.getServiceTotals()
      t.equal(totals.total_simulations, records.length, 'every row of every user')
      t.equal(totals.simulations_24h, recent.length, 'rows of the last 24 h')
      t.ok(recent.length > 100 && recent.length < records.length, 'the window cuts the set')
      const successRate = recent.filter((r) => r.success).length / recent.length
      t.ok(Math.abs(totals.success_rate_24h - successRate) <= 0.000051, `success_rate_24h ${totals.success_rate_24h} vs ${successRate}`)
      for (const [key, fraction] of [
        ['latency_p50_ms', 0.5],
        ['latency_p95_ms', 0.95],
        ['latency_p99_ms', 0.99],
      ] as const) {
        const expected = getPercentile(latencies, fraction)
        t.ok(near(totals[key], expected), `${key} ${totals[key]} vs ${expected}`)
        t.type(totals[key], 'number')
      }
      t.ok(totals.latency_p50_ms < totals.latency_p95_ms && totals.latency_p95_ms < totals.latency_p99_ms, 'ordered')

      clock.nowMs = NOW_MS + 1
      const later = await history.getServiceTotals()
      t.equal(later.simulations_24h, recent.length - 1, '1 ms later the row at the edge leaves the window')
      t.equal(later.total_simulations, records.length, 'but stays in the total')
      clock.nowMs = NOW_MS + 10 * DAY_MS
      t.strictSame(
        await history.getServiceTotals(),
        {
          total_simulations: records.length,
          simulations_24h: 0,
          success_rate_24h: 0,
          latency_p50_ms: 0,
          latency_p95_ms: 0,
          latency_p99_ms: 0,
        },
        'a quiet day: zeros in the window, the total unchanged',
      )
      clock.nowMs = NOW_MS
    })
  })
}
