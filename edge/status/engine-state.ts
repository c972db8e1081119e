/**
 * The engine's part in the edge's `/health` and `/api/v1/status`: its own report (operational or
 * degraded), or `down` when it does not answer (over gRPC: not within the health deadline).
 */
import type { EngineHealth } from '../../engine/contract/engine-health.js'
import type { Logger } from '../../lib/logger.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import type { ServiceState } from './service-status.js'

export interface EngineState {
  state: ServiceState
  /** What the engine said about itself; null when it could not be reached. */
  health: EngineHealth | null
}

/** Asks the engine for its health; an engine that cannot answer is `down`, never a rejection. */
export async function getEngineState(engine: EngineClient, logger: Logger): Promise<EngineState> {
  try {
    const health = await engine.health()
    return { state: health.status, health }
  } catch (error) {
    logger.warn({ err: error }, 'engine health unavailable')
    return { state: 'down', health: null }
  }
}
