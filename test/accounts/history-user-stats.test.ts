/**
 * getUserStats (the caller's statistics) against figures computed here from the same records:
 * counts, rates and averages, the distributions and their order, the top five failure reasons,
 * the "today" (from 00:00 UTC) and 7-day windows at their exact edges under an injected clock, and
 * the daily series (counts, verdicts, nearest-rank latency percentiles per UTC day).
 */
import t from 'tap'
import type { DailyStats, SimulationRecord, UserStats } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRandom, createRecord, createUser, DAY_MS, NOW_MS } from './history-fixtures.js'

const SEVERITY = ['safe', 'low', 'medium', 'high', 'critical']
const TODAY_START_MS = Date.parse('2024-03-10T00:00:00.000Z')

/** Failed rows per code: a tie at 7 and one at 4 that the top-five cut passes through. */
const FAILURES: [string, number][] = [
  ['program_error', 4],
  ['insufficient_sol', 9],
  ['blockhash_expired', 7],
  ['compute_exceeded', 4],
  ['account_not_found', 7],
  ['insufficient_token_balance', 2],
  ['slippage_exceeded', 5],
]

/** A known mix over ten days: random fields from a fixed seed, plus the failure counts above. */
function createStatsRecords(userId: string): SimulationRecord[] {
  const random = createRandom(2017)
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T
  const records: SimulationRecord[] = []
  for (let i = 0; i < 240; i++) {
    const mevLevel = pick(['none', 'low', 'medium', 'high', null])
    records.push(
      createRecord(userId, {
        createdAtMs: NOW_MS - Math.floor(random() * 10 * DAY_MS),
        success: random() < 0.75,
        decision: pick(['approve', 'warn', 'block', null]),
        // No `medium`: a level with no rows must not be listed.
        riskLevel: pick(['safe', 'low', 'high', 'critical', null]),
        mevLevel,
        mevScore: mevLevel === null ? null : Math.round(random() * 1000) / 1000,
        latencyMs: Math.round(random() * 5000) / 1000,
      }),
    )
  }
  for (const [code, count] of FAILURES) {
    for (let i = 0; i < count; i++) {
      records.push(createRecord(userId, { createdAtMs: NOW_MS - i * 3_600_000, success: false, failureCode: code, riskLevel: 'high' }))
    }
  }
  // A success that carries a code is not a failure reason.
  records.push(createRecord(userId, { success: true, failureCode: 'program_error', createdAtMs: NOW_MS - 10 }))
  return records
}

/** Nearest-rank percentile: the ⌈p·n⌉-th smallest. */
function nearestRank(sorted: readonly number[], p: number): number | null {
  return sorted.length === 0 ? null : (sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1] as number)
}

/** The `days` UTC days ending with NOW_MS's, oldest first. */
function getExpectedDaily(records: readonly SimulationRecord[], days = 14): DailyStats[] {
  return Array.from({ length: days }, (_unused, index) => {
    const start = TODAY_START_MS - (days - 1 - index) * DAY_MS
    const day = records.filter((r) => r.createdAtMs >= start && r.createdAtMs < start + DAY_MS)
    const latencies = day.map((r) => r.latencyMs).sort((a, b) => a - b)
    return {
      date: new Date(start).toISOString().slice(0, 10),
      simulations: day.length,
      success_count: day.filter((r) => r.success).length,
      approve: day.filter((r) => r.decision === 'approve').length,
      warn: day.filter((r) => r.decision === 'warn').length,
      block: day.filter((r) => r.decision === 'block').length,
      latency_p50_ms: nearestRank(latencies, 0.5),
      latency_p95_ms: nearestRank(latencies, 0.95),
      latency_p99_ms: nearestRank(latencies, 0.99),
    }
  })
}

function getExpectedStats(records: readonly SimulationRecord[]): UserStats {
  const count = (keep: (record: SimulationRecord) => boolean) => records.filter(keep).length
  const tally = (keys: (string | null)[]) => {
    const counts = new Map<string, number>()
    for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1)
    return counts
  }
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length)
  const successes = count((r) => r.success)
  const failures = [...tally(records.filter((r) => !r.success).map((r) => r.failureCode))]
    .sort(([codeA, a], [codeB, b]) => b - a || (codeA < codeB ? -1 : 1))
    .slice(0, 5)
  const risk = tally(records.map((r) => r.riskLevel))
  return {
    total_simulations: records.length,
    success_count: successes,
    fail_count: records.length - successes,
    success_rate: records.length === 0 ? 0 : successes / records.length,
    avg_latency_ms: mean(records.map((r) => r.latencyMs)),
    avg_mev_score: mean(records.flatMap((r) => (r.mevScore === null ? [] : [r.mevScore]))),
    mev_distribution: Object.fromEntries(tally(records.map((r) => r.mevLevel))),
    top_failure_reasons: failures.map(([code, n]) => ({ code, count: n })),
    risk_distribution: SEVERITY.filter((level) => risk.has(level)).map((level) => ({ level, count: risk.get(level) ?? 0 })),
    simulations_today: count((r) => r.createdAtMs >= TODAY_START_MS),
    simulations_7d: count((r) => r.createdAtMs >= NOW_MS - 7 * DAY_MS),
    daily: getExpectedDaily(records),
  }
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: user stats`, async (t) => {
    const { db, history, clock } = await createHistoryFixture(t, kind)

    t.test('every figure matches the records, and only the user’s own', async (t) => {
      const userId = await createUser(db)
      const other = await createUser(db)
      const records = createStatsRecords(userId)
      await history.recordSimulations(records)
      await history.recordSimulations(
        createStatsRecords(other)
          .slice(0, 50)
          .map((r) => ({ ...r, latencyMs: 999 })),
      )
      const actual = await history.getUserStats(userId)
      const expected = getExpectedStats(records)
      for (const key of ['total_simulations', 'success_count', 'fail_count', 'simulations_today', 'simulations_7d'] as const) {
        t.equal(actual[key], expected[key], key)
      }
      t.ok(expected.simulations_today > 0 && expected.simulations_today < expected.simulations_7d, 'the windows differ')
      t.ok(expected.simulations_7d < expected.total_simulations, 'some rows are older than 7 days')
      t.ok(Math.abs(actual.success_rate - expected.success_rate) <= 0.000051, `success_rate ${actual.success_rate}`)
      t.ok(Math.abs(actual.avg_latency_ms - expected.avg_latency_ms) <= 0.00051, `avg_latency_ms ${actual.avg_latency_ms}`)
      t.ok(Math.abs(actual.avg_mev_score - expected.avg_mev_score) <= 0.000051, `avg_mev_score ${actual.avg_mev_score}`)
      t.strictSame(actual.mev_distribution, expected.mev_distribution, 'mev_distribution')
      t.strictSame(actual.top_failure_reasons, expected.top_failure_reasons, 'top_failure_reasons')
      t.strictSame(
        actual.top_failure_reasons.map((reason) => reason.code),
        ['insufficient_sol', 'account_not_found', 'blockhash_expired', 'slippage_exceeded', 'compute_exceeded'],
        'by count, ties by code, five at most',
      )
      t.strictSame(actual.risk_distribution, expected.risk_distribution, 'risk_distribution')
      t.strictSame(actual.daily, expected.daily, 'daily: counts, verdicts and latency percentiles per UTC day')
      t.equal(actual.daily.at(-1)?.date, '2024-03-10', 'today last')
      t.ok(
        actual.daily.some((day) => day.simulations === 0) && actual.daily.filter((day) => day.simulations > 0).length >= 9,
        'days with and without simulations',
      )
      t.strictSame(
        actual.risk_distribution.map((entry) => entry.level),
        ['safe', 'low', 'high', 'critical'],
        'severity order, only levels present',
      )
      for (const [key, value] of Object.entries(actual)) {
        if (typeof expected[key as keyof UserStats] === 'number') t.type(value, 'number', `${key} is a number`)
      }
    })

    t.test('a user with no simulations: zeros and empty collections', async (t) => {
      const userId = await createUser(db)
      t.strictSame(await history.getUserStats(userId), {
        total_simulations: 0,
        success_count: 0,
        fail_count: 0,
        success_rate: 0,
        avg_latency_ms: 0,
        avg_mev_score: 0,
        mev_distribution: {},
        top_failure_reasons: [],
        risk_distribution: [],
        simulations_today: 0,
        simulations_7d: 0,
        daily: getExpectedDaily([]),
      })
    })

    t.test('the daily window: `days` UTC days, today included, from 00:00 of the first', async (t) => {
      const userId = await createUser(db)
      const at = (iso: string, latencyMs = 1) => createRecord(userId, { createdAtMs: Date.parse(iso), latencyMs })
      await history.recordSimulations([
        at('2024-03-07T23:59:59.999Z'),
        at('2024-03-08T00:00:00.000Z', 4),
        at('2024-03-08T12:00:00.000Z', 2),
        at('2024-03-10T15:29:59.999Z', 3),
      ])
      const three = (await history.getUserStats(userId, 3)).daily
      t.strictSame(
        three.map((day) => [day.date, day.simulations, day.latency_p50_ms, day.latency_p99_ms]),
        [
          ['2024-03-08', 2, 2, 4],
          ['2024-03-09', 0, null, null],
          ['2024-03-10', 1, 3, 3],
        ],
        'the row at 00:00 of the first day counts, 1 ms before does not',
      )
      t.equal((await history.getUserStats(userId, 1)).daily.length, 1, 'one day: today')
      t.equal((await history.getUserStats(userId, 90)).daily[0]?.date, '2023-12-12', '90 days back')
      for (const days of [0, 91, 1.5]) {
        await t.rejects(history.getUserStats(userId, days), { code: 'validation_error' }, `days ${days}`)
      }
    })

    t.test('null MEV scores are left out of the average, not counted as 0', async (t) => {
      const userId = await createUser(db)
      await history.recordSimulations([
        createRecord(userId, { mevScore: 0.5, mevLevel: 'medium' }),
        createRecord(userId, { mevScore: 0.25, mevLevel: 'low' }),
        createRecord(userId, { mevScore: null, mevLevel: null }),
      ])
      const stats = await history.getUserStats(userId)
      t.equal(stats.avg_mev_score, 0.375)
      t.strictSame(stats.mev_distribution, { medium: 1, low: 1 }, 'null levels are not a level')
    })

    t.test('today starts at 00:00 UTC of the injected clock', async (t) => {
      const userId = await createUser(db)
      const at = (iso: string) => createRecord(userId, { createdAtMs: Date.parse(iso) })
      await history.recordSimulations([at('2024-03-09T23:59:59.999Z'), at('2024-03-10T00:00:00.000Z'), at('2024-03-10T15:29:59.999Z')])
      clock.nowMs = NOW_MS
      t.equal((await history.getUserStats(userId)).simulations_today, 2, '15:30: the midnight row counts, 1 ms before does not')
      clock.nowMs = Date.parse('2024-03-10T23:59:59.999Z')
      t.equal((await history.getUserStats(userId)).simulations_today, 2, 'still the same day 1 ms before midnight')
      clock.nowMs = Date.parse('2024-03-11T00:00:00.000Z')
      t.equal((await history.getUserStats(userId)).simulations_today, 0, 'midnight: a new day')
      await history.recordSimulations([at('2024-03-11T00:00:00.000Z')])
      t.equal((await history.getUserStats(userId)).simulations_today, 1, 'a row at midnight belongs to the new day')
      clock.nowMs = NOW_MS
    })

    t.test('the 7-day window is 7 × 24 h back from now, inclusive', async (t) => {
      const userId = await createUser(db)
      await history.recordSimulations([
        createRecord(userId, { createdAtMs: NOW_MS - 7 * DAY_MS }),
        createRecord(userId, { createdAtMs: NOW_MS - 7 * DAY_MS - 1 }),
        createRecord(userId, { createdAtMs: NOW_MS - 1 }),
      ])
      const stats = await history.getUserStats(userId)
      t.equal(stats.simulations_7d, 2, 'the row at exactly 7 days counts, 1 ms older does not')
      t.equal(stats.total_simulations, 3)
      clock.nowMs = NOW_MS + 1
      t.equal((await history.getUserStats(userId)).simulations_7d, 1, '1 ms later the oldest in-window row leaves')
      clock.nowMs = NOW_MS
    })
  })
}
