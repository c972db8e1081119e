/**
 * Conversions between a tracking record (engine/contract/transaction-tracking.ts) and its gRPC
 * message. The message mirrors the JSON names; JSON's null is an unset proto3 optional field or an
 * unset message (`prediction`, `outcome`), and the transaction error travels as its JSON text, as
 * SimulateResponse carries it.
 */
import type { TrackedTransaction as TrackedTransactionMessage } from '../../proto/gen/preflight/engine/v1/TrackedTransaction.js'
import type { TrackedTransaction__Output as TrackedTransactionOutput } from '../../proto/gen/preflight/engine/v1/TrackedTransaction.js'
import type { Prediction__Output as PredictionOutput } from '../../proto/gen/preflight/engine/v1/Prediction.js'
import type { Outcome__Output as OutcomeOutput } from '../../proto/gen/preflight/engine/v1/Outcome.js'
import type {
  Outcome,
  OutcomeDifference,
  Prediction,
  SubmitRoute,
  TrackedTransaction,
  TrackingKind,
  TrackingStatus,
} from '../contract/transaction-tracking.js'
import type { SubmitStrategyName } from '../contract/submit-strategies.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

function toPredictionMessage(prediction: Prediction): object {
  return {
    success: prediction.success,
    compute_units: toOptionalField(prediction.compute_units),
    fee_lamports: toOptionalField(prediction.fee_lamports),
    balance_changes: prediction.balance_changes.map((change) => ({
      account: change.account,
      mint: toOptionalField(change.mint),
      delta: change.delta,
    })),
    context_slot: prediction.context_slot,
  }
}

function fromPredictionMessage(message: PredictionOutput): Prediction {
  return {
    success: message.success,
    compute_units: fromOptionalField(message.compute_units),
    fee_lamports: fromOptionalField(message.fee_lamports),
    balance_changes: message.balance_changes.map((change) => ({
      account: change.account,
      mint: fromOptionalField(change.mint),
      delta: change.delta,
    })),
    context_slot: message.context_slot,
  }
}

function toOutcomeMessage(outcome: Outcome): object {
  return {
    landed_slot: outcome.landed_slot,
    matched: outcome.matched,
    differences: outcome.differences.map((difference) => ({
      ...difference,
      account: toOptionalField(difference.account),
      mint: toOptionalField(difference.mint),
    })),
  }
}

function fromOutcomeMessage(message: OutcomeOutput): Outcome {
  return {
    landed_slot: message.landed_slot,
    matched: message.matched,
    differences: message.differences.map((difference) => ({
      field: difference.field as OutcomeDifference['field'],
      account: fromOptionalField(difference.account),
      mint: fromOptionalField(difference.mint),
      predicted: difference.predicted,
      actual: difference.actual,
    })),
  }
}

/** The gRPC message of a tracking record. */
export function toTrackedTransactionMessage(transaction: TrackedTransaction): TrackedTransactionMessage {
  return {
    signature: transaction.signature,
    kind: transaction.kind,
    status: transaction.status,
    route: transaction.route,
    attempts: transaction.attempts,
    endpoints: transaction.endpoints,
    landed_slot: toOptionalField(transaction.landed_slot),
    transaction_error_json: transaction.transaction_error === null ? undefined : JSON.stringify(transaction.transaction_error),
    prediction: transaction.prediction === null ? null : toPredictionMessage(transaction.prediction),
    outcome: transaction.outcome === null ? null : toOutcomeMessage(transaction.outcome),
    strategy: toOptionalField(transaction.strategy),
    relay_bundle_id: toOptionalField(transaction.relay_bundle_id),
    tip_lamports: toOptionalField(transaction.tip_lamports),
    drop_reason: toOptionalField(transaction.drop_reason),
    created_at: transaction.created_at,
    updated_at: transaction.updated_at,
  }
}

/** The tracking record a gRPC message carries. */
export function fromTrackedTransactionMessage(message: TrackedTransactionOutput): TrackedTransaction {
  return {
    signature: message.signature,
    kind: message.kind as TrackingKind,
    status: message.status as TrackingStatus,
    route: message.route as SubmitRoute,
    attempts: message.attempts,
    endpoints: message.endpoints,
    landed_slot: fromOptionalField(message.landed_slot),
    transaction_error:
      message.transaction_error_json === undefined
        ? null
        : (JSON.parse(message.transaction_error_json) as TrackedTransaction['transaction_error']),
    prediction: message.prediction ? fromPredictionMessage(message.prediction) : null,
    outcome: message.outcome ? fromOutcomeMessage(message.outcome) : null,
    strategy: fromOptionalField(message.strategy) as SubmitStrategyName | null,
    relay_bundle_id: fromOptionalField(message.relay_bundle_id),
    tip_lamports: fromOptionalField(message.tip_lamports),
    drop_reason: fromOptionalField(message.drop_reason),
    created_at: message.created_at,
    updated_at: message.updated_at,
  }
}
