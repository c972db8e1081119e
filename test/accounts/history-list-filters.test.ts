/**
 * listSimulations' filters and offset, each against the same rows filtered in JavaScript: success,
 * since and until (both inclusive, to the millisecond), risk_level, their combination while paging
 * with the cursor, and offset alone or counted after a cursor's position.
 */
import t from 'tap'
import type { SimulationQuery, SimulationRecord } from '../../accounts/contract/index.js'
import { RISK_LEVELS } from '../../accounts/contract/history.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRecord, createUser, getNewestFirst, getSignatures, NOW_MS } from './history-fixtures.js'

const MINUTE_MS = 60_000

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: list filters`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const userId = await createUser(db)
    // 40 rows a minute apart; f-0 is the newest. Every 7th has no risk level.
    const records: SimulationRecord[] = Array.from({ length: 40 }, (_, i) =>
      createRecord(userId, {
        createdAtMs: NOW_MS - i * MINUTE_MS,
        signature: `f-${i}`,
        success: i % 3 !== 0,
        riskLevel: i % 7 === 0 ? null : (RISK_LEVELS[i % 5] ?? null),
      }),
    )
    await history.recordSimulations(records)
    const newestFirst = getNewestFirst(records)
    const list = async (query: Partial<SimulationQuery>) => history.listSimulations({ userId, limit: 200, ...query })
    const expect = (keep: (record: SimulationRecord) => boolean) => getNewestFirst(records.filter(keep))
    const at = (i: number) => NOW_MS - i * MINUTE_MS

    t.test('offset skips rows of the newest-first order', async (t) => {
      const middle = await list({ limit: 10, offset: 5 })
      t.same(getSignatures(middle.simulations), newestFirst.slice(5, 15))
      t.type(middle.next_cursor, 'string', 'rows follow: a cursor')
      const tail = await list({ limit: 10, offset: 35 })
      t.same(getSignatures(tail.simulations), newestFirst.slice(35))
      t.equal(tail.next_cursor, null, 'the last rows: no cursor')
      t.same((await list({ offset: 40 })).simulations, [], 'offset at the end: empty')
      t.same((await list({ offset: 1000 })).simulations, [], 'offset past the end: empty')
    })

    t.test('offset counts from the cursor position when both are given', async (t) => {
      const first = await list({ limit: 10 })
      const cursor = first.next_cursor ?? undefined
      t.type(cursor, 'string')
      const page = await list({ limit: 5, cursor, offset: 3 })
      t.same(getSignatures(page.simulations), newestFirst.slice(13, 18))
    })

    t.test('success filters both ways', async (t) => {
      const ok = await list({ success: true })
      t.same(
        getSignatures(ok.simulations),
        expect((r) => r.success),
      )
      t.ok(
        ok.simulations.every((item) => item.success),
        'only successes',
      )
      const failed = await list({ success: false })
      t.same(
        getSignatures(failed.simulations),
        expect((r) => !r.success),
      )
      t.equal(ok.simulations.length + failed.simulations.length, 40, 'together: every row')
    })

    t.test('since is inclusive to the millisecond', async (t) => {
      t.same(getSignatures((await list({ sinceMs: at(10) })).simulations), newestFirst.slice(0, 11), 'the row at since is in')
      t.same(getSignatures((await list({ sinceMs: at(10) + 1 })).simulations), newestFirst.slice(0, 10), '1 ms later: out')
      t.same((await list({ sinceMs: NOW_MS + 1 })).simulations, [], 'since in the future: nothing')
    })

    t.test('until is inclusive to the millisecond', async (t) => {
      t.same(getSignatures((await list({ untilMs: at(10) })).simulations), newestFirst.slice(10), 'the row at until is in')
      t.same(getSignatures((await list({ untilMs: at(10) - 1 })).simulations), newestFirst.slice(11), '1 ms earlier: out')
    })

    t.test('since and until together bound a window', async (t) => {
      const window = await list({ sinceMs: at(20), untilMs: at(12) })
      t.same(getSignatures(window.simulations), newestFirst.slice(12, 21))
      t.same((await list({ sinceMs: at(5), untilMs: at(6) })).simulations, [], 'since after until: nothing')
    })

    t.test('risk_level filters each level', async (t) => {
      for (const level of RISK_LEVELS) {
        const page = await list({ riskLevel: level })
        const expected = expect((r) => r.riskLevel === level)
        t.ok(expected.length > 0, `${level}: the fixture has some`)
        t.same(getSignatures(page.simulations), expected, level)
      }
    })

    t.test('filters combine, and the cursor walks the filtered rows', async (t) => {
      const expected = expect((r) => !r.success && r.riskLevel === 'high' && r.createdAtMs <= at(2))
      t.ok(expected.length >= 2, 'enough rows to need two pages')
      const seen: (string | null)[] = []
      let cursor: string | undefined
      for (let pages = 0; pages < 40; pages++) {
        const page = await list({ limit: 1, success: false, riskLevel: 'high', untilMs: at(2), cursor })
        seen.push(...getSignatures(page.simulations))
        if (page.next_cursor === null) break
        cursor = page.next_cursor
      }
      t.same(seen, expected, 'every matching row once, in order')
    })
  })
}
