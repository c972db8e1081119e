/** `GET /health`: liveness (SPEC 4.5), with what a load balancer or operator wants to see. */
import type { FastifyInstance } from 'fastify'
import type { EngineClient } from '../engine-client.js'

/** Registers the health route. */
export function registerHealthRoute(app: FastifyInstance, engine: EngineClient): void {
  const startedAt = Date.now()
  app.get('/health', async () => ({
    status: 'ok',
    uptime_s: Math.round((Date.now() - startedAt) / 1000),
    engine_transport: engine.transport,
  }))
}
