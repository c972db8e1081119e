/**
 * A PostgreSQL array literal (`{"a","b",NULL,1.5,true}`) of plain values, for a parameter cast to
 * an array type (`$1::text[]`). pg would write one from a JS array as well, but escapes every
 * element with two regular expressions; this quotes each string, escapes only the rare one that
 * holds a quote or a backslash, and costs about what JSON.stringify of the same values does.
 * Quoted, a string is never read as NULL, and commas, braces and spaces stay inside it.
 */
export type ArrayElement = string | number | boolean | null | undefined

const NEEDS_ESCAPE = /["\\]/
const ESCAPED = /["\\]/g

export function toArrayLiteral(values: readonly ArrayElement[]): string {
  let text = '{'
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ','
    const value = values[i]
    if (value === null || value === undefined) text += 'NULL'
    else if (typeof value === 'string') text += NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, '\\$&')}"` : `"${value}"`
    else text += String(value)
  }
  return `${text}}`
}
