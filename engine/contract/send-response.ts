/**
 * The send response (SPEC 2.15, docs/api.md#send) and the send fields execute adds once it
 * submitted: the signature, the route, the confirmation reached when the call answered, how many
 * sends it took, and the slot it landed in.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import { Nullable, StringEnum } from '../../lib/json-schema.js'
import { SUBMIT_ROUTES, TRACKING_STATUSES } from './transaction-tracking.js'

/** `confirmation`: the tracking status when the call answered (`pending` when not waiting, or when the wait ended first). */
export const confirmationSchema = StringEnum(TRACKING_STATUSES, {
  description:
    'processed, confirmed, finalized, failed (with transaction_error), expired, or pending (not waiting, or the wait ended first).',
})

/** The fields send answers, which execute repeats once it submitted. */
export const sendFieldsSchema = {
  signature: Type.String(),
  route: StringEnum(SUBMIT_ROUTES),
  confirmation: confirmationSchema,
  attempts: Type.Integer({ minimum: 0, description: 'Sends made before answering (fail-overs and rebroadcasts included).' }),
  slot: Nullable(Type.Integer({ minimum: 0 }), { description: 'The slot it landed in, once seen.' }),
  transaction_error: Type.Unsafe<TransactionErrorJson | null>({
    description: "The on-chain error when confirmation is 'failed', else null.",
  }),
} as const

export const sendResponseSchema = Type.Object(
  { ...sendFieldsSchema, latency_ms: Type.Number({ minimum: 0 }) },
  { $id: 'SendResponse', additionalProperties: false },
)
export type SendResponse = Static<typeof sendResponseSchema>

/** What a send is asked (SPEC 4.4); checked by every transport. */
export interface SendOptions {
  tenantId?: string
  /**
   * The caller has a card on file, as the door that authenticated them says (an API-key caller of
   * the gRPC port cannot set it): the plan the service's tip wallet pays managed tips under
   * (docs/relay.md#who-may-spend-the-tip-wallet). Default false.
   */
  cardOnFile?: boolean
  /** Through the bundle relay instead of RPC. */
  useRelay?: boolean
  /** Wait up to 30 s for `confirmed` (or failed / expired) before answering. */
  waitConfirmation?: boolean
  /** Fail-overs across endpoints on endpoint errors, 0 to 5 (default 3). */
  maxRetries?: number
}

export const SEND_LIMITS = Object.freeze({ maxRetries: 5, defaultMaxRetries: 3, confirmationWaitMs: 30_000 })
