/**
 * The opaque `next_cursor` of a history page: the keyset position (created_at, id) of the last row
 * a page returned. created_at travels at PostgreSQL's full microsecond precision, so two rows a
 * microsecond apart never fall into one position and a page boundary between them skips neither.
 */
import { createServiceError } from '../../lib/errors.js'
import { isStorableTimeMs } from '../contract/history.js'
import { isUuid } from '../db/uuid.js'

/** A row's place in the newest-first order; `createdAt` is UTC with six fraction digits. */
export interface HistoryPosition {
  createdAt: string
  id: string
}

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const BASE64URL = /^[A-Za-z0-9_-]+$/
// A genuine cursor is about 80 characters; anything much longer is not one of ours.
const MAX_CURSOR_LENGTH = 256
const SEPARATOR = '|'

/** The cursor a client passes back to read the rows after `position`. */
export function toHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.createdAt}${SEPARATOR}${position.id}`, 'utf8').toString('base64url')
}

/** The position `cursor` names; `validation_error` for anything this service did not issue. */
export function fromHistoryCursor(cursor: string): HistoryPosition {
  // Node's base64url decoder skips characters it does not know, so the alphabet is checked first
  // and the decoded text must encode back to the very same string.
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw invalidCursor()
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) throw invalidCursor()
  const parts = text.split(SEPARATOR)
  const [createdAt, id] = parts
  if (parts.length !== 2 || !createdAt || !id) throw invalidCursor()
  if (!CREATED_AT.test(createdAt) || !isCalendarTime(createdAt) || !isUuid(id)) throw invalidCursor()
  return { createdAt, id: id.toLowerCase() }
}

/** Whether the date and time fields exist (no 2024-02-30T25:61), as PostgreSQL would otherwise fail. */
function isCalendarTime(createdAt: string): boolean {
  const millis = `${createdAt.slice(0, 23)}Z`
  const date = new Date(millis)
  return isStorableTimeMs(date.getTime()) && date.toISOString() === millis
}

function invalidCursor() {
  return createServiceError('validation_error', 'cursor: not a cursor this service issued (pass next_cursor back unchanged)')
}
