/**
 * Turns a SimulationQuery into the WHERE conditions, bind values and window of one history page,
 * rejecting what a client could send wrong with `validation_error` before any SQL runs. Every value
 * travels as a bind parameter; the SQL text is built only from the constants below.
 */
import type { SimulationQuery } from '../contract/index.js'
import type { QueryValue } from '../db/database.js'
import { createServiceError } from '../../lib/errors.js'
import { isStorableTimeMs } from '../contract/history.js'
import { fromHistoryCursor } from './history-cursor.js'
import { assertUserId } from './history-user-id.js'
import { isRiskLevel } from './risk-levels.js'
import { isSignature } from '../tracking/tracking-input.js'
import { RISK_LEVELS } from '../contract/history.js'

/** A history page holds at most 200 rows (docs/api.md#field-limits). */
const HISTORY_MAX_LIMIT = 200

export interface SimulationFilter {
  /** Joined with AND; `$n` placeholders index into `values`. */
  conditions: string[]
  values: QueryValue[]
  limit: number
  offset: number
}

/** The validated SQL pieces of `query`; throws `validation_error` naming the first bad field. */
export function toSimulationFilter(query: SimulationQuery): SimulationFilter {
  assertUserId(query.userId)
  const values: QueryValue[] = [query.userId]
  const conditions = ['user_id = $1']
  const bind = (value: QueryValue) => `$${values.push(value)}`

  const { limit, offset = 0 } = query
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    throw invalid(`limit: must be an integer from 1 to ${HISTORY_MAX_LIMIT}`)
  }
  if (!Number.isSafeInteger(offset) || offset < 0) throw invalid('offset: must be an integer ≥ 0')
  if (query.cursor !== undefined) {
    const position = fromHistoryCursor(query.cursor)
    // Strictly after the position in (created_at DESC, id DESC) order: one row comparison, which the
    // (user_id, created_at DESC, id DESC) index answers as a range.
    conditions.push(`(created_at, id) < (${bind(position.createdAt)}::timestamptz, ${bind(position.id)}::uuid)`)
  }
  if (query.success !== undefined) {
    if (typeof query.success !== 'boolean') throw invalid('success: must be a boolean')
    conditions.push(`success = ${bind(query.success)}`)
  }
  if (query.sinceMs !== undefined) conditions.push(`created_at >= ${bind(toTimestamp(query.sinceMs, 'since'))}::timestamptz`)
  if (query.untilMs !== undefined) conditions.push(`created_at <= ${bind(toTimestamp(query.untilMs, 'until'))}::timestamptz`)
  if (query.riskLevel !== undefined) {
    if (!isRiskLevel(query.riskLevel)) throw invalid(`risk_level: must be one of ${RISK_LEVELS.join(', ')}`)
    conditions.push(`risk_level = ${bind(query.riskLevel)}`)
  }
  if (query.signature !== undefined) {
    if (!isSignature(query.signature)) throw invalid('signature: must be a base58 signature of 64 bytes')
    // Equality never matches a NULL signature; the (user_id, signature, created_at DESC, id DESC)
    // index answers it, the cursor's position included, as one range.
    conditions.push(`signature = ${bind(query.signature)}`)
  }
  return { conditions, values, limit, offset }
}

function toTimestamp(ms: number, field: string): string {
  if (!isStorableTimeMs(ms)) throw invalid(`${field}: must be a date-time from 0001-01-01 to 9999-12-31`)
  return new Date(ms).toISOString()
}

function invalid(message: string) {
  return createServiceError('validation_error', message)
}
