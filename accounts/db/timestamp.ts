/**
 * timestamptz values as `pg` hands them over: a Date with its default type parsers, a string when
 * a pool has them turned off. Both are accepted so the store does not depend on that setting.
 */
export type DbTimestamp = Date | string

/** Epoch ms of a timestamptz value. */
export function toEpochMs(value: DbTimestamp): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime()
}

/** The ISO 8601 form clients see, or null for a NULL column. */
export function toIsoTimestamp(value: DbTimestamp | null): string | null {
  return value === null ? null : new Date(toEpochMs(value)).toISOString()
}

/**
 * The instants the store keeps and compares: years 1 to 9999. PostgreSQL's timestamptz reaches
 * further, but the ISO text JavaScript writes for a year 0 or a negative year ("0000-…",
 * "-000001-…") is not one PostgreSQL reads (22008 datetime field overflow), so a bound outside this
 * range would be a 500 instead of the client's validation error.
 */
export const MIN_STORABLE_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z')
export const MAX_STORABLE_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z')

/** Whether `ms` is an instant the store can take (see MIN_STORABLE_TIME_MS). */
export function isStorableTimeMs(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= MIN_STORABLE_TIME_MS && ms <= MAX_STORABLE_TIME_MS
}
