/**
 * The gRPC floor: a bare node:http2 server that answers every unary POST, whatever its path, with
 * one fixed gRPC message (5-byte length prefix + the service's own encoded SimulateResponse),
 * `content-type: application/grpc` and the trailer `grpc-status: 0`, after reading the request to
 * its end. No decoding, no work: the cost of HTTP/2 + gRPC framing + loopback + the client alone.
 */
import { createServer, type Http2Server, type ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'

export interface BareGrpcServer {
  readonly port: number
  close(): Promise<void>
}

const HEADERS = { ':status': 200, 'content-type': 'application/grpc' }
const TRAILERS = { 'grpc-status': '0' }

/** Starts the server on 127.0.0.1 and a free port, answering `message` (prefix included). */
export async function createBareGrpcServer(message: Buffer): Promise<BareGrpcServer> {
  const server: Http2Server = createServer()
  server.on('stream', (stream: ServerHttp2Stream) => {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      if (stream.destroyed) return
      stream.respond(HEADERS, { waitForTrailers: true })
      stream.once('wantTrailers', () => stream.sendTrailers(TRAILERS))
      stream.end(message)
    })
    stream.on('error', () => undefined)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
