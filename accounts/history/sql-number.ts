/**
 * pg hands back bigint (count) and numeric as strings, float8 as numbers and NULL as null; the
 * statistics the API answers are JSON numbers.
 */
import { inspect } from 'node:util'

/** The number a count or aggregate column holds, rounded to `decimals`; 0 for NULL (no rows). */
export function fromSqlNumber(value: unknown, decimals?: number): number {
  if (value === null || value === undefined) return 0
  const number = Number(value)
  if (!Number.isFinite(number)) throw new Error(`not a finite number from SQL: ${inspect(value)}`)
  return decimals === undefined ? number : toRounded(number, decimals)
}

/** `value` rounded half away from zero to `decimals` places (aggregates differ in the last bits). */
export function toRounded(value: number, decimals: number): number {
  const scale = 10 ** decimals
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale || 0
}
