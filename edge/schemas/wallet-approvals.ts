/**
 * The wallet approval scan's responses: the engine's answer (engine/contract/approvals-response.ts,
 * docs/api.md#wallet-approvals) and the Error envelope.
 */
import { approvalsResponseSchema } from '../../engine/contract/approvals-response.js'
import { CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** A base58 address: 32 (all zeroes) to 44 characters of the Bitcoin alphabet. */
export const BASE58_ADDRESS_PATTERN = '^[1-9A-HJ-NP-Za-km-z]{32,44}$'

export const walletAddressParamsSchema = {
  type: 'object',
  required: ['address'],
  properties: {
    address: { type: 'string', pattern: BASE58_ADDRESS_PATTERN, description: "The wallet's base58 address (the token accounts' owner)." },
  },
} as const

/**
 * 404 for a path segment past fastify's 100 characters, 422 for an address that is not 32 bytes of
 * base58 or an unknown query parameter, 503 when no Solana RPC endpoint answers.
 */
export const walletApprovalsResponses = {
  200: approvalsResponseSchema,
  ...createErrorResponses([...CALLER_ERRORS, 404, 422, ...SERVER_ERRORS]),
}
