/**
 * A protobuf encoder for one message type of a proto-loader package definition, for a message the
 * port sends on every call (the simulate answer). Each message type gets a writer generated from
 * the .proto's descriptors, as protobufjs generates its own; it writes into one scratch buffer and
 * copies the bytes out at their size, where protobufjs builds a `fromObject` copy of the message
 * (a Long per 64-bit field), links an operation per field and copies at `finish`: about half the
 * cost on a simulate answer (bench/README.md).
 *
 * It writes the very bytes proto-loader's serializer writes (test/lib/grpc/message-encoder.test.ts
 * compares them): fields in field-number order, a singular field whenever its value is not null
 * (defaults included), repeated fields unpacked, strings as protobufjs writes them. A value outside
 * the plain forms it handles (a number where a string belongs, a uint32 out of range, a string where
 * bytes belong: what `fromObject` would convert or reject) makes `encode` answer undefined, and the
 * caller falls back to proto-loader's serializer, so no input is encoded differently.
 */
import type { PackageDefinition } from '@grpc/proto-loader'

type FieldKind = 'string' | 'bool' | 'uint32' | 'uint64' | 'int64' | 'double' | 'bytes' | 'message'

interface FieldPlan {
  readonly name: string
  readonly kind: FieldKind
  readonly repeated: boolean
  /** The field's key (number << 3 | wire type), as varint bytes. */
  readonly key: readonly number[]
  /** The nested message's plan index (kind 'message'). */
  message: number
}

interface MessagePlan {
  readonly name: string
  readonly fields: readonly FieldPlan[]
}

interface FieldDescriptor {
  name: string
  number: number
  label: string
  type: string
  typeName: string
}

const KINDS: Readonly<Record<string, FieldKind>> = {
  TYPE_STRING: 'string',
  TYPE_BOOL: 'bool',
  TYPE_UINT32: 'uint32',
  TYPE_UINT64: 'uint64',
  TYPE_INT64: 'int64',
  TYPE_DOUBLE: 'double',
  TYPE_BYTES: 'bytes',
  TYPE_MESSAGE: 'message',
}
const WIRE_TYPES: Readonly<Record<FieldKind, number>> = {
  string: 2,
  bool: 0,
  uint32: 0,
  uint64: 0,
  int64: 0,
  double: 1,
  bytes: 2,
  message: 2,
}
/** protobufjs writes a string shorter than this with its own UTF-8 loop, a longer one with Buffer's. */
const SHORT_STRING = 40
const TWO_POW_32 = 2 ** 32
/** Field names become property accesses in generated code: plain identifiers only. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A field key's varint bytes, written once into generated code. */
function toVarintBytes(value: number): number[] {
  const bytes = Buffer.alloc(10)
  return [...bytes.subarray(0, writeVarint(bytes, 0, value))]
}

/** A field's message type by full name: proto-loader names it relative to the package or fully qualified. */
function resolveTypeName(definition: PackageDefinition, typeName: string, packageName: string): string {
  const absolute = typeName.startsWith('.') ? typeName.slice(1) : typeName
  return definition[packageName + absolute] ? packageName + absolute : absolute
}

/** Plans every message type of `definition` reachable from `typeName` (a full name such as `pkg.Message`); the first is `typeName`'s. */
function buildPlans(definition: PackageDefinition, typeName: string): MessagePlan[] {
  const plans: MessagePlan[] = []
  const indexes = new Map<string, number>()
  const pending: Array<[FieldPlan, string]> = []
  const plan = (fullName: string): number => {
    const existing = indexes.get(fullName)
    if (existing !== undefined) return existing
    const entry = definition[fullName] as { type?: { field?: FieldDescriptor[] } } | undefined
    if (!entry?.type?.field) throw new Error(`message-encoder: ${fullName} is not a message of this package`)
    const packageName = fullName.slice(0, fullName.lastIndexOf('.') + 1)
    const fields = [...entry.type.field]
      .sort((a, b) => a.number - b.number)
      .map((field): FieldPlan => {
        const kind = KINDS[field.type]
        if (!IDENTIFIER.test(field.name)) throw new Error(`message-encoder: ${fullName} has a field named ${JSON.stringify(field.name)}`)
        if (!kind) throw new Error(`message-encoder: ${fullName}.${field.name} has type ${field.type}, which it does not encode`)
        const fieldPlan: FieldPlan = {
          name: field.name,
          kind,
          repeated: field.label === 'LABEL_REPEATED',
          key: toVarintBytes((field.number << 3) | WIRE_TYPES[kind]),
          message: -1,
        }
        if (kind === 'message') pending.push([fieldPlan, resolveTypeName(definition, field.typeName, packageName)])
        return fieldPlan
      })
    indexes.set(fullName, plans.length)
    plans.push({ name: fullName, fields })
    return plans.length - 1
  }
  plan(typeName)
  // Nested plans after their parents, so recursive messages (a call tree's children) resolve.
  for (let next = pending.shift(); next; next = pending.shift()) next[0].message = plan(next[1])
  return plans
}

/**
 * The thread's scratch buffer every message is written into before it is copied out at its size. A
 * message that does not fit (a simulate answer is 1–10 KB) is left to the fallback.
 */
const SCRATCH_BYTES = 256 * 1024
const scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES)
const float64 = new Float64Array(1)
const float64Bytes = new Uint8Array(float64.buffer)
/** Returned instead of a position: the value is outside the plain forms, or the message outgrows the scratch. */
const FALLBACK = -1

function getVarintLength(value: number): number {
  let length = 1
  while (value > 127) {
    value = Math.floor(value / 128)
    length++
  }
  return length
}

/** Writes `value` as a varint at `position`; the caller made room. Returns the position after it. */
function writeVarint(buffer: Buffer, position: number, value: number): number {
  while (value > 127) {
    buffer[position++] = (value % 128) | 128
    value = Math.floor(value / 128)
  }
  buffer[position++] = value
  return position
}

/** protobufjs's own UTF-8 loop for short strings, byte for byte (a lone surrogate is written as itself). */
function writeShortString(buffer: Buffer, position: number, value: string): number {
  for (let i = 0; i < value.length; i++) {
    let code = value.charCodeAt(i)
    if (code < 0x80) buffer[position++] = code
    else if (code < 0x800) {
      buffer[position++] = (code >> 6) | 192
      buffer[position++] = (code & 63) | 128
    } else if ((code & 0xfc00) === 0xd800 && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      code = 0x10000 + ((code & 0x03ff) << 10) + (value.charCodeAt(++i) & 0x03ff)
      buffer[position++] = (code >> 18) | 240
      buffer[position++] = ((code >> 12) & 63) | 128
      buffer[position++] = ((code >> 6) & 63) | 128
      buffer[position++] = (code & 63) | 128
    } else {
      buffer[position++] = (code >> 12) | 224
      buffer[position++] = ((code >> 6) & 63) | 128
      buffer[position++] = (code & 63) | 128
    }
  }
  return position
}

/**
 * What generated code calls to write one value after its key: each takes the write position and
 * returns the position after the value, or FALLBACK. Generated code makes room for the key and
 * SCALAR_ROOM bytes before each call; variable-length values make their own.
 */
const SCALAR_ROOM = 16
const helpers = {
  u32(buffer: Buffer, position: number, value: unknown): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= TWO_POW_32) return FALLBACK
    return writeVarint(buffer, position, value)
  },
  // A negative int64 takes ten bytes of two's complement; those rare values go to the fallback.
  u64(buffer: Buffer, position: number, value: unknown): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return FALLBACK
    return writeVarint(buffer, position, value)
  },
  bool(buffer: Buffer, position: number, value: unknown): number {
    if (typeof value !== 'boolean') return FALLBACK
    buffer[position] = value ? 1 : 0
    return position + 1
  },
  dbl(buffer: Buffer, position: number, value: unknown): number {
    if (typeof value !== 'number') return FALLBACK
    float64[0] = value
    for (let i = 0; i < 8; i++) buffer[position + i] = float64Bytes[i] as number
    return position + 8
  },
  bytes(buffer: Buffer, position: number, value: unknown): number {
    if (!(value instanceof Uint8Array) || position + value.length + 5 > SCRATCH_BYTES) return FALLBACK
    position = writeVarint(buffer, position, value.length)
    buffer.set(value, position)
    return position + value.length
  },
  str(buffer: Buffer, position: number, value: unknown): number {
    if (typeof value !== 'string') return FALLBACK
    const length = value.length
    if (position + 3 * length + 5 > SCRATCH_BYTES) return FALLBACK
    // Under SHORT_STRING characters, protobufjs writes with its own loop, at most 3 bytes a
    // character: the length always fits the one byte kept for it.
    if (length < SHORT_STRING) {
      const end = writeShortString(buffer, position + 1, value)
      buffer[position] = end - position - 1
      return end
    }
    // The common case, ASCII under 128 characters: one byte of length, then the characters.
    if (length < 128) {
      let at = position + 1
      let i = 0
      for (; i < length; i++) {
        const code = value.charCodeAt(i)
        if (code >= 0x80) break
        buffer[at++] = code
      }
      if (i === length) {
        buffer[position] = length
        return at
      }
    }
    // Otherwise as protobufjs writes it from SHORT_STRING characters: with Buffer's UTF-8.
    const bytes = Buffer.byteLength(value, 'utf8')
    position = writeVarint(buffer, position, bytes)
    return position + buffer.write(value, position, bytes, 'utf8')
  },
  /** A nested message: one byte kept for its length, the message moved over when the length needs more. */
  msg(buffer: Buffer, position: number, value: unknown, write: (message: object, buffer: Buffer, position: number) => number): number {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FALLBACK
    const end = write(value, buffer, position + 1)
    if (end < 0) return FALLBACK
    const size = end - position - 1
    if (size < 128) {
      buffer[position] = size
      return end
    }
    const extra = getVarintLength(size) - 1
    if (end + extra > SCRATCH_BYTES) return FALLBACK
    buffer.copyWithin(position + 1 + extra, position + 1, end)
    writeVarint(buffer, position, size)
    return end + extra
  },
}

/** The call writing `x` (one value of `field`) after its key, as generated code. */
function writeCall(field: FieldPlan): string {
  switch (field.kind) {
    case 'string':
      return 'h.str(b, p, x)'
    case 'bool':
      return 'h.bool(b, p, x)'
    case 'uint32':
      return 'h.u32(b, p, x)'
    case 'uint64':
    case 'int64':
      return 'h.u64(b, p, x)'
    case 'double':
      return 'h.dbl(b, p, x)'
    case 'bytes':
      return 'h.bytes(b, p, x)'
    case 'message':
      return `h.msg(b, p, x, write${field.message})`
  }
}

/**
 * One message type's writer, as source: named property reads keep V8's inline caches monomorphic,
 * and the buffer and position stay in locals.
 */
function generateWriter(plan: MessagePlan, index: number): string {
  const lines = [`// ${plan.name}`, `function write${index}(m, b, p) {`, '  let v, x']
  for (const field of plan.fields) {
    const room = `if (p + ${field.key.length + SCALAR_ROOM} > ${SCRATCH_BYTES}) return -1; `
    const key = field.key.map((byte) => `b[p++] = ${byte}; `).join('')
    const write = `${room}${key}p = ${writeCall(field)}; if (p < 0) return -1`
    lines.push(`  v = m.${field.name}`, '  if (v != null) {')
    if (field.repeated) {
      lines.push('    if (!Array.isArray(v)) return -1', `    for (let i = 0; i < v.length; i++) { x = v[i]; ${write} }`)
    } else {
      lines.push(`    x = v; ${write}`)
    }
    lines.push('  }')
  }
  lines.push('  return p', '}')
  return lines.join('\n')
}

export interface MessageEncoder {
  /**
   * The message's bytes, or undefined when it is not in the plain forms this encoder handles. With
   * `transferable`, in a buffer of their own (another thread can take it); else in Node's shared
   * pool, which costs less.
   */
  encode(message: object, transferable?: boolean): Buffer | undefined
}

/** An encoder for `typeName` (e.g. `preflight.engine.v1.SimulateResponse`) of a proto-loader package definition. */
export function createMessageEncoder(definition: PackageDefinition, typeName: string): MessageEncoder {
  const plans = buildPlans(definition, typeName)
  const source = `'use strict'\n${plans.map(generateWriter).join('\n')}\nreturn write0`
  // Generated from the .proto's own descriptors (field names checked as identifiers above), as
  // protobufjs generates its codecs.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const generate = new Function('h', source) as (h: typeof helpers) => (message: object, buffer: Buffer, position: number) => number
  const write = generate(helpers)
  return {
    encode(message, transferable = false) {
      const size = write(message, scratch, 0)
      if (size < 0) return undefined
      const bytes = transferable ? Buffer.allocUnsafeSlow(size) : Buffer.allocUnsafe(size)
      scratch.copy(bytes, 0, 0, size)
      return bytes
    },
  }
}
