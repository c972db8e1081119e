/**
 * Which failures of the driver mean "the database cannot be reached" — answered 503
 * accounts_unavailable with Retry-After — rather than a fault of the statement (a bug, a constraint
 * broken: its own code, or 500). Decided by the error's class and SQLSTATE, never by its message:
 *
 * - the server's errors (pg's DatabaseError, with a SQLSTATE): class 08 (connection exception),
 *   57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting, or in recovery)
 *   and 53300 too_many_connections;
 * - the socket's errors (a Node system error, with `syscall`: ECONNREFUSED, ECONNRESET, EPIPE,
 *   ENOENT for the embedded database's Unix socket when it is gone, …), also as the AggregateError
 *   Node raises when every address of a host name (localhost: ::1 and 127.0.0.1) refused;
 * - the driver's own connection failures, which pg and pg-pool raise as plain `Error`s with no code:
 *   the connection terminated, no answer within the query deadline (query_timeout), no connection
 *   within the connect timeout, the pool closed. What pg raises for a misuse by its caller is a
 *   TypeError, and never a plain Error on a query.
 */
import pg from 'pg'

/** SQLSTATEs outside class 08 that say the server cannot serve this connection now (PostgreSQL's Appendix A). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** Whether `error`, raised by pg or pg-pool for a query or a connection, means the database is unreachable. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every(isDatabaseUnavailableError)
  if (error instanceof pg.DatabaseError) {
    const sqlState = error.code ?? ''
    return sqlState.startsWith('08') || UNAVAILABLE_SQLSTATES.has(sqlState)
  }
  if (typeof (error as NodeJS.ErrnoException).syscall === 'string') return true
  return Object.getPrototypeOf(error) === Error.prototype && (error as { code?: unknown }).code === undefined
}
