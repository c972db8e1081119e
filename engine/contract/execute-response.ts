/**
 * The execute response (SPEC 2.14, docs/api.md#execute): what the simulation and the policy
 * decided, with the verdict's reasons and the human-readable summary, and the send fields once
 * submitted (null, and attempts 0, when nothing was sent).
 */
import { Type, type Static } from '@sinclair/typebox'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import { Nullable, StringEnum } from '../../lib/json-schema.js'
import type { PolicyInput } from './policy-input.js'
import { riskLevelSchema } from './risk-levels.js'
import { confirmationSchema } from './send-response.js'
import { decisionReasonSchema, signerSummarySchema } from './simulate-response.js'

export const EXECUTE_ACTIONS = ['submitted', 'blocked', 'simulation_failed'] as const
export type ExecuteAction = (typeof EXECUTE_ACTIONS)[number]

export const executeResponseSchema = Type.Object(
  {
    simulation_success: Type.Boolean(),
    action: StringEnum(EXECUTE_ACTIONS),
    reason: Type.String({ description: 'Human-readable: why it was submitted, blocked or not sent.' }),
    signature: Nullable(Type.String(), { description: 'Present when submitted.' }),
    relay_bundle_id: Nullable(Type.String(), { description: 'Set when routed through the bundle relay.' }),
    route: StringEnum(['direct_rpc', 'relay_bundle', 'none']),
    mev_score: Type.Number({ minimum: 0, maximum: 1 }),
    risk_level: riskLevelSchema,
    recommended_priority_fee: Type.Integer({ minimum: 0, description: 'Micro-lamports per compute unit (the medium percentile).' }),
    compute_units: Type.Integer({ minimum: 0 }),
    policy_applied: Type.Record(Type.String(), Type.Unknown(), { description: 'Every effective policy value.' }),
    latency_ms: Type.Number({ minimum: 0 }),
    decision_reasons: Type.Array(decisionReasonSchema),
    summary: Type.Array(signerSummarySchema),
    confirmation: Nullable(confirmationSchema),
    attempts: Type.Integer({ minimum: 0 }),
    slot: Nullable(Type.Integer({ minimum: 0 })),
    transaction_error: Type.Unsafe<TransactionErrorJson | null>({
      description: "The on-chain error when confirmation is 'failed', else null.",
    }),
  },
  { $id: 'ExecuteResponse', additionalProperties: false },
)
export type ExecuteResponse = Static<typeof executeResponseSchema>

/** What an execute is asked (SPEC 4.4); checked by every transport. */
export interface ExecuteOptions {
  tenantId?: string
  /**
   * The caller has a card on file, as the door that authenticated them says (an API-key caller of
   * the gRPC port cannot set it): the plan the service's tip wallet pays managed tips under
   * (docs/relay.md#who-may-spend-the-tip-wallet). Default false.
   */
  cardOnFile?: boolean
  /** A preset name or the fields to change (SPEC 2.13); the defaults otherwise. */
  policy?: PolicyInput
  waitConfirmation?: boolean
}
