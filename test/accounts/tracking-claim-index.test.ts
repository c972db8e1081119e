/**
 * The claim of unresolved tracking records reads the partial index of migration 0005, not the
 * table: final records pile up forever, and a claim runs every few seconds. With sequential scans
 * priced out, the plan must name the index; it cannot when the claim's status list or order drift
 * from the index's predicate.
 */
import t from 'tap'
import { CLAIM_SQL } from '../../accounts/tracking/tracking-claim.js'
import { createTestDatabase, getDatabaseKinds } from '../helpers/database.js'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: the claim is served by tracked_transactions_unresolved`, async (t) => {
    const db = await createTestDatabase(t, kind)
    const now = new Date('2031-05-04T10:00:00.000Z')
    const plan = await db.transaction(async (client) => {
      await client.query('SET LOCAL enable_seqscan = off')
      const rows = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${CLAIM_SQL}`, [now, new Date(now.getTime() + 30_000), 100])
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    t.match(plan, /tracked_transactions_unresolved/, 'the partial index is used', { plan })
  })
}
