/** The public platform routes: plans and status (docs/api.md#status-plans-and-health). */
import type { FastifyInstance } from 'fastify'
import { plansResponses, statusResponses } from '../schemas/platform.js'
import type { ServiceStatusReader } from '../status/service-status.js'

/** The pricing the quota enforces: 1,000 free simulations a day, then 0.002 EUR each. */
export const PLANS = Object.freeze({ model: 'pay_as_you_go', analysis_free_tier: 1000, analysis_rate: 0.002 })

/** Registers plans and status. */
export function registerPlatformRoutes(app: FastifyInstance, status: ServiceStatusReader): void {
  app.get(
    '/api/v1/plans',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Prices',
        description:
          'The pricing model the quota enforces: 1,000 free simulations a day, then the rate per simulation for an account with a card on file.',
        response: plansResponses,
      },
    },
    async () => PLANS,
  )
  app.get(
    '/api/v1/status',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Service status',
        description:
          "Whether the service is operational, degraded or down, with every caller's last 24 hours: simulations, success rate, latency percentiles, uptime; no credential needed (cached 5 s).",
        response: statusResponses,
      },
    },
    () => status.get(),
  )
}
