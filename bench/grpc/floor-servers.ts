/**
 * The grpc-js floor the engine's gRPC port is compared with: a server whose handler answers the
 * captured Simulate response at once (identity codecs: what grpc-js itself adds). The bare HTTP/2
 * floor is bench:floor's (bench/floor/bare-grpc-server.ts).
 */
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js'

export interface FloorServer {
  port: number
  close(): Promise<void>
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
