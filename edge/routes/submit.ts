/**
 * `POST /api/v1/solana/tx/submit` (docs/api.md#submit, docs/relay.md): a signed transaction landed
 * with a named strategy, and tracked. Either credential; one request charged, no simulation toward
 * the quota (as send); the engine's refusals (bundle_rejected with its lint, relay_busy with
 * Retry-After) reach the client as they are.
 */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { submitBodySchema, submitResponses, type SubmitBody } from '../schemas/transactions.js'

export const SUBMIT_PATH = '/api/v1/solana/tx/submit'

/** Registers the submit route. */
export function registerSubmitRoute(app: FastifyInstance, { auth, transactions }: EdgeContext): void {
  app.post<{ Body: SubmitBody }>(
    SUBMIT_PATH,
    {
      onRequest: auth.either,
      schema: {
        summary: 'Land a signed transaction with a strategy (direct, staked endpoints, or a relay bundle with a managed tip)',
        description:
          'Takes a signed transaction (every required signature must verify: 422 invalid_signature otherwise) and lands it with ' +
          '`strategy`: `direct` sends it to the public RPC endpoints, `staked_sender` to the staked ones only, `auto_direct` sends ' +
          'it direct and escalates to a managed-tip bundle when it has not landed within a few slots, and `managed_tip_bundle` ' +
          "sends it as a bundle through the relay with a tip the service's tip wallet pays (`tip_lamports`, default the p75 of " +
          'GET /api/v1/solana/tips). A bundle is linted before the relay sees it (422 bundle_rejected with `error.bundle_lint` ' +
          "when a rule fails); 503 relay_busy with Retry-After when the relay's rate limit cannot fit the call within " +
          '`deadline_ms`. staked_sender and managed_tip_bundle are billed per call. Tracked like a send (GET ' +
          '/api/v1/solana/transactions/{signature}). Strategies and lint rules: docs/relay.md.',
        body: submitBodySchema,
        response: submitResponses,
        retryAfterStatuses: [503],
      },
      config: { auth: 'either' },
    },
    (request) => transactions.submit(getPrincipal(request), request.body),
  )
}
