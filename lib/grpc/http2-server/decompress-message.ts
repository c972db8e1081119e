/**
 * A compressed request message (`grpc-encoding` gzip or deflate, as grpc-js accepts them), inflated
 * no further than the message size limit: a small bomb cannot become a large allocation.
 */
import { promisify } from 'node:util'
import { gunzip, inflate } from 'node:zlib'
import { status as GrpcStatus } from '@grpc/grpc-js'
import { GrpcStatusError } from './grpc-call-status.js'

const INFLATERS = { gzip: promisify(gunzip), deflate: promisify(inflate) } as const

/** The bytes of `message` compressed with `encoding`; rejects with a GrpcStatusError (UNIMPLEMENTED, RESOURCE_EXHAUSTED, INTERNAL). */
export async function decompressMessage(message: Buffer, encoding: string, maxMessageBytes: number): Promise<Buffer> {
  if (encoding !== 'gzip' && encoding !== 'deflate') {
    // A flag set with no encoding (or identity) is a client's error (gRPC's spec: INTERNAL).
    if (encoding === 'identity') throw new GrpcStatusError(GrpcStatus.INTERNAL, 'Compressed message with identity encoding')
    throw new GrpcStatusError(GrpcStatus.UNIMPLEMENTED, `Received message compressed with unsupported encoding "${encoding}"`)
  }
  try {
    return await INFLATERS[encoding](message, { maxOutputLength: maxMessageBytes })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new GrpcStatusError(
        GrpcStatus.RESOURCE_EXHAUSTED,
        `Received message that decompresses to a size larger than ${maxMessageBytes}`,
      )
    }
    throw new GrpcStatusError(GrpcStatus.INTERNAL, 'Failed to decompress message')
  }
}
