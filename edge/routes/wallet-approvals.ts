/**
 * `GET /api/v1/solana/wallets/{address}/approvals` (docs/api.md#wallet-approvals): the wallet's
 * standing token delegations and close authorities, scored, with an unsigned transaction revoking
 * the risky delegations. Either credential; one request charged to the rate limit, no simulation
 * to the quota (it simulates nothing).
 */
import type { FastifyInstance } from 'fastify'
import type { EdgeContext } from '../edge-context.js'
import { assertKnownParams, type Query } from '../query-params.js'
import { walletAddressParamsSchema, walletApprovalsResponses } from '../schemas/wallet-approvals.js'

export const WALLET_APPROVALS_PATH = '/api/v1/solana/wallets/:address/approvals'

/** Registers the approval scan route. */
export function registerWalletApprovalsRoute(app: FastifyInstance, { auth, engine }: EdgeContext): void {
  app.get<{ Params: { address: string } }>(
    WALLET_APPROVALS_PATH,
    {
      onRequest: auth.either,
      config: { auth: 'either' },
      schema: {
        summary: "A wallet's token approvals, scored, with a revoke transaction",
        description:
          'Lists the token accounts (SPL Token and Token-2022) of the wallet that have a delegate or a close authority, each ' +
          'scored, riskiest first, and an unsigned transaction (fee payer: the wallet) that revokes the risky delegations.',
        params: walletAddressParamsSchema,
        response: walletApprovalsResponses,
      },
    },
    (request) => {
      assertKnownParams(request.query as Query, [])
      // The engine checks that the address is 32 bytes (over every transport); the pattern only bounds the characters.
      return engine.scanApprovals(request.params.address)
    },
  )
}
