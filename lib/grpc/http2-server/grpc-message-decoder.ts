/**
 * Splits a request body into gRPC messages (1-byte compressed flag, 4-byte big-endian length,
 * bytes), however the DATA frames cut it. A length over the limit is refused as soon as its prefix
 * is read, before any of it is buffered.
 */
import { status as GrpcStatus } from '@grpc/grpc-js'
import { GrpcStatusError } from './grpc-call-status.js'

export interface GrpcMessage {
  compressed: boolean
  bytes: Buffer
}

export interface GrpcMessageDecoder {
  /** The messages `chunk` completes; throws a RESOURCE_EXHAUSTED GrpcStatusError past the limit. */
  write(chunk: Buffer): GrpcMessage[]
  /** Whether part of a message is waiting for more bytes (a body that ends here was cut short). */
  readonly partial: boolean
}

const PREFIX_BYTES = 5

/** A decoder refusing messages longer than `maxMessageBytes`. */
export function createGrpcMessageDecoder(maxMessageBytes: number): GrpcMessageDecoder {
  let pending: Buffer = Buffer.alloc(0)
  return {
    get partial() {
      return pending.length > 0
    },
    write(chunk) {
      let buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      const messages: GrpcMessage[] = []
      while (buffer.length >= PREFIX_BYTES) {
        const length = buffer.readUInt32BE(1)
        if (length > maxMessageBytes) {
          // grpc-js's words, so a client sees the same details from either server.
          throw new GrpcStatusError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${length} vs ${maxMessageBytes})`)
        }
        if (buffer.length < PREFIX_BYTES + length) break
        messages.push({ compressed: buffer[0] === 1, bytes: buffer.subarray(PREFIX_BYTES, PREFIX_BYTES + length) })
        buffer = buffer.subarray(PREFIX_BYTES + length)
      }
      pending = buffer
      return messages
    },
  }
}
