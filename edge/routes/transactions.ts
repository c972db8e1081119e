/**
 * `GET /api/v1/solana/transactions/{signature}` (docs/api.md#tracking): the tracking record of a
 * transaction the caller executed or sent — status, route, attempts, the prediction it was sent on
 * and, once landed, the outcome against it. Owner only: anyone else's signature is 404, as an
 * unknown one. Either credential; one request charged, no simulation.
 */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { assertKnownParams, type Query } from '../query-params.js'
import { signatureParamsSchema, trackedTransactionResponses } from '../schemas/transactions.js'

export const TRANSACTION_PATH = '/api/v1/solana/transactions/:signature'

/** Registers the tracking read. */
export function registerTransactionsRoute(app: FastifyInstance, { auth, transactions }: EdgeContext): void {
  app.get<{ Params: { signature: string } }>(
    TRANSACTION_PATH,
    {
      onRequest: auth.either,
      config: { auth: 'either' },
      schema: {
        summary: 'A transaction you executed or sent: its status, and reality against the prediction',
        description:
          "Where a transaction you executed, sent or submitted stands (pending, processed, confirmed, finalized, failed, expired, dropped), and once it landed, what it did against what its simulation predicted. 404 for anyone else's.",
        params: signatureParamsSchema,
        response: trackedTransactionResponses,
      },
    },
    (request) => {
      assertKnownParams(request.query as Query, [])
      return transactions.getTransaction(getPrincipal(request), request.params.signature)
    },
  )
}
