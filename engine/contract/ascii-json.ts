/**
 * JSON text in ASCII: every character past U+007F written as its `\uXXXX` escape, which every JSON
 * parser reads back as the same character (as Python's `json.dumps` writes by default).
 *
 * Why: V8 keeps a string with any character past U+00FF in two bytes a character, and
 * `JSON.stringify` of an answer holding one such character (the `…` of a shortened address in a
 * summary line, the `→` of a swap route) returns the whole answer so. Two of the floor benchmark's
 * three transfers answered that way: 3.9 and 5.8 KB strings for 1.9 and 2.9 KB of text, copied at
 * that size between threads, concatenated with the HTTP head and flattened again, then transcoded
 * to UTF-8 for the socket (bench/README.md, "Answers in one byte a character"). In ASCII the
 * string is one byte a character everywhere and the socket's UTF-8 is a plain copy.
 */

/** A character past U+007F: found (HAS_NON_ASCII) before any is replaced (NON_ASCII). */
const HAS_NON_ASCII = /[\u0080-\uffff]/
const NON_ASCII = /[\u0080-\uffff]/g

function toEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** `JSON.stringify(value)` with every non-ASCII character escaped, as a one-byte string. */
export function stringifyAscii(value: object): string {
  const json = JSON.stringify(value)
  if (!HAS_NON_ASCII.test(json)) return json
  // replace() keeps the two-byte representation even when every character fits in one; going
  // through latin1 bytes gives V8 a one-byte string (a copy of a few KB, about a microsecond).
  return Buffer.from(json.replace(NON_ASCII, toEscape), 'latin1').toString('latin1')
}
