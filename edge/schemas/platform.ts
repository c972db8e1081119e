/** Response schemas of the public platform routes: plans and status (docs/api.md#status-plans-and-health). */
import { createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** The pricing the quota enforces, and whether this deployment bills through Stripe. */
export const plansSchema = {
  $id: 'PlansResponse',
  type: 'object',
  required: ['model', 'analysis_free_tier', 'analysis_rate', 'billing_enabled'],
  additionalProperties: false,
  properties: {
    model: { type: 'string', const: 'pay_as_you_go' },
    analysis_free_tier: { type: 'integer', minimum: 0, description: 'Free simulations a day (reset 00:00 UTC).' },
    analysis_rate: { type: 'number', minimum: 0, description: 'EUR per simulation past the free tier.' },
    billing_enabled: {
      type: 'boolean',
      description:
        'Whether this deployment has Stripe configured: true, checkout, portal, subscription and usage work; false, every billing route answers 503 billing_unavailable and every account stays on the free tier.',
    },
  },
} as const

const serviceStateSchema = { type: 'string', enum: ['operational', 'degraded', 'down'] } as const

/** The service's state and the last 24 h of every caller's simulations. */
export const serviceStatusSchema = {
  $id: 'ServiceStatus',
  type: 'object',
  required: [
    'status',
    'total_simulations',
    'simulations_24h',
    'success_rate_24h',
    'latency_p50_ms',
    'latency_p95_ms',
    'latency_p99_ms',
    'uptime_pct',
  ],
  additionalProperties: false,
  properties: {
    status: serviceStateSchema,
    total_simulations: { type: 'integer', minimum: 0 },
    simulations_24h: { type: 'integer', minimum: 0 },
    success_rate_24h: { type: 'number', minimum: 0, maximum: 1 },
    latency_p50_ms: { type: 'number', minimum: 0 },
    latency_p95_ms: { type: 'number', minimum: 0 },
    latency_p99_ms: { type: 'number', minimum: 0 },
    uptime_pct: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description: 'Share of the observed minutes of the last 24 h in which the service was operational.',
    },
  },
} as const

export const plansResponses = { 200: plansSchema, ...createErrorResponses(SERVER_ERRORS) }
export const statusResponses = { 200: serviceStatusSchema, ...createErrorResponses(SERVER_ERRORS) }
