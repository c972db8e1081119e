/**
 * A record delivered twice is stored once: the edge's journal replays, after a crash, records
 * whose first delivery may already have committed. The recordId decides; records without one
 * (older edges) are stored each time, as before; a malformed one is a validation error, never a
 * uuid cast error.
 */
import { randomUUID } from 'node:crypto'
import t from 'tap'
import { isServiceError } from '../../lib/errors.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRecord, createUser, NOW_MS } from './history-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: redelivered records are stored once`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const userId = await createUser(db)
    const batch = Array.from({ length: 5 }, (_, index) =>
      createRecord(userId, { createdAtMs: NOW_MS - index, recordId: randomUUID(), signature: `sig-${index}` }),
    )
    await history.recordSimulations(batch)
    // A replay overlapping the first delivery, with two records the first never had.
    const more = [
      createRecord(userId, { createdAtMs: NOW_MS - 10, recordId: randomUUID() }),
      createRecord(userId, { createdAtMs: NOW_MS - 11, recordId: randomUUID() }),
    ]
    await history.recordSimulations([...batch.slice(2), ...more, ...batch.slice(0, 2)])
    const page = await history.listSimulations({ userId, limit: 50 })
    t.equal(page.simulations.length, 7, 'the five once, and the two new ones')
    t.same(
      page.simulations
        .filter((item) => item.signature?.startsWith('sig-'))
        .map((item) => item.signature)
        .sort(),
      ['sig-0', 'sig-1', 'sig-2', 'sig-3', 'sig-4'],
    )

    const anonymous = createRecord(userId, { createdAtMs: NOW_MS - 20 })
    await history.recordSimulations([anonymous])
    await history.recordSimulations([anonymous])
    t.equal(
      (await history.listSimulations({ userId, limit: 50 })).simulations.length,
      9,
      'records without an identity are stored each time',
    )

    const error = await history.recordSimulations([createRecord(userId, { recordId: 'not-a-uuid' })]).catch((e: unknown) => e)
    t.ok(isServiceError(error, 'validation_error'), 'a malformed recordId is a validation error', { error })
  })
}
