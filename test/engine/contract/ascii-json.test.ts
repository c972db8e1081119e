/**
 * engine/contract/ascii-json.ts: an answer's JSON text with every non-ASCII character escaped reads
 * back as the same value, and is a one-byte string, which is what crosses between threads and is
 * written to sockets (V8's serializer, the structured clone of postMessage, tags a one-byte string
 * '"' and a two-byte one 'c').
 */
import { serialize } from 'node:v8'
import t from 'tap'
import { stringifyAscii } from '../../../engine/contract/ascii-json.js'

const ONE_BYTE_TAG = 0x22
const TWO_BYTE_TAG = 0x63
/** The tag V8's serializer gives `text`: after its 0xFF and version bytes and any padding (0x00) aligning a two-byte string. */
const getStringTag = (text: string) =>
  serialize(text)
    .subarray(2)
    .find((byte) => byte !== 0)

const summary = {
  signer: 'EAfwxZq9CdSSPZxrtu9nDf9XGzyQfekZEccTKWH1tUbV',
  lines: ['You send 0.000001001 SOL to EAfw…tUbV', 'Jupiter v6: Orca Whirlpool → Raydium CPMM'],
  other: 'ünïcode, an emoji 😀, a line separator \u2028, a lone surrogate \ud800, "quotes" \\ and\ttabs',
}

t.test('non-ASCII characters are escaped and read back as themselves', async (t) => {
  const text = stringifyAscii(summary)
  t.notOk(/[\u0080-\uffff]/.test(text), 'only ASCII in the text')
  t.match(text, /EAfw\\u2026tUbV/)
  t.match(text, /\\u2192/)
  t.match(text, /\\ud83d\\ude00/, 'a character past U+FFFF is its surrogate pair, escaped')
  t.same(JSON.parse(text), summary)
})

t.test('the text is one byte a character even where JSON.stringify gives two', async (t) => {
  t.equal(getStringTag(JSON.stringify(summary)), TWO_BYTE_TAG, 'the premise: the plain text is two-byte')
  t.equal(getStringTag(stringifyAscii(summary)), ONE_BYTE_TAG)
})

t.test('ASCII-only values are JSON.stringify as it is', async (t) => {
  const value = { success: true, logs: ['Program 1111 invoke [1]'], fee: 0.000005, none: null }
  t.equal(stringifyAscii(value), JSON.stringify(value))
  t.equal(getStringTag(stringifyAscii(value)), ONE_BYTE_TAG)
})
