/**
 * Conversions between the engine's TipFloor (engine/contract/tips-response.ts) and its gRPC
 * message. A percentile without samples is null in JSON and an unset proto3 optional field here.
 */
import type { TipFloor as TipFloorMessage } from '../../proto/gen/preflight/engine/v1/TipFloor.js'
import type { TipFloor__Output as TipFloorOutput } from '../../proto/gen/preflight/engine/v1/TipFloor.js'
import type { TipFloor } from '../contract/tips-response.js'

/** The gRPC message of a tip floor. */
export function toTipFloorMessage(floor: TipFloor): TipFloorMessage {
  return {
    slots: floor.slots,
    sample_count: floor.sample_count,
    p25: floor.p25 ?? undefined,
    p50: floor.p50 ?? undefined,
    p75: floor.p75 ?? undefined,
    p95: floor.p95 ?? undefined,
    p99: floor.p99 ?? undefined,
    floor_lamports: floor.floor_lamports,
    tip_accounts: [...floor.tip_accounts],
  }
}

/** The tip floor a gRPC message carries. */
export function fromTipFloorMessage(message: TipFloorOutput): TipFloor {
  return {
    slots: message.slots,
    sample_count: message.sample_count,
    p25: message.p25 ?? null,
    p50: message.p50 ?? null,
    p75: message.p75 ?? null,
    p95: message.p95 ?? null,
    p99: message.p99 ?? null,
    floor_lamports: message.floor_lamports,
    tip_accounts: message.tip_accounts,
  }
}
