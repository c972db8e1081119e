/**
 * A landed-or-landing transaction as the service tracks it (docs/api.md#tracking): what it was sent
 * on (the prediction), how it travelled (route, attempts, endpoints), where it stands, and, once it
 * landed, how reality compared with the prediction (`outcome`). The REST tracking endpoint, the
 * WebSocket pushes and gRPC's GetTransaction carry this shape.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import { Nullable, StringEnum } from '../../lib/json-schema.js'
import { SUBMIT_STRATEGY_NAMES } from './submit-strategies.js'

/**
 * `pending`: sent, not seen on chain yet; `processed` / `confirmed` / `finalized`: landed at that
 * commitment; `failed`: landed with an error (the fee was paid); `expired`: its blockhash ran out
 * before it landed (never for a durable-nonce transaction); `dropped`: the relay will not land its
 * bundle (the relay reported it Failed or Invalid; `drop_reason` says why, `transaction_error` holds
 * the failing transaction's error when the relay gave one), so nothing was paid.
 */
export const TRACKING_STATUSES = ['pending', 'processed', 'confirmed', 'finalized', 'failed', 'expired', 'dropped'] as const
export type TrackingStatus = (typeof TRACKING_STATUSES)[number]

/** Statuses after which nothing changes any more: the tracking is resolved. */
export const FINAL_TRACKING_STATUSES: ReadonlySet<TrackingStatus> = new Set(['finalized', 'failed', 'expired', 'dropped'])

/** How the call that sent it was made. */
export const TRACKING_KINDS = ['execute', 'send', 'submit'] as const
export type TrackingKind = (typeof TRACKING_KINDS)[number]

/** Where it went: an RPC endpoint (`sendTransaction`) or the bundle relay. */
export const SUBMIT_ROUTES = ['direct_rpc', 'relay_bundle'] as const
export type SubmitRoute = (typeof SUBMIT_ROUTES)[number]

const amountSchema = Type.String({ pattern: '^-?[0-9]+$', description: 'Base units as a decimal string.' })
const closed = { additionalProperties: false } as const
const transactionErrorSchema = Type.Unsafe<TransactionErrorJson | null>({
  description: 'Solana\'s JSON shape of the on-chain error (e.g. `{"InstructionError":[0,{"Custom":1}]}`), or null.',
})

/** One account's predicted change: SOL (mint null, lamports) or a token account's (base units). */
export const predictedBalanceChangeSchema = Type.Object(
  { account: Type.String(), mint: Nullable(Type.String()), delta: amountSchema },
  closed,
)
export type PredictedBalanceChange = Static<typeof predictedBalanceChangeSchema>

/** What the simulation the transaction was sent on said would happen. */
export const predictionSchema = Type.Object(
  {
    success: Type.Boolean(),
    compute_units: Nullable(Type.Integer({ minimum: 0 })),
    fee_lamports: Nullable(amountSchema),
    /** Every non-zero change, SOL and tokens, as simulate's balance_changes. */
    balance_changes: Type.Array(predictedBalanceChangeSchema),
    /** The slot the simulation saw. */
    context_slot: Type.Integer({ minimum: 0 }),
  },
  closed,
)
export type Prediction = Static<typeof predictionSchema>

/** One way reality differed: `success`, `fee_lamports`, `compute_units` or `balance_change` (with the account and mint). */
export const outcomeDifferenceSchema = Type.Object(
  {
    field: StringEnum(['success', 'fee_lamports', 'compute_units', 'balance_change']),
    /** For a balance change: the account whose change differed. */
    account: Nullable(Type.String()),
    /** For a token balance change: its mint; null for SOL and the other fields. */
    mint: Nullable(Type.String()),
    predicted: Type.String(),
    actual: Type.String(),
  },
  closed,
)
export type OutcomeDifference = Static<typeof outcomeDifferenceSchema>

/** The landed result against the prediction. */
export const outcomeSchema = Type.Object(
  {
    landed_slot: Type.Integer({ minimum: 0 }),
    /** Every compared field equal. */
    matched: Type.Boolean(),
    differences: Type.Array(outcomeDifferenceSchema),
  },
  closed,
)
export type Outcome = Static<typeof outcomeSchema>

/** The tracking record of `GET /api/v1/solana/transactions/{signature}`. */
export const trackedTransactionSchema = Type.Object(
  {
    signature: Type.String(),
    kind: StringEnum(TRACKING_KINDS),
    status: StringEnum(TRACKING_STATUSES),
    route: StringEnum(SUBMIT_ROUTES),
    /** Sends made so far (fail-overs and rebroadcasts included). */
    attempts: Type.Integer({ minimum: 0 }),
    /** The endpoints it was sent to (host names only: an RPC URL may carry a key). */
    endpoints: Type.Array(Type.String()),
    landed_slot: Nullable(Type.Integer({ minimum: 0 })),
    transaction_error: transactionErrorSchema,
    /** null for a send, which is not simulated. */
    prediction: Nullable(predictionSchema),
    /** null until it landed (and for a send). */
    outcome: Nullable(outcomeSchema),
    /** submit's strategy; null for execute and send. */
    strategy: Nullable(StringEnum(SUBMIT_STRATEGY_NAMES)),
    /** The relay's bundle id when the route is relay_bundle. */
    relay_bundle_id: Nullable(Type.String()),
    /** The tip the service's tip wallet paid for it (a managed tip), passed on at cost; null when none. */
    tip_lamports: Nullable(amountSchema),
    /** Why the relay did not land it (status dropped), else null. */
    drop_reason: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'TrackedTransaction', ...closed },
)
export type TrackedTransaction = Static<typeof trackedTransactionSchema>

/** The WebSocket push of a caller's own transaction as its status changes. */
export interface TransactionUpdateMessage {
  type: 'transaction'
  signature: string
  status: TrackingStatus
  outcome: Outcome | null
}
