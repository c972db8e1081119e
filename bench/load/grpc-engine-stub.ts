/**
 * A client of the engine's `Simulate` (proto/engine.proto) for load runs: gRPC's unary framing
 * written directly on one node:http2 connection (the 5-byte length prefix and the encoded request,
 * `content-type: application/grpc`, `te: trailers`, `grpc-timeout`), sending the target's API key
 * as `x-api-key` metadata as a co-located client does. Requests are encoded once; answers are not
 * decoded: a call is good when its `grpc-status` (in the trailers, or in the headers of a
 * trailers-only answer) is 0, as h2load and autocannon never parse a body either.
 *
 * Not grpc-js: measured against the bare HTTP/2 server in the same run (2026-11-30), one grpc-js
 * channel in a load process held p99 under 10 ms only up to 750–2,000 calls/s and fell behind
 * its own schedule by 4,000/s (p50 0.77 s), while this client held 4,000/s at p50 1.2 ms on the
 * same loaded machine: the generator, not the server, set the gRPC door's open-loop figure.
 * grpc-js stays what the service's own tests and SDK clients use. This client has a GC cost of its
 * own too (5–10 ms scavenges every ≈200 ms at 4,000/s: node:http2's per-stream objects outlive a
 * scavenge), so `bench:floor` runs gRPC's open loop with h2load (bench/floor/h2load-run.ts) and
 * uses this client for one caller and unique-transaction saturation.
 */
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders, type IncomingHttpStatusHeader } from 'node:http2'
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import { toGrpcFrame } from '../support/grpc-frame.js'
import type { LoadTarget } from './load-run-spec.js'

type GrpcTarget = Extract<LoadTarget, { kind: 'grpc' }>

export interface GrpcEngineStub {
  /** Calls Simulate with request `index` (cycled); resolves undefined when OK, else what went wrong. */
  call(index: number, deadlineMs: number): Promise<string | undefined> & { cancel(): void }
  close(): void
}

/** How long the connection may take to open. */
const CONNECT_TIMEOUT_MS = 5_000

/** What a call's answer says went wrong, or undefined for grpc-status 0 over HTTP 200. */
export function toGrpcProblem(
  headers: IncomingHttpHeaders & IncomingHttpStatusHeader,
  trailers: IncomingHttpHeaders | undefined,
): string | undefined {
  const httpStatus = headers[':status']
  if (httpStatus !== 200) return `HTTP ${String(httpStatus)}`
  // A trailers-only answer (an error before any message) carries its status in the headers.
  const grpcStatus = trailers?.['grpc-status'] ?? headers['grpc-status']
  if (grpcStatus === '0') return undefined
  if (grpcStatus === undefined) return 'gRPC answer without grpc-status'
  const message = trailers?.['grpc-message'] ?? headers['grpc-message']
  return `gRPC ${String(grpcStatus)}: ${message === undefined ? '' : decodeURIComponent(String(message))}`
}

/** Opens one HTTP/2 connection to `target.address` and resolves once it is established. */
export async function createGrpcEngineStub(target: GrpcTarget): Promise<GrpcEngineStub> {
  const method = loadEngineProto().preflight.engine.v1.Engine.service.Simulate
  const requests = target.transactions.map((base64) =>
    toGrpcFrame(
      method.requestSerialize({
        transaction: Buffer.from(base64, 'base64'),
        vectors: [],
        timeout_ms: 0,
        replace_recent_blockhash: target.replaceRecentBlockhash,
      }),
    ),
  )
  if (requests.length === 0) throw new Error('no gRPC request to send')
  const session: ClientHttp2Session = connect(`http://${target.address}`)
  // A connection that fails later fails its calls (each stream errors); nothing else listens.
  session.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no HTTP/2 connection to ${target.address} within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    )
    session.once('connect', () => {
      clearTimeout(timer)
      resolve()
    })
    session.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
  const headersFor = (deadlineMs: number) => ({
    ':method': 'POST',
    ':path': method.path,
    'content-type': 'application/grpc',
    te: 'trailers',
    'grpc-timeout': `${deadlineMs}m`,
    ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}),
  })
  return {
    call(index, deadlineMs) {
      let cancel = () => undefined as void
      const promise = new Promise<string | undefined>((resolve) => {
        let stream
        try {
          stream = session.request(headersFor(deadlineMs), { endStream: false })
        } catch (error) {
          resolve(`no stream: ${String(error)}`)
          return
        }
        let headers: (IncomingHttpHeaders & IncomingHttpStatusHeader) | undefined
        let trailers: IncomingHttpHeaders | undefined
        let failure: string | undefined
        stream.on('response', (received) => (headers = received))
        stream.on('trailers', (received) => (trailers = received))
        // The answer's bytes are not decoded, but must be read for the stream to end.
        stream.on('data', () => undefined)
        stream.on('error', (error) => (failure ??= String(error)))
        stream.on('close', () => resolve(failure ?? (headers ? toGrpcProblem(headers, trailers) : 'stream closed without an answer')))
        stream.end(requests[index % requests.length])
        cancel = () => stream.close(constants.NGHTTP2_CANCEL)
      })
      return Object.assign(promise, { cancel: () => cancel() })
    },
    close: () => session.close(),
  }
}
