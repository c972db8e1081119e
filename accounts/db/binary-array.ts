/**
 * A one-dimensional PostgreSQL array in the protocol's binary form (what `array_send` writes and
 * `array_recv` reads), for a parameter cast to that array type (`$1::uuid[]`): pg sends a Buffer
 * as a binary parameter, and the server takes each element as it is (a uuid's 16 bytes, a
 * timestamp's microseconds) where text would be parsed element by element.
 *
 * Why binary, for the history batch (accounts/history/simulation-insert.ts): pg holds a query's
 * parameters until the server answers, and a string parameter is flattened on the JavaScript heap
 * to be written. The insert answers late enough that scavenges copied and promoted those strings:
 * most of what a simulate left in the serving thread's old generation. A Buffer's bytes live
 * outside the heap (bench/README.md, "The history batch's parameters in binary").
 *
 * Layout (PostgreSQL's arrayfuncs.c): dimensions, a has-nulls flag and the element type's OID,
 * then each dimension's length and lower bound, then each element as its length (-1: NULL) and
 * its bytes; integers big-endian.
 */
import { isUuid } from './uuid.js'

/** The element types the history insert sends, by their SQL names, with their type OIDs (pg_type). */
const ELEMENT_OIDS = {
  uuid: 2950,
  timestamptz: 1184,
  boolean: 16,
  text: 25,
  'double precision': 701,
  integer: 23,
  bigint: 20,
} as const

export type BinaryElementType = keyof typeof ELEMENT_OIDS

/**
 * An element of a column: uuid and text as strings, timestamptz as epoch milliseconds, bigint as
 * the decimal text of an integer (exact past 2^53), the others as their JavaScript values;
 * undefined is NULL, as null.
 */
export type BinaryElement = string | number | boolean | null | undefined

/** An element that is not of its array's type: which one, and what it should be. */
export class BinaryElementError extends TypeError {
  constructor(
    readonly index: number,
    readonly type: BinaryElementType,
  ) {
    super(`element ${index} is not a ${type}`)
  }
}

const HEADER_BYTES = 20
const LENGTH_BYTES = 4
const NULL_LENGTH = -1
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000
const MAX_DATE_MS = 8.64e15
const INT32_MIN = -(2 ** 31)
const INT32_MAX = 2 ** 31 - 1
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

const FIXED_SIZES: Partial<Record<BinaryElementType, number>> = {
  uuid: 16,
  timestamptz: 8,
  boolean: 1,
  'double precision': 8,
  integer: 4,
  bigint: 8,
}

/** The element's size in bytes, after checking that it is one of `type`. */
function getElementSize(type: BinaryElementType, value: string | number | boolean, index: number): number {
  switch (type) {
    case 'uuid':
      if (!isUuid(value)) throw new BinaryElementError(index, type)
      break
    case 'text':
      if (typeof value !== 'string') throw new BinaryElementError(index, type)
      return Buffer.byteLength(value, 'utf8')
    case 'boolean':
      if (typeof value !== 'boolean') throw new BinaryElementError(index, type)
      break
    case 'double precision':
      if (typeof value !== 'number') throw new BinaryElementError(index, type)
      break
    case 'integer':
      if (!Number.isInteger(value) || (value as number) < INT32_MIN || (value as number) > INT32_MAX)
        throw new BinaryElementError(index, type)
      break
    case 'timestamptz':
      // A Date's range, ±8.64e15 ms: inside both PostgreSQL's timestamp range and an int64 of µs.
      if (typeof value !== 'number' || !(Math.abs(value) <= MAX_DATE_MS)) throw new BinaryElementError(index, type)
      break
    case 'bigint':
      if (typeof value !== 'string' || !/^-?\d{1,19}$/.test(value) || BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX) {
        throw new BinaryElementError(index, type)
      }
      break
  }
  return FIXED_SIZES[type] as number
}

function writeElement(buffer: Buffer, offset: number, type: BinaryElementType, value: string | number | boolean, size: number): void {
  switch (type) {
    case 'uuid':
      buffer.write((value as string).replaceAll('-', ''), offset, 16, 'hex')
      return
    case 'text':
      buffer.write(value as string, offset, size, 'utf8')
      return
    case 'boolean':
      buffer[offset] = value ? 1 : 0
      return
    case 'double precision':
      buffer.writeDoubleBE(value as number, offset)
      return
    case 'integer':
      buffer.writeInt32BE(value as number, offset)
      return
    case 'timestamptz':
      // Microseconds since PostgreSQL's epoch; a Date holds whole milliseconds, as the text form did.
      buffer.writeBigInt64BE(BigInt(Math.trunc(value as number) - POSTGRES_EPOCH_MS) * 1000n, offset)
      return
    case 'bigint':
      buffer.writeBigInt64BE(BigInt(value), offset)
      return
  }
}

/** `values` as a binary `type[]` (one dimension, lower bound 1); throws a BinaryElementError for a value that is not one of `type`. */
export function toBinaryArray(type: BinaryElementType, values: readonly BinaryElement[]): Buffer {
  const sizes = new Array<number>(values.length)
  let bytes = HEADER_BYTES + LENGTH_BYTES * values.length
  let hasNulls = false
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    if (value === null || value === undefined) {
      hasNulls = true
      sizes[i] = NULL_LENGTH
      continue
    }
    const size = getElementSize(type, value, i)
    sizes[i] = size
    bytes += size
  }
  const buffer = Buffer.allocUnsafe(bytes)
  buffer.writeInt32BE(1, 0)
  buffer.writeInt32BE(hasNulls ? 1 : 0, 4)
  buffer.writeUInt32BE(ELEMENT_OIDS[type], 8)
  buffer.writeInt32BE(values.length, 12)
  buffer.writeInt32BE(1, 16)
  let offset = HEADER_BYTES
  for (let i = 0; i < values.length; i++) {
    const size = sizes[i] as number
    buffer.writeInt32BE(size, offset)
    offset += LENGTH_BYTES
    if (size === NULL_LENGTH) continue
    writeElement(buffer, offset, type, values[i] as string | number | boolean, size)
    offset += size
  }
  return buffer
}
