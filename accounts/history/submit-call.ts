/**
 * The columns a history record of a submit adds (its strategy, whether it is billed, its bundle id
 * and managed tip), checked before any SQL runs: a bad value is `validation_error` naming the
 * record's field. A record of another kind carries none of them.
 */
import { createServiceError, type ServiceError } from '../../lib/errors.js'
import type { SimulationRecord } from '../contract/index.js'
import {
  isOneOf,
  MAX_RELAY_BUNDLE_ID_LENGTH as MAX_BUNDLE_ID_LENGTH,
  SUBMIT_STRATEGY_NAMES,
  type SubmitStrategyName,
} from '../contract/tracking.js'

/** A bigint column's range, as decimal text. */
const LAMPORTS_TEXT = /^[0-9]{1,19}$/
const MAX_LAMPORTS = 2n ** 63n - 1n

export interface SubmitColumns {
  strategy: SubmitStrategyName | null
  billable: boolean | null
  bundle_id: string | null
  tip_lamports: string | null
}

const NO_SUBMIT: SubmitColumns = { strategy: null, billable: null, bundle_id: null, tip_lamports: null }

// A module function, not a closure made per record: tsx (npm start) names every such closure with
// an Object.defineProperty call (esbuild's keepNames), ≈0.4 µs for each of thousands of rows a second.
function invalidField(index: number, field: string, rule: string): ServiceError {
  return createServiceError('validation_error', `records[${index}].${field}: ${rule}`)
}

/** The submit columns of `record` (the `index`th of its batch): all null unless it is a submit. */
export function toSubmitColumns(record: SimulationRecord, index: number): SubmitColumns {
  if (record.kind !== 'submit') {
    for (const field of ['strategy', 'billable', 'bundleId', 'tipLamports'] as const) {
      if (record[field] !== undefined && record[field] !== null) throw invalidField(index, field, 'only a submit has one')
    }
    return NO_SUBMIT
  }
  if (!isOneOf(SUBMIT_STRATEGY_NAMES, record.strategy))
    throw invalidField(index, 'strategy', `must be one of ${SUBMIT_STRATEGY_NAMES.join(', ')}`)
  if (typeof record.billable !== 'boolean') throw invalidField(index, 'billable', 'must be true or false')
  const bundleId = record.bundleId ?? null
  if (bundleId !== null && (typeof bundleId !== 'string' || bundleId.length === 0 || bundleId.length > MAX_BUNDLE_ID_LENGTH)) {
    throw invalidField(index, 'bundleId', `must be null or text of 1 to ${MAX_BUNDLE_ID_LENGTH} characters`)
  }
  const tip = record.tipLamports ?? null
  if (tip !== null && (typeof tip !== 'string' || !LAMPORTS_TEXT.test(tip) || BigInt(tip) > MAX_LAMPORTS)) {
    throw invalidField(index, 'tipLamports', 'must be null or the decimal text of an integer from 0 to 2^63 - 1')
  }
  return { strategy: record.strategy, billable: record.billable, bundle_id: bundleId, tip_lamports: tip }
}
