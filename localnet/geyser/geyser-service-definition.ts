/**
 * The `geyser.Geyser` gRPC service as Yellowstone defines it (geyser.proto), written out for
 * grpc-js with the client package's message codecs: the package ships ts-proto messages but no
 * service definition. SubscribeDeshred is left out, so grpc-js answers it UNIMPLEMENTED.
 * Subscribe's responses are written pre-encoded (see subscribe-stream.ts), hence bytes there, and
 * its requests go through subscribe-request-codec.ts.
 */
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js'
import {
  type SubscribeRequest as SubscribeRequestMessage,
  GetBlockHeightRequest,
  GetBlockHeightResponse,
  GetLatestBlockhashRequest,
  GetLatestBlockhashResponse,
  GetSlotRequest,
  GetSlotResponse,
  GetVersionRequest,
  GetVersionResponse,
  IsBlockhashValidRequest,
  IsBlockhashValidResponse,
  PingRequest,
  PongResponse,
  SubscribeReplayInfoRequest,
  SubscribeReplayInfoResponse,
  SubscribeRequest,
} from './yellowstone-messages.js'
import { decodeSubscribeRequest } from './subscribe-request-codec.js'

type Codec<T> = { encode(message: T): { finish(): Uint8Array }; decode(input: Uint8Array): T }

function unary<Req, Res>(name: string, request: Codec<Req>, response: Codec<Res>): MethodDefinition<Req, Res> {
  return {
    path: `/geyser.Geyser/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (message: Req) => Buffer.from(request.encode(message).finish()),
    requestDeserialize: (bytes: Buffer) => request.decode(bytes),
    responseSerialize: (message: Res) => Buffer.from(response.encode(message).finish()),
    responseDeserialize: (bytes: Buffer) => response.decode(bytes),
  }
}

/** The service definition, for `Server.addService`. */
export const geyserServiceDefinition = {
  Subscribe: {
    path: '/geyser.Geyser/Subscribe',
    requestStream: true,
    responseStream: true,
    requestSerialize: (message: SubscribeRequestMessage) => Buffer.from(SubscribeRequest.encode(message).finish()),
    requestDeserialize: (bytes: Buffer) => decodeSubscribeRequest(bytes),
    // Already an encoded SubscribeUpdate.
    responseSerialize: (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    responseDeserialize: (bytes: Buffer) => new Uint8Array(bytes),
  } satisfies MethodDefinition<SubscribeRequestMessage, Uint8Array>,
  SubscribeReplayInfo: unary('SubscribeReplayInfo', SubscribeReplayInfoRequest, SubscribeReplayInfoResponse),
  Ping: unary('Ping', PingRequest, PongResponse),
  GetLatestBlockhash: unary('GetLatestBlockhash', GetLatestBlockhashRequest, GetLatestBlockhashResponse),
  GetBlockHeight: unary('GetBlockHeight', GetBlockHeightRequest, GetBlockHeightResponse),
  GetSlot: unary('GetSlot', GetSlotRequest, GetSlotResponse),
  IsBlockhashValid: unary('IsBlockhashValid', IsBlockhashValidRequest, IsBlockhashValidResponse),
  GetVersion: unary('GetVersion', GetVersionRequest, GetVersionResponse),
} satisfies ServiceDefinition
