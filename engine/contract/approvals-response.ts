/**
 * The wallet approval scan's answer (docs/api.md#wallet-approvals) as the engine gives it over
 * every transport: the standing delegations and close authorities of a wallet's token accounts,
 * each scored, and an unsigned transaction that revokes the risky delegations.
 * proto/engine.proto carries the same fields (test/engine/messages/proto-contract-fields.test.ts).
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../../lib/json-schema.js'
import { riskLevelSchema } from './risk-levels.js'

const closed = { additionalProperties: false } as const
const addressSchema = (description: string) => Type.String({ minLength: 32, maxLength: 44, description })
const amountSchema = (description: string) =>
  Type.String({ pattern: '^[0-9]+$', description: `${description} Base units as a decimal string (u64).` })

export const tokenApprovalSchema = Type.Object(
  {
    token_account: addressSchema('The token account.'),
    mint: addressSchema('Its mint.'),
    symbol: Nullable(Type.String(), { description: 'From the token metadata when it was at hand; null otherwise.' }),
    token_program: addressSchema('SPL Token (Tokenkeg…) or Token-2022 (Tokenz…).'),
    balance: amountSchema('The account balance.'),
    decimals: Nullable(Type.Integer({ minimum: 0, maximum: 255 }), {
      description: "The mint's decimals; null when the mint could not be read.",
    }),
    delegate: Nullable(Type.String(), { description: 'Who may transfer from the account without the owner; null: nobody.' }),
    delegated_amount: amountSchema('What the delegate may still transfer ("0" without a delegate; 18446744073709551615 is unlimited).'),
    close_authority: Nullable(Type.String(), { description: 'Who may close the account besides the owner; null: only the owner.' }),
    risk_level: riskLevelSchema,
    reasons: Type.Array(Type.String(), { description: 'Why the level, one sentence per finding.' }),
    known_authority: Nullable(Type.String(), { description: 'The name of the known program authority the delegate is; null otherwise.' }),
  },
  { $id: 'TokenApproval', ...closed },
)
export type TokenApproval = Static<typeof tokenApprovalSchema>

export const approvalsResponseSchema = Type.Object(
  {
    wallet: addressSchema('The wallet scanned (the token accounts’ owner).'),
    slot: Type.Integer({ minimum: 0, description: 'The oldest slot the listing reflects.' }),
    approvals: Type.Array(tokenApprovalSchema, {
      description: 'Token accounts with a delegate or a close authority, riskiest first (then by address).',
    }),
    revoke_transaction: Nullable(Type.String(), {
      description:
        'Base64 of an unsigned legacy transaction (fee payer: the wallet; a recent blockhash) with a Revoke for each delegation in ' +
        'revoke_accounts; the wallet signs and sends it. null when no delegation needs revoking.',
    }),
    revoke_accounts: Type.Array(Type.String(), {
      description: 'The token accounts whose delegation revoke_transaction revokes, in its order.',
    }),
    truncated: Type.Boolean({ description: 'More token accounts or approvals exist than one scan lists; revoke, then scan again.' }),
    token_accounts_scanned: Type.Integer({ minimum: 0, description: 'Token accounts of the wallet read, under both token programs.' }),
  },
  { $id: 'ApprovalsResponse', ...closed },
)
export type ApprovalsResponse = Static<typeof approvalsResponseSchema>
