/**
 * A simulate answer already encoded as the gRPC port's SimulateResponse message, with the summary
 * its history record reads. A simulate worker answers the engine's gRPC port this way: the bytes
 * are transferred between threads, where the answer's object graph costs a structured clone on both
 * threads and the serving thread would then map and encode it (60–80 µs of its time per call at
 * saturation, bench/README.md). The port sends the bytes as they are (engine/server.ts).
 */
import { loadEngineProtoDefinition } from '../../lib/grpc/load-proto.js'
import { createMessageEncoder, type MessageEncoder } from '../../lib/grpc/message-encoder.js'
import type { MessageTypeDefinition } from '@grpc/proto-loader'
import type { SimulateSummary } from '../contract/serialized-simulate-response.js'
import type { SimulateResponse } from '../contract/simulate-response.js'
import { toSimulateResponseMessage } from './simulate-message.js'

export interface EncodedSimulateResponse {
  /** The SimulateResponse message's protobuf bytes: what the port sends. */
  message: Uint8Array
  summary: SimulateSummary
}

const SIMULATE_RESPONSE_TYPE = 'preflight.engine.v1.SimulateResponse'
type Serialize = (value: object) => Uint8Array
interface Codec {
  /** proto-loader's serializer, the port's own: what `fast` leaves. */
  serialize: Serialize
  fast: MessageEncoder
}
let codec: Codec | undefined

/** The port's codec (proto-loader, the options the port loads the contract with) and a faster encoder of the same bytes. */
function getCodec(): Codec {
  if (codec) return codec
  const definition = loadEngineProtoDefinition()
  const serialize = (definition[SIMULATE_RESPONSE_TYPE] as MessageTypeDefinition<object, object>).serialize as Serialize
  codec = { serialize, fast: createMessageEncoder(definition, SIMULATE_RESPONSE_TYPE) }
  return codec
}

/**
 * The answer's message bytes. lib/grpc/message-encoder.ts writes them at about half proto-loader's
 * cost (bench/README.md); an answer outside its plain forms is encoded by proto-loader.
 * `transferable`: in a buffer of their own, for another thread (proto-loader's bytes are copied out
 * of its shared 8 KB slab).
 */
function encode(response: SimulateResponse, transferable: boolean): Uint8Array {
  const { serialize, fast } = getCodec()
  const message = toSimulateResponseMessage(response)
  const bytes = fast.encode(message, transferable)
  if (bytes) return bytes
  return transferable ? new Uint8Array(serialize(message)) : serialize(message)
}

/** The answer's message bytes in a buffer of their own, to transfer to another thread. */
export function encodeSimulateResponseMessage(response: SimulateResponse): Uint8Array {
  return encode(response, true)
}

/** Encodes an answer where it is (the serving thread's own engine); the response itself is its summary. */
export function encodeSimulateResponse(response: SimulateResponse): EncodedSimulateResponse {
  return { message: encode(response, false), summary: response }
}
