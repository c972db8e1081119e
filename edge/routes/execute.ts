/**
 * `POST /api/v1/solana/tx/execute` (docs/api.md#execute): a signed transaction simulated with every
 * vector, judged under the policy and, when it passes, sent and tracked. Either credential; one
 * request and one simulation charged (it simulates); the call recorded in history beside
 * simulations.
 */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { executeBodySchema, executeResponses, type ExecuteBody } from '../schemas/transactions.js'

export const EXECUTE_PATH = '/api/v1/solana/tx/execute'

/** Registers the execute route. */
export function registerExecuteRoute(app: FastifyInstance, { auth, transactions }: EdgeContext): void {
  app.post<{ Body: ExecuteBody }>(
    EXECUTE_PATH,
    {
      onRequest: auth.either,
      schema: {
        summary: 'Simulate, apply a policy, and send when it passes',
        description:
          'Takes a signed transaction (every required signature must verify: 422 invalid_signature otherwise). It is simulated ' +
          'with every detection vector and judged under `policy`; `submitted` sends it (and tracks it: GET ' +
          '/api/v1/solana/transactions/{signature}), `blocked` and `simulation_failed` send nothing.',
        body: executeBodySchema,
        response: executeResponses,
      },
      config: { auth: 'either', simulations: 1 },
    },
    (request) => transactions.execute(getPrincipal(request), request.body),
  )
}
