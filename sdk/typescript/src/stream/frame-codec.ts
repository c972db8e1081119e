/**
 * Stream frames: JSON in text frames, or MessagePack in binary frames (msgpackr, an optional peer
 * dependency loaded only when asked for). The service answers each message in its encoding.
 */
import { PreflightError } from '../errors.js'

export type StreamEncoding = 'json' | 'msgpack'

export interface FrameCodec {
  encode(message: Record<string, unknown>): string | Uint8Array
  decode(data: unknown): Record<string, unknown>
}

interface Msgpackr {
  pack(value: unknown): Uint8Array
  unpack(bytes: Uint8Array): unknown
}

export async function createFrameCodec(encoding: StreamEncoding): Promise<FrameCodec> {
  let msgpack: Msgpackr | undefined
  if (encoding === 'msgpack') {
    try {
      const module = (await import('msgpackr')) as unknown as Msgpackr & { default?: Msgpackr }
      msgpack = typeof module.pack === 'function' ? module : module.default
    } catch (error) {
      throw new PreflightError({
        code: 'invalid_input',
        message: 'encoding "msgpack" needs the msgpackr package (npm install msgpackr)',
        cause: error,
      })
    }
  }
  const text = new TextDecoder()
  return {
    encode: (message) => (msgpack ? msgpack.pack(message) : JSON.stringify(message)),
    decode(data) {
      if (typeof data === 'string') return JSON.parse(data) as Record<string, unknown>
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array)
      if (msgpack) return msgpack.unpack(bytes) as Record<string, unknown>
      return JSON.parse(text.decode(bytes)) as Record<string, unknown>
    },
  }
}
