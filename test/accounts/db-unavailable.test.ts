/**
 * A database that cannot be reached is the catalogue's accounts_unavailable (503, Retry-After), told
 * apart from a statement's own failure by the error's class and SQLSTATE: refused, cut or terminated
 * connections are unavailability; a constraint or a syntax error stays the driver's error (its own
 * code, or a 500). Against the real server (DATABASE_URL) and the embedded one, each behind a TCP
 * proxy the test cuts, so the shared server keeps running. The pool logs the outage's first failure
 * with its cause, not one line per failed query, and its end once.
 */
import t from 'tap'
import pg from 'pg'
import { isDatabaseUnavailableError } from '../../accounts/db/database-unavailable.js'
import { createDatabase } from '../../accounts/db/database.js'
import { ERROR_CATALOGUE, isServiceError } from '../../lib/errors.js'
import { getFreePort } from '../../lib/free-port.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'
import { createTestDatabaseBehindProxy, getDatabaseKinds } from '../helpers/database.js'

const UNAVAILABLE_MESSAGE = /^accounts database unavailable/
const RECOVERED_MESSAGE = /^accounts database available again/

/** What `work` rejected with (undefined when it resolved). */
const getFailure = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  )

/** A DatabaseError as the server sends it, with `sqlState`. */
function toServerError(sqlState: string): pg.DatabaseError {
  const error = new pg.DatabaseError('from the server', 0, 'error')
  error.code = sqlState
  return error
}

t.test('classified by class and SQLSTATE, never by message', async (t) => {
  for (const sqlState of ['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300']) {
    t.ok(isDatabaseUnavailableError(toServerError(sqlState)), `${sqlState}: unavailable`)
  }
  // A constraint, a syntax error, a missing table, a statement cancelled at its deadline, disk full:
  // the statement's (or the operator's) fault, not a connection that may come back.
  for (const sqlState of ['23505', '23502', '42601', '42P01', '57014', '53100', '22P02', 'XX000']) {
    t.notOk(isDatabaseUnavailableError(toServerError(sqlState)), `${sqlState}: not unavailability`)
  }
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED', syscall: 'connect' })
  t.ok(isDatabaseUnavailableError(refused), 'a socket error')
  t.ok(isDatabaseUnavailableError(new AggregateError([refused, refused])), 'every address of a host name refused')
  t.ok(isDatabaseUnavailableError(new Error('anything the driver says')), "the driver's own connection failure: a plain Error, no code")
  t.notOk(isDatabaseUnavailableError(new TypeError('Client was passed a null or undefined query')), 'a misuse: a TypeError')
  t.notOk(isDatabaseUnavailableError(Object.assign(new Error('x'), { code: 'ERR_SOMETHING' })), 'an Error with a code of its own')
  t.notOk(isDatabaseUnavailableError(new AggregateError([refused, new TypeError('bug')])), 'not when one of them is a bug')
  t.notOk(isDatabaseUnavailableError('a string'), 'not an Error at all')
})

t.test('a closed port: accounts_unavailable with Retry-After, the driver error as its cause', async (t) => {
  const db = createDatabase({ url: `postgres://postgres@127.0.0.1:${await getFreePort()}/none`, maxConnections: 1 })
  t.teardown(() => db.close())
  for (const [label, work] of [
    ['a query', db.query('SELECT 1')],
    ['a transaction', db.transaction((client) => client.query('SELECT 1'))],
  ] as const) {
    const failure = await getFailure(work)
    t.ok(isServiceError(failure, 'accounts_unavailable'), `${label}: accounts_unavailable`, { got: String(failure) })
    t.same(isServiceError(failure) && failure.headers, { 'retry-after': String(ERROR_CATALOGUE.accounts_unavailable.retryAfterSeconds) })
    t.match((failure as Error).cause, { code: 'ECONNREFUSED' }, `${label}: the cause`)
    t.equal((failure as Error).message, ERROR_CATALOGUE.accounts_unavailable.message, `${label}: nothing of the cause in the message`)
  }
})

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: cut, failing, restored`, async (t) => {
    const { logger, lines } = createCaptureLogger()
    const { db, proxy } = await createTestDatabaseBehindProxy(t, kind, { logger })
    const broken = await getFailure(db.query('SELECT 1/0'))
    t.match(broken, { code: '22012' }, 'a statement that fails on a live database keeps its own error (division by zero)')
    t.notOk(isServiceError(broken), 'not a catalogue error: the service answers it as a bug')
    const insert = () =>
      db.query('INSERT INTO users (email, password_hash, created_at) VALUES ($1, $2, now())', [`outage-${process.pid}@example.com`, 'x'])
    await insert()
    t.match(await getFailure(insert()), { code: '23505' }, 'a unique violation keeps its own error (the service maps it by code)')
    const syntax = await getFailure(db.query('SELEC 1'))
    t.match(syntax, { code: '42601' }, 'a syntax error keeps its own error')
    if (kind === 'postgres') {
      // The server ends the session itself (57P01 admin_shutdown, as in a restart): unavailability.
      const terminated = await getFailure(db.query('SELECT pg_terminate_backend(pg_backend_pid())'))
      t.ok(isServiceError(terminated, 'accounts_unavailable'), '57P01 from the server: accounts_unavailable', { got: String(terminated) })
      t.match((terminated as Error).cause, { code: '57P01' })
      await db.query('SELECT 1')
    }

    const linesBefore = lines.length
    await proxy.cut()
    const failures = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        getFailure(i % 2 === 0 ? db.query('SELECT 1') : db.transaction((client) => client.query('SELECT 1'))),
      ),
    )
    t.ok(
      failures.every((failure) => isServiceError(failure, 'accounts_unavailable')),
      'every query and transaction while the database is unreachable: accounts_unavailable',
      { got: failures.map(String) },
    )
    const outageLines = lines.slice(linesBefore).filter((line) => UNAVAILABLE_MESSAGE.test(line.msg))
    t.ok(
      outageLines.length >= 1 && outageLines.length < failures.length,
      `${outageLines.length} outage lines for ${failures.length} failures`,
    )
    t.equal(outageLines[0]?.level, LOG_LEVEL.error, 'the first at error')
    t.ok(outageLines[0]?.err, 'with the cause')

    await proxy.restore()
    t.same(await db.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }], 'answered again once the database is reachable')
    await db.query('SELECT 1')
    t.equal(lines.slice(linesBefore).filter((line) => RECOVERED_MESSAGE.test(line.msg)).length, 1, 'its end logged once')
  })
}
