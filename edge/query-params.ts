/**
 * Typed readers for query-string parameters. The edge's JSON schemas do not coerce types (a
 * number sent as a string is an error in a body), and a query string holds only strings, so its
 * values are read here with the same `validation_error` naming the parameter.
 */
import { isStorableTimeMs } from '../accounts/contract/history.js'
import { createServiceError } from '../lib/errors.js'

export type Query = Record<string, string | string[] | undefined>

const MAX_QUERY_VALUE_LENGTH = 1024

function getRaw(query: Query, name: string): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw createServiceError('validation_error', `${name}: must be given once`)
  if (value.length > MAX_QUERY_VALUE_LENGTH) throw createServiceError('validation_error', `${name}: is too long`)
  return value
}

/** An integer parameter within [min, max], or `fallback` when absent. */
export function getIntegerParam(query: Query, name: string, min: number, max: number, fallback?: number): number | undefined {
  const raw = getRaw(query, name)
  if (raw === undefined) return fallback
  const value = /^-?\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw createServiceError('validation_error', `${name}: must be an integer from ${min} to ${max}`)
  }
  return value
}

/** `true` or `false`. */
export function getBooleanParam(query: Query, name: string): boolean | undefined {
  const raw = getRaw(query, name)
  if (raw === undefined) return undefined
  if (raw === 'true') return true
  if (raw === 'false') return false
  throw createServiceError('validation_error', `${name}: must be true or false`)
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Epoch ms of an ISO 8601 date or date-time, or undefined when it is not one. Without an offset it
 * is UTC (Date.parse would read the server's local zone); a day the month lacks (02-30) is refused,
 * where Date.parse rolls it over into the next month.
 */
export function fromIsoDateTime(raw: string): number | undefined {
  const match = DATE_TIME.exec(raw)
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined
  const value = Date.parse(match[4] && !match[5] ? `${raw}Z` : raw)
  return Number.isNaN(value) ? undefined : value
}

/** An ISO 8601 date-time from year 1 to 9999 (what history can be searched by), as epoch ms. */
export function getDateTimeParam(query: Query, name: string): number | undefined {
  const raw = getRaw(query, name)
  if (raw === undefined) return undefined
  const value = fromIsoDateTime(raw)
  if (value === undefined) throw createServiceError('validation_error', `${name}: must be an ISO 8601 date-time`)
  if (!isStorableTimeMs(value)) throw createServiceError('validation_error', `${name}: must be a date-time from 0001-01-01 to 9999-12-31`)
  return value
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: that one reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** One of `allowed`. */
export function getEnumParam<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const raw = getRaw(query, name)
  if (raw === undefined) return undefined
  if (!(allowed as readonly string[]).includes(raw)) {
    throw createServiceError('validation_error', `${name}: must be one of ${allowed.join(', ')}`)
  }
  return raw as T
}

/** A string parameter. */
export function getStringParam(query: Query, name: string): string | undefined {
  return getRaw(query, name)
}

/** Rejects parameters the route does not know, as bodies reject unknown fields. */
export function assertKnownParams(query: Query, known: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!known.includes(name)) throw createServiceError('validation_error', `${name}: is not a parameter of this route`)
  }
}
