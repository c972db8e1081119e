/** `POST /api/v1/solana/tx/simulate` (docs/api.md#simulate): either credential; one request and one simulation charged; history recorded off the hot path; the answer is the engine's own JSON text. */
import type { FastifyInstance } from 'fastify'
import { simulateRequestSchema, type SimulateRequest } from '../../engine/contract/simulate-request.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { simulateResponses } from '../schemas/simulate.js'

/** Registers the simulate route; its body is the contract's simulate request (engine/contract/simulate-request.ts). */
export function registerSimulateRoute(app: FastifyInstance, { auth, simulator }: EdgeContext): void {
  app.post<{ Body: SimulateRequest }>(
    '/api/v1/solana/tx/simulate',
    {
      onRequest: auth.either,
      schema: {
        summary: 'Simulate a transaction and judge it',
        description:
          'Simulates a wire transaction (base64) on a warm SVM and runs the six detection vectors (MEV, slippage, rug-pull tokens, programs, drains, approvals): success, fee, compute units, balance changes per signer, findings and a verdict (approve, warn, block) under a policy. Counts one simulation toward the quota.',
        body: simulateRequestSchema,
        response: simulateResponses,
      },
      config: { auth: 'either', simulations: 1 },
    },
    // The answer's JSON text as the engine wrote it (a worker, with ENGINE_WORKERS): sent as it is.
    async (request, reply) => {
      const { json } = await simulator.simulateSerialized(getPrincipal(request), request.body)
      return reply.type('application/json; charset=utf-8').send(json)
    },
  )
}
