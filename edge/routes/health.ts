/**
 * `GET /health`: liveness (docs/api.md#status-plans-and-health), with what a load balancer or
 * operator wants to see. It is 200 whenever this process answers, even with the engine down:
 * liveness is about this process, and restarting the edge would not bring an engine back. `state`
 * says how well it can serve.
 */
import type { FastifyInstance } from 'fastify'
import type { Logger } from '../../lib/logger.js'
import type { EngineClient } from '../engine-client.js'
import { healthResponses } from '../schemas/health.js'
import { getEngineState } from '../status/engine-state.js'

/** Registers the health route. */
export function registerHealthRoute(app: FastifyInstance, engine: EngineClient, logger: Logger): void {
  const startedAt = Date.now()
  app.get(
    '/health',
    { config: { auth: 'none' }, schema: { summary: "Liveness, with the engine's state", response: healthResponses } },
    async () => {
      const { state, health } = await getEngineState(engine, logger)
      return {
        status: 'ok',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        engine_transport: engine.transport,
        state,
        details: { engine: health },
      }
    },
  )
}
