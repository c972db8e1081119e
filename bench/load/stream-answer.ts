/**
 * The two things a WebSocket load client needs from an answer frame: the `id` it echoes and
 * whether it is an error frame. The edge writes `{id, ...answer}` (edge/ws/stream-connection.ts),
 * so `id` is the first key and `error`, in an error frame, the second: both are read from the
 * frame's first bytes instead of decoding a ≈1.5 KB answer, which would make the generator's own
 * parsing and garbage part of what it measures (as the HTTP generators never parse a body).
 */
import { Packr } from 'msgpackr'

export interface StreamAnswer {
  /** The echoed id; null when the frame has none (an error about an unreadable message). */
  id: number | null
  isError: boolean
}

const JSON_ID = Buffer.from('{"id":')
const JSON_NULL = Buffer.from('null')
const JSON_ERROR = Buffer.from('"error":')
// fixstr "id" and fixstr "error".
const MSGPACK_ID = Buffer.from([0xa2, 0x69, 0x64])
const MSGPACK_ERROR = Buffer.from([0xa5, 0x65, 0x72, 0x72, 0x6f, 0x72])
const COMMA = 0x2c
const DIGIT_0 = 0x30

const packr = new Packr({ useRecords: false, mapsAsObjects: true })

function startsWithAt(frame: Buffer, offset: number, prefix: Buffer): boolean {
  return frame.length >= offset + prefix.length && frame.compare(prefix, 0, prefix.length, offset, offset + prefix.length) === 0
}

function fromJson(frame: Buffer): StreamAnswer | undefined {
  if (!startsWithAt(frame, 0, JSON_ID)) return undefined
  let offset = JSON_ID.length
  let id: number | null = 0
  if (startsWithAt(frame, offset, JSON_NULL)) {
    id = null
    offset += JSON_NULL.length
  } else {
    const first = offset
    for (; offset < frame.length; offset++) {
      const digit = (frame[offset] as number) - DIGIT_0
      if (digit < 0 || digit > 9) break
      id = id * 10 + digit
    }
    if (offset === first) return undefined
  }
  if (frame[offset] !== COMMA) return undefined
  return { id, isError: startsWithAt(frame, offset + 1, JSON_ERROR) }
}

/** The offset after a map header (fixmap, map16, map32), or undefined. */
function skipMapHeader(frame: Buffer): number | undefined {
  const first = frame[0]
  if (first === undefined) return undefined
  if (first >= 0x80 && first <= 0x8f) return 1
  if (first === 0xde) return 3
  if (first === 0xdf) return 5
  return undefined
}

function fromMsgpack(frame: Buffer): StreamAnswer | undefined {
  let offset = skipMapHeader(frame)
  if (offset === undefined || !startsWithAt(frame, offset, MSGPACK_ID)) return undefined
  offset += MSGPACK_ID.length
  const tag = frame[offset]
  if (tag === undefined) return undefined
  let id: number | null
  if (tag <= 0x7f) [id, offset] = [tag, offset + 1]
  else if (tag === 0xcc && frame.length >= offset + 2) [id, offset] = [frame.readUInt8(offset + 1), offset + 2]
  else if (tag === 0xcd && frame.length >= offset + 3) [id, offset] = [frame.readUInt16BE(offset + 1), offset + 3]
  else if (tag === 0xce && frame.length >= offset + 5) [id, offset] = [frame.readUInt32BE(offset + 1), offset + 5]
  else if (tag === 0xc0) [id, offset] = [null, offset + 1]
  else return undefined
  return { id, isError: startsWithAt(frame, offset, MSGPACK_ERROR) }
}

/** Reads an answer frame's id and kind; undefined when it does not start as the edge writes answers. */
export function readStreamAnswer(frame: Buffer, format: 'json' | 'msgpack'): StreamAnswer | undefined {
  return format === 'json' ? fromJson(frame) : fromMsgpack(frame)
}

/** An error frame as text, for the log (decoded in full: errors are rare). */
export function describeStreamFrame(frame: Buffer, format: 'json' | 'msgpack'): string {
  const text = format === 'json' ? frame.toString('utf8') : JSON.stringify(packr.unpack(frame))
  return `WebSocket ${text.slice(0, 200)}`
}

/** Encodes a message as the client sends it: JSON text, or a MessagePack binary frame with plain maps as the edge expects. */
export function encodeStreamMessage(message: object, format: 'json' | 'msgpack'): string | Buffer {
  return format === 'json' ? JSON.stringify(message) : packr.pack(message)
}
