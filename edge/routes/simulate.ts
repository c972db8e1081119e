/** `POST /api/v1/solana/tx/simulate` (docs/api.md#simulate): either credential; one request and one simulation charged; history recorded off the hot path. */
import type { FastifyInstance } from 'fastify'
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../engine/simulate/simulate-options.js'
import { VECTORS } from '../../engine/simulate/simulate-types.js'
import { POLICY_PRESETS, RISK_LEVELS } from '../../engine/policy/policy.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { simulateResponses } from '../schemas/simulate.js'
import type { SimulationInput } from '../simulate/caller-simulator.js'

/**
 * The policy (docs/detection.md#policy-and-verdict): a preset name, or the fields to change (types here; ranges again in the engine for
 * every transport). A oneOf of two types, so generated clients type it (`'strict' | {...}`); an
 * error names the branch of the value's type (`policy.max_mev_score: must be <= 1`, not "must be
 * string": edge/validation-message.ts).
 */
export const policySchema = {
  $id: 'Policy',
  description: 'A preset name, or the fields to change (on top of `preset`, `default` when it is left out).',
  oneOf: [
    { type: 'string', enum: [...POLICY_PRESETS] },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        preset: { type: 'string', enum: [...POLICY_PRESETS] },
        require_simulation_pass: { type: 'boolean' },
        max_risk_level: { type: 'string', enum: [...RISK_LEVELS] },
        max_mev_score: { type: 'number', minimum: 0, maximum: 1 },
        relay_threshold: { type: 'number', minimum: 0, maximum: 1 },
        block_if_known_bots: { type: 'boolean' },
        force_relay: { type: 'boolean' },
        block_blacklisted: { type: 'boolean' },
        block_risky_tokens: { type: 'boolean' },
        block_token_flags: { type: 'array', maxItems: 16, items: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$' } },
        max_slippage_bps: { type: ['integer', 'null'], minimum: 0, maximum: 10_000 },
        max_compute_units: { type: ['integer', 'null'], minimum: 0, maximum: 1_400_000 },
        max_fee_sol: { type: ['number', 'null'], minimum: 0, maximum: 1_000_000 },
      },
    },
  ],
} as const

export const simulateBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: {
    // Too long a transaction is invalid_transaction (edge/simulate/caller-simulator.ts); BODY_LIMIT_BYTES caps the string.
    transaction: { type: 'string', minLength: 1 },
    vectors: { type: 'array', items: { type: 'string', enum: [...VECTORS] }, maxItems: VECTORS.length, uniqueItems: true },
    timeout_ms: { type: 'integer', minimum: MIN_TIMEOUT_MS, maximum: MAX_TIMEOUT_MS },
    replace_recent_blockhash: { type: 'boolean' },
    policy: policySchema,
  },
} as const

/** Registers the simulate route. */
export function registerSimulateRoute(app: FastifyInstance, { auth, simulator }: EdgeContext): void {
  app.post<{ Body: SimulationInput }>(
    '/api/v1/solana/tx/simulate',
    {
      onRequest: auth.either,
      schema: { summary: 'Simulate a transaction and judge it', body: simulateBodySchema, response: simulateResponses },
      config: { auth: 'either', simulations: 1 },
    },
    (request) => simulator.simulate(getPrincipal(request), request.body),
  )
}
