/** The engine's handle on `@triton-one/yellowstone-grpc` (loaded in lib/yellowstone.ts). */
import type { ClientDuplexStream, SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc'
import { yellowstone } from '../../../lib/yellowstone.js'

export type { ClientDuplexStream, SubscribeRequest, SubscribeUpdate }
export type YellowstoneClient = InstanceType<typeof yellowstone.default>

/** The package's Client class. */
export const YellowstoneClientClass = yellowstone.default
export const CommitmentLevel = yellowstone.CommitmentLevel
export const SlotStatus = yellowstone.SlotStatus
/** Builds a full SubscribeRequest from the fields given (the rest take proto defaults). */
export const toSubscribeRequest = yellowstone.SubscribeRequest.fromPartial as (partial: Record<string, unknown>) => SubscribeRequest
