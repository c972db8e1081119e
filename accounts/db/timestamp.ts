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
