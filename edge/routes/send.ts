/**
 * `POST /api/v1/solana/tx/send` (docs/api.md#send): a signed transaction sent with fail-over across
 * endpoints and rebroadcast until it lands or expires, and tracked. Either credential; one request
 * charged, no simulation (nothing is simulated); the call recorded in history beside simulations.
 */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { sendBodySchema, sendResponses, type SendBody } from '../schemas/transactions.js'

export const SEND_PATH = '/api/v1/solana/tx/send'

/** Registers the send route. */
export function registerSendRoute(app: FastifyInstance, { auth, transactions }: EdgeContext): void {
  app.post<{ Body: SendBody }>(
    SEND_PATH,
    {
      onRequest: auth.either,
      schema: {
        summary: 'Send with multi-endpoint fail-over and rebroadcast',
        description:
          'Takes a signed transaction (every required signature must verify: 422 invalid_signature otherwise), sends it without ' +
          'judging it, and tracks it (GET /api/v1/solana/transactions/{signature}).',
        body: sendBodySchema,
        response: sendResponses,
      },
      config: { auth: 'either' },
    },
    (request) => transactions.send(getPrincipal(request), request.body),
  )
}
