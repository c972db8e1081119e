/**
 * `GET /health`: liveness (docs/api.md#status-plans-and-health), with what a load balancer or
 * operator wants to see. It is 200 whenever this process answers, even with the engine down or the
 * history journal failing: liveness is about this process, and restarting it would not bring an
 * engine or a disk back. `state` says how well it can serve.
 */
import type { FastifyInstance } from 'fastify'
import type { JournalHealth } from '../../callers/journal-outage.js'
import type { Logger } from '../../lib/logger.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { healthResponses } from '../schemas/health.js'
import { getEngineState } from '../status/engine-state.js'
import { getJournalState, toJournalHealthBody } from '../status/journal-state.js'
import { getWorstState } from '../status/service-status.js'

/** Registers the health route; `getJournalHealth` is the history journal's (null without one). */
export function registerHealthRoute(
  app: FastifyInstance,
  engine: EngineClient,
  logger: Logger,
  getJournalHealth: () => JournalHealth | null = () => null,
): void {
  const startedAt = Date.now()
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        summary: "Liveness, with the engine's state",
        description:
          "A liveness probe: 200 whenever the edge answers, with the engine's state (its latest slot, geyser stream or RPC reads) and the history journal's beside it; no credential needed.",
        response: healthResponses,
      },
    },
    async () => {
      const { state, health } = await getEngineState(engine, logger)
      const journal = getJournalHealth()
      return {
        status: 'ok',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        engine_transport: engine.transport,
        state: getWorstState([state, getJournalState(journal)]),
        details: { engine: health, journal: toJournalHealthBody(journal) },
      }
    },
  )
}
