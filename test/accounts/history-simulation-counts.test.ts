/**
 * Per-user simulation counts since a moment: what an edge with its quota in memory restores at
 * start. Only records at or after the moment count, every user separately, users with none absent.
 */
import t from 'tap'
import { getDatabaseKinds } from '../helpers/database.js'
import { createHistoryFixture, createRecord, createUser, NOW_MS } from './history-fixtures.js'

const HOUR_MS = 3_600_000

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: simulation counts since a moment`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const [alice, bob, carol] = [await createUser(db), await createUser(db), await createUser(db)]
    const since = NOW_MS - 10 * HOUR_MS
    await history.recordSimulations([
      ...Array.from({ length: 7 }, (_, index) => createRecord(alice, { createdAtMs: since + index * HOUR_MS })),
      createRecord(alice, { createdAtMs: since - 1 }),
      createRecord(bob, { createdAtMs: since }),
      createRecord(bob, { createdAtMs: since - HOUR_MS }),
      createRecord(carol, { createdAtMs: since - 1 }),
    ])
    const counts = await history.getSimulationCountsSince(since)
    t.same(
      counts.filter((count) => [alice, bob, carol].includes(count.userId)),
      [
        { userId: alice, simulations: 7 },
        { userId: bob, simulations: 1 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
      'the moment itself counts, the millisecond before does not; a user with none is absent',
    )
  })
}
