/** The public platform routes: plans and status (docs/api.md#status-plans-and-health). */
import type { FastifyInstance } from 'fastify'
import type { BillingService } from '../../accounts/contract/index.js'
import { plansResponses, statusResponses } from '../schemas/platform.js'
import type { ServiceStatusReader } from '../status/service-status.js'

/** The pricing the quota enforces: 1,000 free simulations a day, then 0.002 EUR each. */
export const PLANS = Object.freeze({ model: 'pay_as_you_go', analysis_free_tier: 1000, analysis_rate: 0.002 })

/**
 * Whether the accounts service has Stripe configured, asked once: STRIPE_SECRET_KEY is read at
 * that service's start, so the answer holds for as long as it runs. Concurrent first requests share
 * one call; a failed call (the accounts service unreachable: accounts_unavailable) is not kept, so
 * the next request asks again.
 */
export function createBillingEnabledReader(billing: Pick<BillingService, 'isBillingEnabled'>): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined
  return () =>
    (answer ??= billing.isBillingEnabled().catch((error: unknown) => {
      answer = undefined
      throw error
    }))
}

/** Registers plans and status. */
export function registerPlatformRoutes(
  app: FastifyInstance,
  status: ServiceStatusReader,
  billing: Pick<BillingService, 'isBillingEnabled'>,
): void {
  const isBillingEnabled = createBillingEnabledReader(billing)
  app.get(
    '/api/v1/plans',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Prices, and whether billing is on',
        description:
          'The pricing model the quota enforces: 1,000 free simulations a day, then the rate per simulation for an account with a card on file; and whether this deployment has billing (Stripe) configured, so a client knows before calling a billing route.',
        response: plansResponses,
        // The first request asks the accounts service whether billing is configured: 503 accounts_unavailable carries Retry-After.
        retryAfterStatuses: [503],
      },
    },
    async () => ({ ...PLANS, billing_enabled: await isBillingEnabled() }),
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
