/**
 * A grpc-js client of the engine's `Simulate` (proto/engine.proto) for load runs, sending the
 * target's API key as `x-api-key` metadata as a co-located client does. Requests are
 * serialized once; answers are not decoded: the generator only needs each call's status (a
 * non-OK status is an error), as autocannon never parses a JSON body. Decoding every response with
 * proto-loader made the worker's own garbage collection (7–13 ms scavenges at 1,000 calls/s) the
 * largest part of the gRPC tail, a property of the generator rather than of the server.
 */
import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js'
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import type { LoadTarget } from './load-run-spec.js'

type GrpcTarget = Extract<LoadTarget, { kind: 'grpc' }>

export interface GrpcEngineStub {
  /** Calls Simulate with request `index` (cycled); resolves undefined when OK, else what went wrong. */
  call(index: number, deadlineMs: number): Promise<string | undefined> & { cancel(): void }
  close(): void
}

const identity = (bytes: Buffer) => bytes

/** What an error of a call says, for the log. */
export function toGrpcProblem(error: ServiceError): string {
  return `gRPC ${error.code}: ${error.details}`
}

/** Connects to `target.address` (one channel, one HTTP/2 connection) and waits until it is ready. */
export async function createGrpcEngineStub(target: GrpcTarget): Promise<GrpcEngineStub> {
  const { service } = loadEngineProto().preflight.engine.v1.Engine
  const method = service.Simulate
  const requests = target.transactions.map((base64) =>
    method.requestSerialize({
      transaction: Buffer.from(base64, 'base64'),
      vectors: [],
      timeout_ms: 0,
      replace_recent_blockhash: target.replaceRecentBlockhash,
    }),
  )
  if (requests.length === 0) throw new Error('no gRPC request to send')
  // A local subchannel pool: each stub gets a connection of its own instead of sharing one.
  const client = new Client(target.address, credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 })
  await new Promise<void>((resolve, reject) => client.waitForReady(Date.now() + 5_000, (error) => (error ? reject(error) : resolve())))
  // One instance for every call, as engine/client/engine-client.ts does: grpc-js only reads it.
  const metadata = new Metadata()
  if (target.apiKey) metadata.set('x-api-key', target.apiKey)
  return {
    call(index, deadlineMs) {
      let cancel = () => undefined as void
      const promise = new Promise<string | undefined>((resolve) => {
        const request = requests[index % requests.length] as Buffer
        const call = client.makeUnaryRequest(
          method.path,
          identity,
          identity,
          request,
          metadata,
          { deadline: Date.now() + deadlineMs },
          (error) => resolve(error ? toGrpcProblem(error) : undefined),
        )
        cancel = () => call.cancel()
      })
      return Object.assign(promise, { cancel: () => cancel() })
    },
    close: () => client.close(),
  }
}
