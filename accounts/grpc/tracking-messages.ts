/**
 * Conversions between the transaction-tracking part of the UserService interface and its gRPC
 * messages (proto/accounts.proto), used by the server and the client alike so the two agree. JSON
 * fields travel as JSON text; a null number or text is an unset `optional`, and in a patch a field
 * left out is an unset message field, so "absent", null and 0 stay three different things. The tip
 * travels as decimal text: protobuf's u64 would reach JavaScript as a double.
 */
import { createServiceError, type ErrorCode } from '../../lib/errors.js'
import type { JsonValue, TransactionTrackingPatch, TransactionTrackingRecord } from '../contract/index.js'
import type {
  TrackedTransaction as TrackedTransactionMessage,
  TrackedTransaction__Output as TrackedTransactionOutput,
} from '../../proto/gen/preflight/accounts/v1/TrackedTransaction.js'
import type {
  TrackedTransactionPatch as TrackedTransactionPatchMessage,
  TrackedTransactionPatch__Output as TrackedTransactionPatchOutput,
} from '../../proto/gen/preflight/accounts/v1/TrackedTransactionPatch.js'
import { toJsonText } from '../tracking/tracking-input.js'
import { isOneOf, SUBMIT_ROUTES, SUBMIT_STRATEGY_NAMES, TRACKING_KINDS, TRACKING_STATUSES } from '../contract/tracking.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

/** The message of a record (its JSON fields checked: `validation_error` for what JSON cannot carry). */
export function toTrackedTransactionMessage(record: TransactionTrackingRecord): TrackedTransactionMessage {
  const wire = record.wireTransaction
  return {
    user_id: record.userId,
    signature: record.signature,
    kind: record.kind,
    status: record.status,
    route: record.route,
    attempts: record.attempts,
    endpoints: [...record.endpoints],
    wire_transaction: Buffer.from(wire.buffer, wire.byteOffset, wire.byteLength),
    last_valid_block_height: toOptionalField(record.lastValidBlockHeight),
    landed_slot: toOptionalField(record.landedSlot),
    transaction_error_json: toJsonText(record.transactionError, 'transactionError'),
    prediction_json: toJsonText(record.prediction, 'prediction'),
    outcome_json: toJsonText(record.outcome, 'outcome'),
    created_at_ms: record.createdAtMs,
    updated_at_ms: record.updatedAtMs,
    strategy: toOptionalField(record.strategy),
    relay_bundle_id: toOptionalField(record.relayBundleId),
    tip_lamports: record.tipLamports === null ? undefined : record.tipLamports.toString(),
    drop_reason: toOptionalField(record.dropReason),
  }
}

/** The record a request carries; its values are the service's to check (bad JSON text: `validation_error`). */
export function fromTrackedTransactionRequestMessage(message: TrackedTransactionOutput): TransactionTrackingRecord {
  return toRecord(message, 'validation_error')
}

/** The record an answer carries; a value outside the contract is a broken answer (`internal_error`), never a guess. */
export function fromTrackedTransactionAnswerMessage(message: TrackedTransactionOutput): TransactionTrackingRecord {
  const record = toRecord(message, 'internal_error')
  if (
    !isOneOf(TRACKING_KINDS, record.kind) ||
    !isOneOf(TRACKING_STATUSES, record.status) ||
    !isOneOf(SUBMIT_ROUTES, record.route) ||
    (record.strategy !== null && !isOneOf(SUBMIT_STRATEGY_NAMES, record.strategy))
  ) {
    throw createServiceError(
      'internal_error',
      `the accounts service sent a tracking record of ${record.kind}/${record.status}/${record.route}/${record.strategy}`,
    )
  }
  return record
}

/** The message of a patch: only the fields it gives are set. */
export function toTrackedTransactionPatchMessage(patch: TransactionTrackingPatch): TrackedTransactionPatchMessage {
  return {
    status: patch.status,
    attempts: patch.attempts,
    endpoints: patch.endpoints === undefined ? null : { values: [...patch.endpoints] },
    landed_slot: patch.landedSlot === undefined ? null : { value: toOptionalField(patch.landedSlot) },
    last_valid_block_height: patch.lastValidBlockHeight === undefined ? null : { value: toOptionalField(patch.lastValidBlockHeight) },
    transaction_error_json: patch.transactionError === undefined ? undefined : toJsonText(patch.transactionError, 'transactionError'),
    outcome_json: patch.outcome === undefined ? undefined : toJsonText(patch.outcome, 'outcome'),
    drop_reason: patch.dropReason === undefined ? null : { value: toOptionalField(patch.dropReason) },
    route: patch.route,
    relay_bundle_id: patch.relayBundleId === undefined ? null : { value: toOptionalField(patch.relayBundleId) },
    tip_lamports: patch.tipLamports === undefined ? null : { value: patch.tipLamports === null ? undefined : patch.tipLamports.toString() },
  }
}

/** The patch a message carries, with only the fields it sets (absent, never undefined). */
export function fromTrackedTransactionPatchMessage(message: TrackedTransactionPatchOutput | null): TransactionTrackingPatch {
  if (message === null) return {}
  const patch: TransactionTrackingPatch = {}
  // The service checks the values; a string that names no status is its validation_error.
  if (message.status !== undefined) patch.status = message.status as TransactionTrackingPatch['status']
  if (message.attempts !== undefined) patch.attempts = message.attempts
  if (message.endpoints !== null) patch.endpoints = message.endpoints.values
  if (message.landed_slot !== null) patch.landedSlot = fromOptionalField(message.landed_slot.value)
  if (message.last_valid_block_height !== null) patch.lastValidBlockHeight = fromOptionalField(message.last_valid_block_height.value)
  if (message.transaction_error_json !== undefined) {
    patch.transactionError = fromJsonText(message.transaction_error_json, 'transactionError', 'validation_error')
  }
  if (message.outcome_json !== undefined) patch.outcome = fromJsonText(message.outcome_json, 'outcome', 'validation_error')
  if (message.drop_reason !== null) patch.dropReason = fromOptionalField(message.drop_reason.value)
  if (message.route !== undefined) patch.route = message.route as TransactionTrackingPatch['route']
  if (message.relay_bundle_id !== null) patch.relayBundleId = fromOptionalField(message.relay_bundle_id.value)
  if (message.tip_lamports !== null) patch.tipLamports = fromLamportsText(message.tip_lamports.value, 'validation_error')
  return patch
}

function toRecord(message: TrackedTransactionOutput, code: ErrorCode): TransactionTrackingRecord {
  return {
    userId: message.user_id,
    signature: message.signature,
    kind: message.kind as TransactionTrackingRecord['kind'],
    status: message.status as TransactionTrackingRecord['status'],
    route: message.route as TransactionTrackingRecord['route'],
    attempts: message.attempts,
    endpoints: message.endpoints,
    // A plain Uint8Array (not grpc's Buffer), as the in-process transport answers.
    wireTransaction: new Uint8Array(message.wire_transaction),
    lastValidBlockHeight: fromOptionalField(message.last_valid_block_height),
    landedSlot: fromOptionalField(message.landed_slot),
    transactionError: fromJsonText(message.transaction_error_json, 'transactionError', code),
    prediction: fromJsonText(message.prediction_json, 'prediction', code),
    outcome: fromJsonText(message.outcome_json, 'outcome', code),
    // The service checks the value; a name outside the set is its validation_error (or, in an answer, internal_error).
    strategy: fromOptionalField(message.strategy) as TransactionTrackingRecord['strategy'],
    relayBundleId: fromOptionalField(message.relay_bundle_id),
    tipLamports: fromLamportsText(message.tip_lamports, code),
    dropReason: fromOptionalField(message.drop_reason),
    createdAtMs: message.created_at_ms,
    updatedAtMs: message.updated_at_ms,
  }
}

/** The tip a message carries as decimal text; unset is null, and text that is no whole number is `code`. */
function fromLamportsText(text: string | undefined, code: ErrorCode): bigint | null {
  if (text === undefined) return null
  if (!/^[0-9]{1,20}$/.test(text)) throw createServiceError(code, 'tipLamports: must be null or a bigint from 0 to 2^63 - 1')
  return BigInt(text)
}

function fromJsonText(text: string, field: string, code: ErrorCode): JsonValue {
  try {
    return JSON.parse(text) as JsonValue
  } catch {
    throw createServiceError(code, `${field}: must be JSON text`)
  }
}
