/**
 * One unary gRPC call on an HTTP/2 stream: reads the one request message, runs the method's
 * handler (grpc-js's unary handler shape: `call.request`, `call.metadata`, `call.sendMetadata`, a
 * callback), and answers exactly once — the response and OK, or a status — whatever the client
 * does meanwhile (cancels, sends more, lets its deadline pass). The statuses and their details are
 * grpc-js's for the same input, so a client cannot tell the two servers apart.
 */
import { constants as http2, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2'
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js'
import { decompressMessage } from './decompress-message.js'
import {
  ACCEPTED_ENCODINGS,
  type GrpcCallStatus,
  GrpcStatusError,
  RESPONSE_HEADERS,
  toCallStatus,
  toStatusTrailers,
} from './grpc-call-status.js'
import { createGrpcMessageDecoder, type GrpcMessage } from './grpc-message-decoder.js'
import { getTimeoutMs } from './grpc-timeout.js'

/** What a handler is given: the decoded request, the caller's metadata, and a way to send headers first. */
export interface UnaryCall<Request = unknown> {
  readonly request: Request
  readonly metadata: Metadata
  /** Sends initial metadata (once; later calls and calls after the answer do nothing). */
  sendMetadata(metadata: Metadata): void
}

/** grpc-js's `sendUnaryData`: an error (with `code`, `details`, `metadata`) or the response, and trailing metadata. */
export type UnaryCallback<Response = unknown> = (error: unknown, value?: Response | null, trailer?: Metadata) => void

export interface UnaryMethod {
  /** `/package.Service/Method`. */
  path: string
  deserialize(bytes: Buffer): unknown
  serialize(value: unknown): Buffer
  handler(call: UnaryCall, callback: UnaryCallback): void
}

/** Request headers grpc-js keeps from a handler's metadata: the transport's own. */
const TRANSPORT_HEADERS = ['grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding', 'accept-encoding', 'te', 'content-type']

const FIRST_HEADERS = { ...RESPONSE_HEADERS, 'grpc-accept-encoding': ACCEPTED_ENCODINGS, 'grpc-encoding': 'identity' }

function toFrame(message: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(5 + message.length)
  frame[0] = 0
  frame.writeUInt32BE(message.length, 1)
  message.copy(frame, 5)
  return frame
}

/** The caller's metadata as grpc-js gives it to a handler. */
function toCallMetadata(headers: IncomingHttpHeaders): Metadata {
  const metadata = Metadata.fromHttp2Headers(headers)
  for (const name of TRANSPORT_HEADERS) metadata.remove(name)
  return metadata
}

/** Serves `method` on `stream` (whose headers are `headers`), messages limited to `maxMessageBytes`. */
export function runUnaryCall(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, method: UnaryMethod, maxMessageBytes: number): void {
  let answered = false
  let headersSent = false
  let deadline: NodeJS.Timeout | undefined

  const isGone = () => stream.destroyed || stream.closed
  /** Runs `send`; a stream that cannot take it any more (reset, invalid header) is closed, never thrown from. */
  const guard = (send: () => void) => {
    try {
      send()
    } catch {
      if (!isGone()) stream.close(http2.NGHTTP2_INTERNAL_ERROR)
    }
  }
  const sendHeaders = (metadata: Metadata | undefined) => {
    headersSent = true
    stream.respond({ ...FIRST_HEADERS, ...metadata?.toHttp2Headers() }, { waitForTrailers: true })
  }
  const finish = (status: GrpcCallStatus, message?: Buffer) => {
    if (answered) return
    answered = true
    clearTimeout(deadline)
    if (isGone()) return
    guard(() => {
      if (!headersSent && message === undefined) {
        stream.respond(toStatusTrailers(status, true), { endStream: true })
        return
      }
      if (!headersSent) sendHeaders(undefined)
      stream.once('wantTrailers', () => guard(() => stream.sendTrailers(toStatusTrailers(status, false))))
      stream.end(message)
    })
  }
  const fail = (error: unknown) => {
    if (error instanceof GrpcStatusError) finish({ code: error.code, details: error.details })
    else finish({ code: GrpcStatus.INTERNAL, details: 'Internal server error' })
  }

  // The client went away (RST_STREAM, connection lost): nothing more is sent; a handler still
  // running finishes its work, and its answer is dropped, as with grpc-js.
  stream.once('close', () => {
    answered = true
    clearTimeout(deadline)
  })

  let metadata: Metadata
  try {
    const timeoutMs = getTimeoutMs(headers['grpc-timeout'] as string | undefined)
    if (timeoutMs !== undefined) {
      deadline = setTimeout(() => finish({ code: GrpcStatus.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }), timeoutMs)
    }
    metadata = toCallMetadata(headers)
  } catch (error) {
    fail(error)
    stream.resume()
    return
  }
  const encoding = typeof headers['grpc-encoding'] === 'string' ? headers['grpc-encoding'] : 'identity'

  const callback: UnaryCallback = (error, value, trailer) => {
    if (answered) return
    if (error) {
      const status = toCallStatus(error)
      finish(trailer ? { ...status, metadata: trailer } : status)
      return
    }
    let bytes: Buffer
    try {
      bytes = method.serialize(value)
    } catch {
      finish({ code: GrpcStatus.INTERNAL, details: 'Error serializing response' })
      return
    }
    finish({ code: GrpcStatus.OK, details: 'OK', metadata: trailer ?? null }, toFrame(bytes))
  }
  const call: UnaryCall = {
    request: undefined,
    metadata,
    sendMetadata(initial) {
      if (answered || headersSent || isGone()) return
      guard(() => sendHeaders(initial))
    },
  }
  const start = async (message: GrpcMessage) => {
    let bytes = message.bytes
    if (message.compressed) bytes = await decompressMessage(bytes, encoding, maxMessageBytes)
    if (answered) return
    try {
      ;(call as { request: unknown }).request = method.deserialize(bytes)
    } catch {
      finish({ code: GrpcStatus.INTERNAL, details: 'Error deserializing request' })
      return
    }
    try {
      method.handler(call, callback)
    } catch {
      finish({ code: GrpcStatus.UNKNOWN, details: 'Unknown error' })
    }
  }

  const decoder = createGrpcMessageDecoder(maxMessageBytes)
  let request: GrpcMessage | undefined
  stream.on('data', (chunk: Buffer) => {
    // After an answer the rest of the body is read and dropped, never buffered.
    if (answered) return
    try {
      for (const message of decoder.write(chunk)) {
        if (request) {
          finish({
            code: GrpcStatus.UNIMPLEMENTED,
            details: `Received a second request message for server streaming method ${method.path}`,
          })
          return
        }
        request = message
      }
    } catch (error) {
      fail(error)
    }
  })
  stream.on('end', () => {
    if (answered) return
    // A body cut short (a length prefix beyond its end) holds no message, as grpc-js sees it.
    if (!request) {
      finish({ code: GrpcStatus.UNIMPLEMENTED, details: `Received no request message for server streaming method ${method.path}` })
      return
    }
    start(request).catch(fail)
  })
}
