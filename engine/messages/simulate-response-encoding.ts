/**
 * A simulate answer already encoded as the gRPC port's SimulateResponse message, with the summary
 * its history record reads. A simulate worker answers the engine's gRPC port this way: the bytes
 * are transferred between threads, where the answer's object graph costs a structured clone on both
 * threads and the serving thread would then map and encode it (60–80 µs of its time per call at
 * saturation, bench/README.md). The port sends the bytes as they are (engine/server.ts).
 */
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import type { SimulateSummary } from '../contract/serialized-simulate-response.js'
import type { SimulateResponse } from '../contract/simulate-response.js'
import { toSimulateResponseMessage } from './simulate-message.js'

export interface EncodedSimulateResponse {
  /** The SimulateResponse message's protobuf bytes: what the port sends. */
  message: Uint8Array
  summary: SimulateSummary
}

type Serialize = (value: object) => Uint8Array
let serializeResponse: Serialize | undefined

/** The port's own codec (proto-loader, the options the port loads the contract with): the same bytes it would write. */
function getSerializer(): Serialize {
  serializeResponse ??= loadEngineProto().preflight.engine.v1.Engine.service.Simulate.responseSerialize as Serialize
  return serializeResponse
}

/**
 * The answer's message bytes in a buffer of their own, to transfer to another thread: the encoder
 * writes small messages into a shared 8 KB slab, which can be neither transferred nor cloned
 * without copying the whole slab.
 */
export function encodeSimulateResponseMessage(response: SimulateResponse): Uint8Array {
  return new Uint8Array(getSerializer()(toSimulateResponseMessage(response)))
}

/** Encodes an answer where it is (the serving thread's own engine): the bytes stay in the slab, and the response itself is its summary. */
export function encodeSimulateResponse(response: SimulateResponse): EncodedSimulateResponse {
  return { message: getSerializer()(toSimulateResponseMessage(response)), summary: response }
}
