/**
 * The stream's two encodings: text frames carry JSON, binary frames MessagePack, and every answer
 * goes back in the encoding of the message it answers.
 */
import type { RawData } from 'ws'
import { Packr } from 'msgpackr'
import { createServiceError } from '../../lib/errors.js'
import type { StreamMessageId } from './stream-message.js'

export type StreamFormat = 'json' | 'msgpack'

// Plain maps both ways: records (msgpackr's extension) would only be readable by msgpackr itself.
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** The payload of a frame as one Buffer (ws hands fragments or ArrayBuffers only under other binaryTypes). */
function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

/** Decodes a frame's payload; throws `invalid_json` when it is not a JSON (text) or MessagePack (binary) value. */
export function decodeStreamMessage(data: RawData, format: StreamFormat): unknown {
  const buffer = toBuffer(data)
  try {
    // ws has already checked that a text frame is valid UTF-8.
    return format === 'json' ? JSON.parse(buffer.toString('utf8')) : packr.unpack(buffer)
  } catch {
    throw createServiceError('invalid_json', format === 'json' ? 'The message is not valid JSON.' : 'The message is not valid MessagePack.')
  }
}

/**
 * An answer already written as JSON text (a simulate's, from the engine's serialized answer): a
 * text frame sends it as it is. `id` is the message's, for an error frame in its place.
 */
export class SerializedJsonFrame {
  constructor(
    readonly id: StreamMessageId,
    readonly text: string,
  ) {}
}

/**
 * Encodes an answer. msgpackr packs into a shared buffer but never over bytes it returned, so a
 * frame ws still holds while the socket is back-pressured stays intact.
 */
export function encodeStreamFrame(frame: object, format: StreamFormat): string | Buffer {
  if (frame instanceof SerializedJsonFrame) return format === 'json' ? frame.text : packr.pack(JSON.parse(frame.text))
  return format === 'json' ? JSON.stringify(frame) : packr.pack(frame)
}
