/**
 * `GET /api/v1/solana/tips` (docs/api.md#tips, docs/relay.md#tips): what landed bundles tipped
 * lately, as percentiles, and the floor the bundle lint holds a tip to. Either credential; one
 * request charged, as every read.
 */
import type { FastifyInstance } from 'fastify'
import type { EdgeContext } from '../edge-context.js'
import { assertKnownParams, type Query } from '../query-params.js'
import { tipsResponses } from '../schemas/tips.js'

export const TIPS_PATH = '/api/v1/solana/tips'

/** Registers the tip read. */
export function registerTipsRoute(app: FastifyInstance, { auth, transactions }: EdgeContext): void {
  app.get(
    TIPS_PATH,
    {
      onRequest: auth.either,
      config: { auth: 'either' },
      schema: {
        summary: 'Relay tips over the last 150 slots, and the least tip a bundle may pay',
        description:
          "Percentiles of the tips landed bundles paid to the relay's tip accounts over the last 150 slots (null without samples), " +
          "the floor the bundle lint accepts (`floor_lamports`), and the relay's tip accounts. docs/relay.md#tips.",
        response: tipsResponses,
      },
    },
    (request) => {
      assertKnownParams(request.query as Query, [])
      return transactions.getTips()
    },
  )
}
