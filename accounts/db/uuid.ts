/**
 * The canonical uuid text form. Ids from clients are checked with it before any query, so a
 * malformed id is a catalogue error of the caller's choosing and never a uuid cast error (a 500).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` is a uuid in its canonical 8-4-4-4-12 hex form. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}
