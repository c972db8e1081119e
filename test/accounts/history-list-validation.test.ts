/**
 * listSimulations rejects what a client can get wrong with `validation_error` naming the field, before
 * any SQL runs: limits outside 1..200, negative offsets, unknown risk levels, forged cursors, and
 * SQL injection attempts through them, which leave every table as it was.
 */
import t from 'tap'
import type { SimulationQuery } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertValidationError, createHistoryFixture, createSeries, createUser } from './history-fixtures.js'

const INJECTIONS = ["high' OR '1'='1", "'; DROP TABLE simulations; --", "low'); DELETE FROM users; --", 'high\u0000']

const toCursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
const GOOD_TIME = '2024-03-10T15:30:00.123456Z'
const GOOD_ID = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: list validation`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const userId = await createUser(db)
    await history.recordSimulations(createSeries(userId, 30, 'v'))
    const list = (query: Partial<SimulationQuery>) => history.listSimulations({ userId, limit: 10, ...query })

    t.test('limit must be an integer from 1 to 200', async (t) => {
      for (const limit of [0, 201, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        await assertValidationError(t, list({ limit }), /^limit:/, `limit ${limit}`)
      }
      t.equal((await list({ limit: 1 })).simulations.length, 1, 'limit 1 accepted')
      t.equal((await list({ limit: 200 })).simulations.length, 30, 'limit 200 accepted')
    })

    t.test('offset must be an integer ≥ 0', async (t) => {
      for (const offset of [-1, 0.5, Number.NaN]) {
        await assertValidationError(t, list({ offset }), /^offset:/, `offset ${offset}`)
      }
      t.equal((await list({ offset: 0 })).simulations.length, 10, 'offset 0 accepted')
    })

    t.test('risk_level must be one of the risk levels', async (t) => {
      const before = db.queryCount
      for (const riskLevel of ['none', 'HIGH', '', ' high', ...INJECTIONS]) {
        await assertValidationError(t, list({ riskLevel }), /^risk_level:/, `risk level ${JSON.stringify(riskLevel)}`)
      }
      t.equal(db.queryCount, before, 'rejected before any SQL ran')
    })

    t.test('since and until must be times', async (t) => {
      await assertValidationError(t, list({ sinceMs: Number.NaN }), /^since:/, 'since NaN')
      await assertValidationError(t, list({ untilMs: 9e15 }), /^until:/, 'until past year 275760')
    })

    t.test('a cursor this service did not issue is rejected', async (t) => {
      const genuine = (await list({ limit: 5 })).next_cursor
      if (typeof genuine !== 'string') throw new Error('expected a cursor to tamper with')
      const forged: [string, string][] = [
        ['empty', ''],
        ['not base64url', 'not a cursor!'],
        ['base64 padding', `${genuine}=`],
        ['non-canonical trailing bits', `${genuine}A`],
        ['standard base64 with padding', Buffer.from(`${GOOD_TIME}|${GOOD_ID}`).toString('base64')],
        ['plain text', toCursor('hello')],
        ['no id', toCursor(GOOD_TIME)],
        ['three parts', toCursor(`${GOOD_TIME}|${GOOD_ID}|x`)],
        ['month 13', toCursor(`2024-13-10T15:30:00.123456Z|${GOOD_ID}`)],
        ['February 30', toCursor(`2024-02-30T15:30:00.123456Z|${GOOD_ID}`)],
        ['hour 24', toCursor(`2024-03-10T24:00:00.000000Z|${GOOD_ID}`)],
        ['millisecond time', toCursor(`2024-03-10T15:30:00.123Z|${GOOD_ID}`)],
        ['not a uuid', toCursor(`${GOOD_TIME}|${GOOD_ID.slice(0, -1)}g`)],
        ['injection in the id', toCursor(`${GOOD_TIME}|'; DROP TABLE simulations; --`)],
        ['injection in the time', toCursor(`2024-03-10'); DELETE FROM users; --|${GOOD_ID}`)],
        ['injection as the cursor', "'; DROP TABLE simulations; --"],
        ['too long', toCursor(`${GOOD_TIME}|${GOOD_ID}`).repeat(10)],
      ]
      const before = db.queryCount
      for (const [label, cursor] of forged) {
        await assertValidationError(t, list({ cursor }), /^cursor:/, label)
      }
      t.equal(db.queryCount, before, 'rejected before any SQL ran')
      t.equal((await list({ cursor: genuine })).simulations.length, 10, 'the genuine cursor still works')
    })

    t.test('a userId that is not a UUID is rejected, not a database error', async (t) => {
      await assertValidationError(t, history.listSimulations({ userId: "x' OR '1'='1", limit: 10 }), /^userId:/, 'list')
      await assertValidationError(t, history.getUserStats('not-a-uuid'), /^userId:/, 'stats')
    })

    t.test('the tables are intact after every attempt', async (t) => {
      const [simulations] = await db.query<{ n: string }>('SELECT count(*) AS n FROM simulations')
      const [users] = await db.query<{ n: string }>('SELECT count(*) AS n FROM users')
      t.equal(Number(simulations?.n), 30, 'every simulation row is still there')
      t.equal(Number(users?.n), 1, 'the user row is still there')
      t.equal((await list({ limit: 200 })).simulations.length, 30, 'and the history still lists')
    })
  })
}
