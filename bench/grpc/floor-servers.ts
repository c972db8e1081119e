/**
 * The two floors the engine's gRPC port is compared with, answering every call with the same
 * captured Simulate response: a bare node:http2 server that frames it by hand (what HTTP/2 and gRPC
 * framing cost in Node), and a grpc-js server whose handler does nothing (identity codecs: what
 * grpc-js itself adds).
 */
import { createServer, type Http2Server, type ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js'
import { toGrpcFrame } from '../support/grpc-frame.js'

export interface FloorServer {
  port: number
  close(): Promise<void>
}

/** A node:http2 server that reads each request to its end, then answers `response` with gRPC framing and an OK status. */
export async function startBareHttp2Server(response: Uint8Array): Promise<FloorServer> {
  const frame = toGrpcFrame(response)
  const server: Http2Server = createServer()
  server.on('stream', (stream: ServerHttp2Stream) => {
    stream.on('error', () => undefined)
    stream.on('data', () => undefined)
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true })
      stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'grpc-message': 'OK' }))
      stream.end(frame)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const identity = (bytes: Buffer) => bytes

/** A grpc-js server whose `path` handler answers `response` at once, bytes in and out untouched. */
export async function startGrpcJsNoopServer(path: string, response: Uint8Array): Promise<FloorServer> {
  const answer = Buffer.from(response)
  const server = new Server()
  server.register(
    path,
    (_call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => callback(null, answer),
    identity,
    identity,
    'unary',
  )
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  )
  return { port, close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) }
}
