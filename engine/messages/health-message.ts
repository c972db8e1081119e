/**
 * Conversions between the engine's EngineHealth and its gRPC message. The message mirrors the JSON
 * names; `geyser: null` (no endpoint configured) and `workers: null` (none) are unset message fields.
 */
import type { HealthResponse as HealthResponseMessage } from '../../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { HealthResponse__Output as HealthResponseOutput } from '../../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { EngineHealth, GeyserState } from '../contract/engine-health.js'

/** The gRPC message of the engine's health. */
export function toHealthResponseMessage(health: EngineHealth): HealthResponseMessage {
  return {
    status: health.status,
    slot: health.slot,
    freshness: health.freshness,
    geyser: health.geyser ?? undefined,
    workers: health.workers ?? undefined,
  }
}

/** The engine health a gRPC message carries. */
export function fromHealthResponseMessage(message: HealthResponseOutput): EngineHealth {
  const geyser = message.geyser
  return {
    // Anything but an explicit "operational" (an empty or unknown value) must not read as healthy.
    status: message.status === 'operational' ? 'operational' : 'degraded',
    slot: message.slot,
    freshness: message.freshness === 'geyser' ? 'geyser' : 'rpc',
    geyser:
      geyser === null
        ? null
        : {
            state: geyser.state as GeyserState,
            endpoints: geyser.endpoints.map((endpoint) => ({
              endpoint: endpoint.endpoint,
              state: endpoint.state as GeyserState,
              last_slot: endpoint.last_slot,
            })),
          },
    workers: message.workers === null ? null : { configured: message.workers.configured, ready: message.workers.ready },
  }
}
