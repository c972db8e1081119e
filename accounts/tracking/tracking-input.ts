/**
 * The checks a tracking record, a patch and a lease pass before any SQL runs, whatever the
 * transport: a bad value is the caller's `validation_error` naming the field, never a 500 from a
 * cast or a constraint. Over gRPC every number arrives as a double, so integers are checked here.
 */
import { isBase58Signature } from '../../lib/base58.js'
import { createServiceError } from '../../lib/errors.js'
import type { JsonValue, TransactionTrackingPatch, TransactionTrackingRecord } from '../contract/index.js'
import { isStorableTimeMs, MAX_STORABLE_TIME_MS } from '../contract/history.js'
import { isUuid } from '../db/uuid.js'
import {
  isOneOf,
  MAX_RELAY_BUNDLE_ID_LENGTH,
  SUBMIT_ROUTES,
  SUBMIT_STRATEGY_NAMES,
  TRACKING_KINDS,
  TRACKING_STATUSES,
} from '../contract/tracking.js'

/** Solana's packet limit: no signed transaction is longer. */
export const MAX_WIRE_TRANSACTION_BYTES = 1_232
/** The most endpoints a record names (each host once: staked and public ones together stay far below). */
const MAX_ENDPOINTS = 64
/** A host name (253) with its port. */
const MAX_ENDPOINT_LENGTH = 260
/** The most records one claim hands out. */
export const MAX_CLAIM_LIMIT = 1_000
/** A relay's reason for dropping a bundle: the engine cuts a longer message to this. */
export const MAX_DROP_REASON_LENGTH = 2_000
/** The largest bigint column value: no lamport amount comes near it (the whole supply is below 2^60). */
const MAX_TIP_LAMPORTS = 2n ** 63n - 1n

/** Whether `value` is the base58 text of a 64-byte signature. */
export const isSignature = isBase58Signature

/** Throws `validation_error` unless `record` is a whole, storable tracking record. */
export function assertTrackingRecord(record: TransactionTrackingRecord): void {
  if (typeof record !== 'object' || record === null) throw invalid('record: must be an object')
  if (!isUuid(record.userId)) throw invalid('userId: must be a uuid')
  if (!isSignature(record.signature)) throw invalid('signature: must be a base58 signature of 64 bytes')
  if (!isOneOf(TRACKING_KINDS, record.kind)) throw invalid(`kind: must be one of ${TRACKING_KINDS.join(', ')}`)
  const wire = record.wireTransaction
  if (!(wire instanceof Uint8Array) || wire.length === 0 || wire.length > MAX_WIRE_TRANSACTION_BYTES) {
    throw invalid(`wireTransaction: must be 1 to ${MAX_WIRE_TRANSACTION_BYTES} bytes`)
  }
  for (const field of ['createdAtMs', 'updatedAtMs'] as const) {
    if (!isStorableTimeMs(record[field])) throw invalid(`${field}: must be epoch milliseconds from year 1 to 9999`)
  }
  assertTrackingPatch({ ...record })
  // A new record states every field a patch may leave out.
  for (const field of ['status', 'route', 'attempts', 'endpoints'] as const) {
    if (record[field] === undefined) throw invalid(`${field}: is required`)
  }
  const nullable = ['lastValidBlockHeight', 'landedSlot', 'transactionError', 'prediction', 'outcome'] as const
  for (const field of [...nullable, 'strategy', 'relayBundleId', 'tipLamports', 'dropReason'] as const) {
    if (record[field] === undefined) throw invalid(`${field}: is required (null when none)`)
  }
  toJsonText(record.prediction, 'prediction')
  if (record.strategy !== null && !isOneOf(SUBMIT_STRATEGY_NAMES, record.strategy)) {
    throw invalid(`strategy: must be null or one of ${SUBMIT_STRATEGY_NAMES.join(', ')}`)
  }
}

/** Throws `validation_error` unless every field `patch` gives holds a storable value. */
export function assertTrackingPatch(patch: TransactionTrackingPatch): void {
  if (typeof patch !== 'object' || patch === null) throw invalid('patch: must be an object')
  if (patch.status !== undefined && !isOneOf(TRACKING_STATUSES, patch.status)) {
    throw invalid(`status: must be one of ${TRACKING_STATUSES.join(', ')}`)
  }
  if (patch.attempts !== undefined && !isCount(patch.attempts, 2 ** 31 - 1)) throw invalid('attempts: must be an integer ≥ 0')
  if (patch.endpoints !== undefined) assertEndpoints(patch.endpoints)
  for (const field of ['landedSlot', 'lastValidBlockHeight'] as const) {
    const value = patch[field]
    if (value !== undefined && value !== null && !isCount(value, Number.MAX_SAFE_INTEGER)) {
      throw invalid(`${field}: must be a safe integer ≥ 0 or null`)
    }
  }
  if (patch.transactionError !== undefined) toJsonText(patch.transactionError, 'transactionError')
  if (patch.outcome !== undefined) toJsonText(patch.outcome, 'outcome')
  if (patch.dropReason !== undefined && patch.dropReason !== null && !isText(patch.dropReason, MAX_DROP_REASON_LENGTH)) {
    throw invalid(`dropReason: must be null or text of 1 to ${MAX_DROP_REASON_LENGTH} characters`)
  }
  if (patch.route !== undefined && !isOneOf(SUBMIT_ROUTES, patch.route)) throw invalid(`route: must be one of ${SUBMIT_ROUTES.join(', ')}`)
  if (patch.relayBundleId !== undefined && patch.relayBundleId !== null && !isText(patch.relayBundleId, MAX_RELAY_BUNDLE_ID_LENGTH)) {
    throw invalid(`relayBundleId: must be null or text of 1 to ${MAX_RELAY_BUNDLE_ID_LENGTH} characters`)
  }
  const tip = patch.tipLamports
  if (tip !== undefined && tip !== null && (typeof tip !== 'bigint' || tip < 0n || tip > MAX_TIP_LAMPORTS)) {
    throw invalid('tipLamports: must be null or a bigint from 0 to 2^63 - 1')
  }
}

/** Throws `validation_error` unless `leaseMs` is a whole number of ms ≥ 0 that ends within year 9999 of `nowMs`. */
export function assertLeaseMs(leaseMs: number, nowMs: number): void {
  if (!isCount(leaseMs, MAX_STORABLE_TIME_MS - nowMs)) throw invalid('leaseMs: must be an integer ≥ 0 (0 releases the lease)')
}

/** Throws `validation_error` unless `limit` is an integer from 1 to MAX_CLAIM_LIMIT. */
export function assertClaimLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CLAIM_LIMIT)
    throw invalid(`limit: must be an integer from 1 to ${MAX_CLAIM_LIMIT}`)
}

/** The JSON text of a JSON field; `validation_error` for what JSON cannot carry (undefined, bigint, NaN, a cycle). */
export function toJsonText(value: JsonValue, field: string): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'number' && !Number.isFinite(item)) throw new TypeError('not a finite number')
      return item
    })
  } catch {
    text = undefined
  }
  if (text === undefined) throw invalid(`${field}: must be a JSON value`)
  return text
}

function assertEndpoints(endpoints: unknown): void {
  if (!Array.isArray(endpoints) || endpoints.length > MAX_ENDPOINTS)
    throw invalid(`endpoints: must be an array of at most ${MAX_ENDPOINTS}`)
  for (const [index, endpoint] of endpoints.entries()) {
    if (typeof endpoint !== 'string' || endpoint.length === 0 || endpoint.length > MAX_ENDPOINT_LENGTH) {
      throw invalid(`endpoints[${index}]: must be a host of 1 to ${MAX_ENDPOINT_LENGTH} characters`)
    }
  }
}

/** Non-empty text PostgreSQL can store (no NUL character) of at most `maxLength` characters. */
function isText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength && !value.includes('\u0000')
}

function isCount(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max
}

function invalid(message: string) {
  return createServiceError('validation_error', message)
}
