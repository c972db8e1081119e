/**
 * recordSimulations → listSimulations round trip: every field comes back with its type, rows come
 * newest first with the id breaking ties, a batch is one statement (an empty one none), and a
 * 1,000-row batch fits that one statement.
 */
import t from 'tap'
import type { SimulationHistoryItem } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRecord, createSeries, createUser, getNewestFirst, getSignatures, NOW_MS } from './history-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: record and list`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)

    t.test('every field survives the round trip, typed as SimulationHistoryItem', async (t) => {
      const userId = await createUser(db)
      const apiKeyId = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d'
      const full = createRecord(userId, {
        apiKeyId,
        createdAtMs: NOW_MS - 1,
        success: false,
        decision: 'block',
        riskLevel: 'critical',
        mevScore: 0.875,
        mevLevel: 'high',
        failureCode: 'insufficient_sol',
        failureReason: 'fee payer lacks SOL for fees',
        computeUnits: 1_400_000,
        feeEstimateSol: 0.000015,
        latencyMs: 0.183,
        signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
        cached: true,
      })
      const bare = createRecord(userId, {
        createdAtMs: NOW_MS - 2,
        decision: null,
        riskLevel: null,
        mevScore: null,
        mevLevel: null,
        computeUnits: null,
        feeEstimateSol: null,
        latencyMs: 12,
      })
      await history.recordSimulations([bare, full])
      const page = await history.listSimulations({ userId, limit: 10 })
      t.equal(page.next_cursor, null, 'two rows fit one page')
      t.equal(page.simulations.length, 2)
      const [first, second] = page.simulations as [SimulationHistoryItem, SimulationHistoryItem]
      t.match(first.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'id is a UUID string')
      t.strictSame(
        { ...first, id: 'x' },
        {
          id: 'x',
          created_at: new Date(NOW_MS - 1).toISOString(),
          success: false,
          decision: 'block',
          risk_level: 'critical',
          mev_score: 0.875,
          mev_level: 'high',
          failure_code: 'insufficient_sol',
          failure_reason: 'fee payer lacks SOL for fees',
          compute_units: 1_400_000,
          fee_estimate_sol: 0.000015,
          latency_ms: 0.183,
          signature: full.signature,
          api_key_id: apiKeyId,
          cached: true,
          kind: 'simulate',
          transaction: null,
        },
        'the full record, newest first',
      )
      t.strictSame(
        { ...second, id: 'x' },
        {
          id: 'x',
          created_at: new Date(NOW_MS - 2).toISOString(),
          success: true,
          decision: null,
          risk_level: null,
          mev_score: null,
          mev_level: null,
          failure_code: null,
          failure_reason: null,
          compute_units: null,
          fee_estimate_sol: null,
          latency_ms: 12,
          signature: null,
          api_key_id: null,
          cached: false,
          kind: 'simulate',
          transaction: null,
        },
        'NULLs stay null, numbers are numbers',
      )
    })

    t.test('newest first by created_at, then by id among equal times', async (t) => {
      const userId = await createUser(db)
      // 10 distinct times, shuffled, and 6 rows sharing one millisecond.
      const distinct = createSeries(userId, 10, 'order', NOW_MS - 60_000)
      const shuffled = [...distinct.filter((_, i) => i % 2 === 1), ...distinct.filter((_, i) => i % 2 === 0).reverse()]
      const ties = Array.from({ length: 6 }, (_, i) => createRecord(userId, { createdAtMs: NOW_MS - 30_000, signature: `tie-${i}` }))
      await history.recordSimulations([...shuffled, ...ties])
      const { simulations } = await history.listSimulations({ userId, limit: 200 })
      t.equal(simulations.length, 16)
      t.same(getSignatures(simulations.slice(0, 6)).sort(), ties.map((r) => r.signature).sort(), 'the newer tie group first')
      const tieIds = simulations.slice(0, 6).map((item) => item.id)
      t.same(tieIds, [...tieIds].sort().reverse(), 'equal times: id descending')
      t.same(getSignatures(simulations.slice(6)), getNewestFirst(distinct), 'then the series, newest first')
    })

    t.test('a batch is one statement; an empty batch sends none', async (t) => {
      const userId = await createUser(db)
      const before = db.queryCount
      await history.recordSimulations([])
      t.equal(db.queryCount, before, 'empty batch: no query')
      await history.recordSimulations(createSeries(userId, 40, 'one-statement'))
      t.equal(db.queryCount, before + 1, '40 records: one query')
      const { simulations } = await history.listSimulations({ userId, limit: 200 })
      t.equal(simulations.length, 40)
    })

    t.test('a 1,000-row batch is one statement and every row lands', async (t) => {
      const userId = await createUser(db)
      const records = createSeries(userId, 1000, 'big').map((record, i) => ({
        ...record,
        latencyMs: 0.1 + i / 1000,
        failureReason: record.success ? null : `reason ${i} with 'quotes' and , commas`,
      }))
      const before = db.queryCount
      await history.recordSimulations(records)
      t.equal(db.queryCount, before + 1, 'one query for 1,000 rows')
      const [row] = await db.query<{ n: string; latency: number }>(
        'SELECT count(*) AS n, sum(latency_ms) AS latency FROM simulations WHERE user_id = $1',
        [userId],
      )
      t.equal(Number(row?.n), 1000, '1,000 rows stored')
      const expectedLatency = records.reduce((sum, record) => sum + record.latencyMs, 0)
      t.ok(Math.abs((row?.latency ?? 0) - expectedLatency) < 1e-6, 'latencies stored as sent')
      const { simulations } = await history.listSimulations({ userId, limit: 200, offset: 800 })
      t.same(getSignatures(simulations), getNewestFirst(records).slice(800, 1000), 'the oldest 200 in order')
      t.equal(simulations.at(-1)?.failure_reason, records[999]?.failureReason ?? null, 'text with quotes intact')
    })

    t.test('text an array literal must escape comes back as sent; a non-finite number is NULL', async (t) => {
      // The rows cross as one array per column (simulation-insert.ts): each of these is a value an
      // array literal quotes or escapes, or one that would read as NULL or as several elements.
      const texts = ['say "hi"', 'back\\slash \\"', '{braces}', 'NULL', 'null', '', ' padded ', 'a,b', 'ünïcødé ✓ 🚀', 'line\nbreak\ttab']
      const userId = await createUser(db)
      const records = texts.map((text, i) =>
        createRecord(userId, { createdAtMs: NOW_MS - i, failureReason: text, decision: text, signature: `escape-${i}` }),
      )
      const nonFinite = createRecord(userId, {
        createdAtMs: NOW_MS - 100,
        mevScore: Number.NaN,
        feeEstimateSol: Infinity,
        signature: 'nan',
      })
      await history.recordSimulations([...records, nonFinite])
      const { simulations } = await history.listSimulations({ userId, limit: 200 })
      t.same(
        simulations.slice(0, texts.length).map((item) => [item.failure_reason, item.decision]),
        texts.map((text) => [text, text]),
        'each text intact, none read as NULL',
      )
      const stored = simulations.find((item) => item.signature === 'nan')
      t.same([stored?.mev_score, stored?.fee_estimate_sol], [null, null], 'NaN and Infinity stored as NULL')
    })

    t.test('limit bounds the page and signals more with next_cursor', async (t) => {
      const userId = await createUser(db)
      const records = createSeries(userId, 30, 'limit')
      await history.recordSimulations(records)
      const small = await history.listSimulations({ userId, limit: 10 })
      t.same(getSignatures(small.simulations), getNewestFirst(records).slice(0, 10))
      t.type(small.next_cursor, 'string', 'more rows: a cursor')
      const one = await history.listSimulations({ userId, limit: 1 })
      t.same(getSignatures(one.simulations), ['limit-0'], 'limit 1: the newest')
      const all = await history.listSimulations({ userId, limit: 200 })
      t.equal(all.simulations.length, 30)
      t.equal(all.next_cursor, null, 'everything returned: no cursor')
      const exact = await history.listSimulations({ userId, limit: 30 })
      t.equal(exact.simulations.length, 30)
      t.equal(exact.next_cursor, null, 'limit equal to the row count: no cursor')
    })
  })
}
