/**
 * Keyset paging through next_cursor: every row exactly once and in order, whether rows tie on
 * created_at, sit a microsecond apart, or new rows arrive while the client walks; and a user only
 * ever sees their own rows, whoever's cursor they pass.
 */
import t from 'tap'
import type { HistoryService, SimulationHistoryItem, SimulationQuery } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRecord, createSeries, createUser, getNewestFirst, getSignatures, NOW_MS } from './history-fixtures.js'

/** Every page of `query` from the newest on, following next_cursor; `between` runs before each next page. */
async function walk(
  history: HistoryService,
  query: SimulationQuery,
  between: (pageIndex: number) => Promise<unknown> = async () => undefined,
): Promise<SimulationHistoryItem[][]> {
  const pages: SimulationHistoryItem[][] = []
  let cursor = query.cursor
  for (;;) {
    const page = await history.listSimulations({ ...query, cursor })
    pages.push(page.simulations)
    if (page.next_cursor === null) return pages
    if (pages.length > 1000) throw new Error('the walk does not end')
    cursor = page.next_cursor
    await between(pages.length)
  }
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: cursor paging`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)

    t.test('120 rows in pages of 25: every row once, in order', async (t) => {
      const userId = await createUser(db)
      const records = createSeries(userId, 120, 'walk')
      await history.recordSimulations(records)
      const pages = await walk(history, { userId, limit: 25 })
      t.same(
        pages.map((page) => page.length),
        [25, 25, 25, 25, 20],
        'five pages, the last one short',
      )
      t.same(getSignatures(pages.flat()), getNewestFirst(records), 'all 120 in newest-first order')
    })

    t.test('a row count that fills the last page exactly ends without an empty page', async (t) => {
      const userId = await createUser(db)
      await history.recordSimulations(createSeries(userId, 100, 'exact'))
      const pages = await walk(history, { userId, limit: 25 })
      t.same(
        pages.map((page) => page.length),
        [25, 25, 25, 25],
      )
    })

    t.test('rows sharing one created_at page by id, none lost at page edges', async (t) => {
      const userId = await createUser(db)
      const ties = Array.from({ length: 60 }, (_, i) => createRecord(userId, { createdAtMs: NOW_MS - 5000, signature: `tie-${i}` }))
      await history.recordSimulations(ties)
      const items = (await walk(history, { userId, limit: 7 })).flat()
      t.equal(items.length, 60)
      t.equal(new Set(items.map((item) => item.id)).size, 60, 'no duplicates')
      const ids = items.map((item) => item.id)
      t.same(ids, [...ids].sort().reverse(), 'id descending')
    })

    t.test('rows a microsecond apart: the cursor keeps full precision', async (t) => {
      const userId = await createUser(db)
      // The service writes milliseconds; PostgreSQL keeps microseconds, and a cursor that dropped them
      // would skip the rows of the same millisecond that lie beyond a page edge.
      await db.query(
        `INSERT INTO simulations (user_id, created_at, success, latency_ms, signature)
         SELECT $1, '2024-03-10T12:00:00.123000Z'::timestamptz + i * interval '1 microsecond', true, 1, 'us-' || i
         FROM generate_series(0, 19) AS i`,
        [userId],
      )
      const pages = await walk(history, { userId, limit: 3 })
      const expected = Array.from({ length: 20 }, (_, i) => `us-${19 - i}`)
      t.same(getSignatures(pages.flat()), expected, 'all 20 once, newest first')
      t.equal(pages[0]?.[0]?.created_at, '2024-03-10T12:00:00.123Z', 'items carry millisecond ISO times')
    })

    t.test('rows recorded during the walk neither repeat nor push out pre-existing rows', async (t) => {
      const userId = await createUser(db)
      const existing = createSeries(userId, 120, 'old')
      await history.recordSimulations(existing)
      let added = 0
      const addNewer = async () => {
        const batch = createSeries(userId, 10, `new-${added}`, NOW_MS + 60_000 * (added + 1))
        added++
        await history.recordSimulations(batch)
      }
      // New rows land before each page and, concurrently, while the first page is read.
      const [, firstPage] = await Promise.all([addNewer(), history.listSimulations({ userId, limit: 25 })])
      const rest = firstPage.next_cursor ? (await walk(history, { userId, limit: 25, cursor: firstPage.next_cursor }, addNewer)).flat() : []
      const items = [...firstPage.simulations, ...rest]
      // One batch with the first page (before or after it is read: a race), then one before each
      // later page but the last: 120 pre-existing rows in pages of 25 make at least 4.
      t.ok(added >= 4, 'rows were added throughout the walk')
      t.equal(new Set(items.map((item) => item.id)).size, items.length, 'no row seen twice')
      const old = getSignatures(items).filter((signature) => signature?.startsWith('old-'))
      t.same(old, getNewestFirst(existing), 'every pre-existing row once, in order')
      const [{ n } = { n: '0' }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM simulations WHERE user_id = $1', [userId])
      t.equal(Number(n), 120 + added * 10, 'the new rows were stored')
    })

    t.test("another user's rows never appear, whatever cursor is passed", async (t) => {
      const alice = await createUser(db)
      const bob = await createUser(db)
      // Interleaved in time, so a leak would show inside every page.
      const aliceRecords = createSeries(alice, 40, 'alice', NOW_MS - 86_400_000)
      const bobRecords = createSeries(bob, 40, 'bob', NOW_MS - 86_400_000 + 500)
      await history.recordSimulations([...aliceRecords, ...bobRecords])
      const aliceItems = (await walk(history, { userId: alice, limit: 15 })).flat()
      t.same(getSignatures(aliceItems), getNewestFirst(aliceRecords), "alice sees her 40 and nothing of bob's")
      const bobCursor = (await history.listSimulations({ userId: bob, limit: 10 })).next_cursor ?? undefined
      t.type(bobCursor, 'string')
      const withBobsCursor = await history.listSimulations({ userId: alice, limit: 200, cursor: bobCursor })
      t.ok(withBobsCursor.simulations.length > 0, "bob's cursor is only a position")
      t.ok(
        getSignatures(withBobsCursor.simulations).every((s) => s?.startsWith('alice-')),
        "still only alice's rows",
      )
      const nobody = await createUser(db)
      t.same(await history.listSimulations({ userId: nobody, limit: 50 }), { simulations: [], next_cursor: null }, 'a new user: empty')
      const aliceStats = await history.getUserStats(alice)
      t.equal(aliceStats.total_simulations, 40, "stats count only alice's rows")
    })
  })
}
