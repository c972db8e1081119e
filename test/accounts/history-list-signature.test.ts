/**
 * listSimulations' `signature` filter: only the caller's records of that transaction, newest
 * first; a record without a signature never matches; it combines with the other filters and with
 * the cursor; another user's records of the same signature stay theirs; a value that is not a
 * base58 signature of 64 bytes is `validation_error` before any SQL runs; and the search reads the
 * (user_id, signature) index rather than the user's whole history.
 */
import t from 'tap'
import type { SimulationQuery, SimulationRecord } from '../../accounts/contract/index.js'
import { toBase58 } from '../../lib/base58.js'
import { getDatabaseKinds } from '../helpers/database.js'
import {
  assertValidationError,
  createHistoryFixture,
  createRandom,
  createRecord,
  createUser,
  getSignatures,
  NOW_MS,
} from './history-fixtures.js'

const SECOND_MS = 1000

/** A signature's base58 text from seeded random bytes (a real one is 87 or 88 characters). */
function createSignature(random: () => number): string {
  return toBase58(Uint8Array.from({ length: 64 }, () => Math.floor(random() * 256)))
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: list by signature`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const random = createRandom(20_240_310)
    const [owner, other, stranger] = [await createUser(db), await createUser(db), await createUser(db)]
    const [sought, single, unknown] = [createSignature(random), createSignature(random), createSignature(random)]
    t.ok(sought.length >= 86 && sought.length <= 88, 'a realistic signature', { length: sought.length })

    // The owner's history: the sought transaction simulated twice (a failure, then a success) and
    // executed, one other signed record, and unsigned records between them all.
    const ownerRecords: SimulationRecord[] = [
      createRecord(owner, { createdAtMs: NOW_MS - 10 * SECOND_MS, signature: sought, success: false, riskLevel: 'high' }),
      createRecord(owner, { createdAtMs: NOW_MS - 8 * SECOND_MS, signature: null }),
      createRecord(owner, { createdAtMs: NOW_MS - 6 * SECOND_MS, signature: sought, success: true, riskLevel: 'safe' }),
      createRecord(owner, { createdAtMs: NOW_MS - 5 * SECOND_MS, signature: single }),
      createRecord(owner, { createdAtMs: NOW_MS - 4 * SECOND_MS, signature: null, success: false }),
      createRecord(owner, { createdAtMs: NOW_MS - 2 * SECOND_MS, signature: sought, kind: 'execute', riskLevel: 'safe' }),
      createRecord(owner, { createdAtMs: NOW_MS - 1 * SECOND_MS, signature: null }),
    ]
    // Another user simulated the very same transaction: their record is theirs alone.
    const otherRecords = [createRecord(other, { createdAtMs: NOW_MS - 3 * SECOND_MS, signature: sought, riskLevel: 'low' })]
    await history.recordSimulations([...ownerRecords, ...otherRecords])
    const list = (userId: string, query: Partial<SimulationQuery>) => history.listSimulations({ userId, limit: 50, ...query })
    const soughtTimes = ownerRecords
      .filter((record) => record.signature === sought)
      .map((record) => new Date(record.createdAtMs).toISOString())
      .reverse()

    t.test('only the caller’s records of that transaction, newest first', async (t) => {
      const page = await list(owner, { signature: sought })
      t.same(getSignatures(page.simulations), [sought, sought, sought])
      t.same(
        page.simulations.map((item) => item.created_at),
        soughtTimes,
        'newest first',
      )
      t.same(
        page.simulations.map((item) => item.kind),
        ['execute', 'simulate', 'simulate'],
      )
      t.equal(page.next_cursor, null, 'one page holds them')
      t.same(getSignatures((await list(owner, { signature: single })).simulations), [single], 'a signature with one record')
    })

    t.test('a signature the caller has no record of: an empty page', async (t) => {
      t.same(await list(owner, { signature: unknown }), { simulations: [], next_cursor: null })
    })

    t.test('another user’s signature reads only the caller’s rows', async (t) => {
      t.same(await list(stranger, { signature: sought }), { simulations: [], next_cursor: null }, 'a user without records of it: empty')
      t.same(await list(stranger, { signature: single }), { simulations: [], next_cursor: null })
      const theirs = await list(other, { signature: sought })
      t.same(
        theirs.simulations.map((item) => item.risk_level),
        ['low'],
        'the other user sees their own record of the same transaction only',
      )
      t.same((await list(other, { signature: single })).simulations, [], "and none of the owner's")
    })

    t.test('it combines with the other filters', async (t) => {
      const failed = await list(owner, { signature: sought, success: false })
      t.same(
        failed.simulations.map((item) => item.created_at),
        soughtTimes.slice(2),
        'success=false',
      )
      const safe = await list(owner, { signature: sought, riskLevel: 'safe' })
      t.same(
        safe.simulations.map((item) => item.created_at),
        soughtTimes.slice(0, 2),
        'risk_level=safe',
      )
      const window = await list(owner, { signature: sought, sinceMs: NOW_MS - 7 * SECOND_MS, untilMs: NOW_MS - 3 * SECOND_MS })
      t.same(
        window.simulations.map((item) => item.created_at),
        [soughtTimes[1]],
        'since and until',
      )
      t.same((await list(owner, { signature: single, success: false })).simulations, [], 'no record of it matches: empty')
    })

    t.test('the cursor and offset walk the signature’s records', async (t) => {
      const seen: string[] = []
      let cursor: string | undefined
      for (let pages = 0; pages < 10; pages++) {
        const page = await list(owner, { signature: sought, limit: 1, cursor })
        seen.push(...page.simulations.map((item) => item.created_at))
        if (page.next_cursor === null) break
        cursor = page.next_cursor
      }
      t.same(seen, soughtTimes, 'every record of it once, in order')
      const skipped = await list(owner, { signature: sought, limit: 1, offset: 1 })
      t.same(
        skipped.simulations.map((item) => item.created_at),
        [soughtTimes[1]],
        'offset',
      )
      t.type(skipped.next_cursor, 'string', 'one more follows')
    })

    t.test('a value that is not a base58 signature of 64 bytes is rejected before any SQL', async (t) => {
      const before = db.queryCount
      for (const signature of [
        '',
        'f-0',
        'x'.repeat(63),
        '2'.repeat(89),
        `${sought.slice(0, -1)}0`,
        `${sought.slice(0, -1)}I`,
        ` ${sought}`,
        `${sought}' OR '1'='1`,
        "'; DROP TABLE simulations; --",
      ]) {
        await assertValidationError(t, list(owner, { signature }), /^signature:/, JSON.stringify(signature))
      }
      t.equal(db.queryCount, before, 'no SQL ran')
      const [rows] = await db.query<{ n: string }>('SELECT count(*) AS n FROM simulations')
      t.equal(Number(rows?.n), ownerRecords.length + otherRecords.length, 'the table is intact')
    })

    t.test('the search reads the (user_id, signature) index', async (t) => {
      // Enough of the owner's history that reading it all would not be the plan anyway.
      const bulk = Array.from({ length: 2_000 }, (_, i) =>
        createRecord(owner, { createdAtMs: NOW_MS - (100 + i) * SECOND_MS, signature: i % 2 === 0 ? null : createSignature(random) }),
      )
      await history.recordSimulations(bulk)
      await db.query('ANALYZE simulations')
      const plan = await db.transaction(async (client) => {
        // Only index paths remain: the planner picks the index that answers the search.
        await client.query('SET LOCAL enable_seqscan = off')
        const rows = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM simulations WHERE user_id = $1 AND signature = $2 ORDER BY created_at DESC, id DESC LIMIT 51`,
          [owner, sought],
        )
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      })
      t.match(plan, /simulations_user_signature/, 'the partial index on (user_id, signature, created_at, id)', { plan })
      t.same(
        getSignatures((await list(owner, { signature: sought })).simulations),
        [sought, sought, sought],
        'the same three records among 2,000 more',
      )
    })
  })
}
