/**
 * toBinaryArray: the bytes of PostgreSQL's binary array form, each element type read back as sent
 * by both databases (the history insert's whole round trip is in history-record-list.test.ts), and
 * a value of the wrong type refused before anything is sent.
 */
import t from 'tap'
import { BinaryElementError, toBinaryArray, type BinaryElement, type BinaryElementType } from '../../accounts/db/binary-array.js'
import { insertSimulations } from '../../accounts/history/simulation-insert.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestDatabase, getDatabaseKinds } from '../helpers/database.js'
import { createRecord } from './history-fixtures.js'

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32BE(value)
  return [...bytes]
}

t.test('the layout: one dimension, the has-nulls flag, the type, then each length and its bytes', async (t) => {
  t.same(
    [...toBinaryArray('integer', [1, null, -2])],
    [...int32(1), ...int32(1), ...int32(23), ...int32(3), ...int32(1), ...int32(4), ...int32(1), ...int32(-1), ...int32(4), ...int32(-2)],
  )
  t.same([...toBinaryArray('boolean', [true, false]).subarray(4, 8)], int32(0), 'no NULL: the flag is 0')
  t.same([...toBinaryArray('text', [undefined]).subarray(20)], int32(-1), 'undefined is NULL')
  t.same([...toBinaryArray('text', ['ü']).subarray(20)], [...int32(2), 0xc3, 0xbc], 'text in UTF-8, its length in bytes')
  t.same([...toBinaryArray('uuid', []).subarray(12, 16)], int32(0), 'an empty array has length 0')
})

t.test('a value not of its type is refused with its index', async (t) => {
  const refusals: Array<[BinaryElementType, BinaryElement]> = [
    ['uuid', 'not-a-uuid'],
    ['uuid', '6f1c2b8e3d4a4f5b9c6d7e8f9a0b1c2d'],
    ['integer', 1.5],
    ['integer', 2 ** 31],
    ['bigint', '9223372036854775808'],
    ['bigint', '1e3'],
    ['text', 42],
    ['boolean', 'true'],
    ['double precision', '0.5'],
    ['timestamptz', Number.NaN],
    ['timestamptz', 8.64e15 + 1],
  ]
  for (const [type, value] of refusals) {
    t.throws(() => toBinaryArray(type, [null, value]), new BinaryElementError(1, type), `${type}: ${String(value)}`)
  }
})

t.test('a record whose value its column cannot take is a validation error, and nothing is sent', async (t) => {
  let queries = 0
  const db = {
    query: async () => {
      queries++
      return []
    },
  }
  const error = await insertSimulations(db as never, [createRecord('6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d'), createRecord('user-7')]).catch(
    (caught: unknown) => caught,
  )
  t.ok(isServiceError(error) && error.code === 'validation_error', 'validation_error')
  t.match((error as Error).message, 'records[1].user_id: must be a uuid')
  t.equal(queries, 0)
})

const YEAR_1_MS = -62_135_596_800_000
const YEAR_9999_END_MS = 253_402_300_799_999

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: each element type reads back as sent`, async (t) => {
    const db = await createTestDatabase(t, kind)
    const readBack = async (type: BinaryElementType, values: BinaryElement[], asText = `value::text`) => {
      const rows = await db.query<{ value: unknown }>(
        `SELECT ${asText} AS value FROM unnest($1::${type}[]) WITH ORDINALITY AS u(value, n) ORDER BY n`,
        [toBinaryArray(type, values)],
      )
      return rows.map((row) => row.value)
    }
    t.same(await readBack('uuid', ['6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d', null, '6F1C2B8E-3D4A-4F5B-9C6D-7E8F9A0B1C2E']), [
      '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d',
      null,
      '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2e',
    ])
    t.same(await readBack('text', ['', 'say "hi"', 'back\\slash', 'ünïcødé ✓ 🚀', 'a,b', 'NULL', null]), [
      '',
      'say "hi"',
      'back\\slash',
      'ünïcødé ✓ 🚀',
      'a,b',
      'NULL',
      null,
    ])
    t.same(await readBack('boolean', [true, false, undefined]), ['true', 'false', null])
    t.same(await readBack('integer', [-(2 ** 31), 0, 2 ** 31 - 1]), ['-2147483648', '0', '2147483647'])
    t.same(await readBack('bigint', ['-9223372036854775808', '0', '9223372036854775807']), [
      '-9223372036854775808',
      '0',
      '9223372036854775807',
    ])
    t.same(await readBack('double precision', [0.1, -1e300, 5e-324, 1_400_000.25], 'value'), [0.1, -1e300, 5e-324, 1_400_000.25])
    const times = [YEAR_1_MS, -1, 0, 946_684_800_000, 1_796_304_969_123, YEAR_9999_END_MS]
    t.same(
      await readBack('timestamptz', times, `(extract(epoch FROM value) * 1000)::bigint::text`),
      times.map(String),
      'epoch milliseconds, from year 1 to 9999, before and after either epoch',
    )
    t.same(
      await readBack('timestamptz', [1_796_304_969_123.9], `(extract(epoch FROM value) * 1000)::bigint::text`),
      ['1796304969123'],
      'a fraction of a millisecond dropped, as a Date drops it',
    )
  })
}
