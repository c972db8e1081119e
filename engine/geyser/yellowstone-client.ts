/**
 * The engine's handle on `@triton-one/yellowstone-grpc`, loaded with require: its ESM build is not
 * a `"type": "module"` package, and under tap's TypeScript loader a named ESM import of it
 * resolves to the CommonJS entry, whose names Node cannot see (as in localnet/geyser/yellowstone-messages.ts).
 */
import { createRequire } from 'node:module'
import type * as Yellowstone from '@triton-one/yellowstone-grpc'
import type { ClientDuplexStream, SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc'

const yellowstone = createRequire(import.meta.url)('@triton-one/yellowstone-grpc') as typeof Yellowstone.default

export type { ClientDuplexStream, SubscribeRequest, SubscribeUpdate }
export type YellowstoneClient = InstanceType<typeof yellowstone.default>

/** The package's Client class. */
export const YellowstoneClientClass = yellowstone.default
export const CommitmentLevel = yellowstone.CommitmentLevel
export const SlotStatus = yellowstone.SlotStatus
/** Builds a full SubscribeRequest from the fields given (the rest take proto defaults). */
export const toSubscribeRequest = yellowstone.SubscribeRequest.fromPartial as (partial: Record<string, unknown>) => SubscribeRequest
