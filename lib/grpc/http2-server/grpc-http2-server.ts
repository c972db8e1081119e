/**
 * A gRPC server of unary methods on node:http2 (plaintext, as grpc-js's insecure credentials), for
 * a port where grpc-js's own per-call work is measurable (bench/grpc/README.md). Every failure of a
 * connection or a stream stays with it; `close()` stops taking connections, lets the calls in
 * flight answer, and ends what is left after `closeGraceMs`.
 */
import { constants as http2, createServer, type IncomingHttpHeaders, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { status as GrpcStatus } from '@grpc/grpc-js'
import { toStatusTrailers } from './grpc-call-status.js'
import { runUnaryCall, type UnaryMethod } from './unary-call.js'

/** grpc-js's default limit on a received message. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024

export interface GrpcHttp2ServerOptions {
  host: string
  /** 0 picks a free one. */
  port: number
  methods: readonly UnaryMethod[]
  maxMessageBytes?: number
  /** How long `close()` waits for the connections to finish their calls before it ends them (default 10 s). */
  closeGraceMs?: number
}

export interface GrpcHttp2Server {
  readonly port: number
  /** Stops accepting calls, waits for those in flight (at most closeGraceMs), then ends every connection. */
  close(): Promise<void>
}

const ignore = () => undefined

/** Listens on host:port; rejects with the listen error (EADDRINUSE, EACCES) as Node raises it. */
export async function startGrpcHttp2Server(options: GrpcHttp2ServerOptions): Promise<GrpcHttp2Server> {
  const { maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES, closeGraceMs = 10_000 } = options
  const methods = new Map(options.methods.map((method) => [method.path, method]))
  const sessions = new Set<ServerHttp2Session>()
  const server = createServer()

  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session)
    session.on('error', ignore)
    session.once('close', () => sessions.delete(session))
  })
  // A client's protocol error ends its own connection; nothing to do beyond not throwing.
  server.on('sessionError', ignore)
  server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    stream.on('error', ignore)
    try {
      const contentType = headers[http2.HTTP2_HEADER_CONTENT_TYPE]
      if (typeof contentType !== 'string' || !contentType.startsWith('application/grpc')) {
        stream.respond({ [http2.HTTP2_HEADER_STATUS]: http2.HTTP_STATUS_UNSUPPORTED_MEDIA_TYPE }, { endStream: true })
        stream.resume()
        return
      }
      const path = String(headers[http2.HTTP2_HEADER_PATH])
      const method = methods.get(path)
      if (!method) {
        const details = `The server does not implement the method ${path}`
        stream.respond(toStatusTrailers({ code: GrpcStatus.UNIMPLEMENTED, details }, true), { endStream: true })
        stream.resume()
        return
      }
      runUnaryCall(stream, headers, method, maxMessageBytes)
    } catch {
      if (!stream.destroyed && !stream.closed) stream.close(http2.NGHTTP2_INTERNAL_ERROR)
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', ignore)

  let closing: Promise<void> | undefined
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        // Resolves once every connection is gone: each closes when its last stream ends.
        server.close(() => {
          clearTimeout(grace)
          resolve()
        })
        for (const session of sessions) session.close()
        const grace = setTimeout(() => {
          for (const session of sessions) session.destroy()
        }, closeGraceMs)
      })
      return closing
    },
  }
}
