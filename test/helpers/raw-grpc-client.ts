/**
 * A raw HTTP/2 client for a gRPC port: sends exactly the headers and bytes a test gives (a
 * truncated frame, a lying length prefix, a compressed flag, a wrong content-type), as an
 * attacker's client would, and reads the answer whole.
 */
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2'

export interface RawGrpcAnswer {
  /** The HTTP status. */
  httpStatus: number
  /** grpc-status as a number, from the trailers or a trailers-only answer (undefined: none). */
  grpcStatus: number | undefined
  /** grpc-message, percent-decoded. */
  grpcMessage: string | undefined
  headers: IncomingHttpHeaders
  trailers: IncomingHttpHeaders
  /** The response body (gRPC-framed). */
  body: Buffer
}

export interface RawGrpcRequest {
  path: string
  /** Sent after the defaults (content-type application/grpc, te trailers); a value of undefined removes one. */
  headers?: Record<string, string | undefined>
  body: Buffer
  /** Leave the request open after the body (no END_STREAM): the server must answer without waiting for the rest. */
  keepOpen?: boolean
}

/** The 5-byte gRPC prefix (flag, big-endian length) before `message`; `length` may lie. */
export function toGrpcFrame(message: Buffer, options: { compressed?: boolean; length?: number } = {}): Buffer {
  const prefix = Buffer.alloc(5)
  prefix[0] = options.compressed ? 1 : 0
  prefix.writeUInt32BE(options.length ?? message.length, 1)
  return Buffer.concat([prefix, message])
}

/** Opens a connection to host:port. */
export function connectRaw(address: string): ClientHttp2Session {
  const session = connect(`http://${address}`)
  session.on('error', () => undefined)
  return session
}

/** Sends one request on `session` and resolves with its answer (rejects if the stream fails). */
export function sendRaw(session: ClientHttp2Session, request: RawGrpcRequest): Promise<RawGrpcAnswer> {
  const headers: Record<string, string> = { ':method': 'POST', ':path': request.path, 'content-type': 'application/grpc', te: 'trailers' }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === undefined) delete headers[name]
    else headers[name] = value
  }
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: false })
    let responseHeaders: IncomingHttpHeaders = {}
    let trailers: IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    stream.on('response', (received) => (responseHeaders = received))
    stream.on('trailers', (received) => (trailers = received))
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('error', reject)
    // The server's side ending is the answer, whether or not the request was left open.
    stream.on('end', () => {
      const status = trailers['grpc-status'] ?? responseHeaders['grpc-status']
      const message = trailers['grpc-message'] ?? responseHeaders['grpc-message']
      resolve({
        httpStatus: Number(responseHeaders[':status']),
        grpcStatus: status === undefined ? undefined : Number(status),
        grpcMessage: typeof message === 'string' ? decodeURIComponent(message) : undefined,
        headers: responseHeaders,
        trailers,
        body: Buffer.concat(chunks),
      })
      if (request.keepOpen) stream.close()
    })
    if (request.keepOpen) stream.write(request.body)
    else stream.end(request.body)
  })
}
