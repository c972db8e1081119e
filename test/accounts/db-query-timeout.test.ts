/**
 * Every query has a deadline: a statement that runs on (a lock never granted, a stuck embedded
 * database) fails instead of holding its connection, and with it the pool's close and the
 * service's shutdown, forever. PostgreSQL cancels it (57014, the statement's own failure). PGlite
 * ignores statement_timeout, so there the driver's own deadline is what ends the wait: a database that
 * does not answer in time is accounts_unavailable (accounts/db/database-unavailable.ts), with the
 * driver's error as its cause; the connection is replaced and the next query works.
 */
import t from 'tap'
import { createDatabase, type Database } from '../../accounts/db/database.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestEmbeddedDatabase, getDatabaseKinds, type DatabaseKind } from '../helpers/database.js'

const QUERY_TIMEOUT_MS = 300

async function openShortDeadlineDatabase(t: Parameters<typeof createTestEmbeddedDatabase>[0], kind: DatabaseKind): Promise<Database> {
  if (kind === 'embedded') return (await createTestEmbeddedDatabase(t, { queryTimeoutMs: QUERY_TIMEOUT_MS })).db
  const db = createDatabase({ url: process.env.DATABASE_URL as string, maxConnections: 2, queryTimeoutMs: QUERY_TIMEOUT_MS })
  t.teardown(() => db.close())
  return db
}

/** What a statement past its deadline fails with: PostgreSQL's cancel, or (PGlite) the driver's read timeout as accounts_unavailable. */
async function assertDeadlineFailure(
  t: Parameters<typeof createTestEmbeddedDatabase>[0],
  kind: DatabaseKind,
  work: Promise<unknown>,
  label: string,
) {
  const failure = await work.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (kind === 'postgres') t.match(failure, { code: '57014', message: /canceling statement/i }, label)
  else {
    t.ok(isServiceError(failure, 'accounts_unavailable'), `${label}: accounts_unavailable`, { got: String(failure) })
    t.match((failure as Error | undefined)?.cause, { message: /timeout/i }, `${label}: the driver's read timeout as its cause`)
  }
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: a statement past its deadline fails, and the pool still closes`, async (t) => {
    const db = await openShortDeadlineDatabase(t, kind)
    await assertDeadlineFailure(t, kind, db.query('SELECT pg_sleep(2)'), 'a plain query past the deadline fails')
    await assertDeadlineFailure(
      t,
      kind,
      db.transaction((client) => client.query('SELECT pg_sleep(2)')),
      'a statement inside a transaction past the deadline fails (and is rolled back)',
    )
    t.same(await db.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }], 'the next query is answered')
    await db.close()
    t.pass('close finished')
  })
}
