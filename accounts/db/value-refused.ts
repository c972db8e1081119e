/**
 * Which statement failures mean the database refused the values it was given, not that it could
 * not run the statement: SQLSTATE class 22 (data exception: a NUL in a text, a number out of range,
 * a byte sequence that is not UTF-8) and class 23 (integrity constraint violation: a foreign key,
 * a NOT NULL, a CHECK). Sent again unchanged they fail again, whenever and wherever they are sent.
 */
import pg from 'pg'

/** Whether `error`, raised by pg for a statement, is the database refusing one of its values. */
export function isValueRefusedError(error: unknown): error is pg.DatabaseError {
  if (!(error instanceof pg.DatabaseError)) return false
  const sqlState = error.code ?? ''
  return sqlState.startsWith('22') || sqlState.startsWith('23')
}
