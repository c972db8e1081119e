/**
 * Writes a batch of simulation records in one statement. The rows travel as one typed array per
 * column, expanded by unnest: the batch size never meets PostgreSQL's 65,535 bind-parameter limit
 * (21 columns × 1,000 rows would as multi-row VALUES), and NULLs, numbers and booleans keep their
 * types. Each array crosses in the protocol's binary form (db/binary-array.ts): bytes outside the
 * JavaScript heap while pg holds them until the insert is done, where text was flattened on it and
 * promoted (bench/README.md, "The history batch's parameters in binary").
 *
 * Why not one JSON array of row objects (as until 2026-12-01): that is ≈550 bytes a row, keys
 * included, in one string of ≈275 KB for 500 rows. V8 allocates such a string in its large-object
 * space, and pg holds it until the insert is done, so on the serving thread each batch went to the
 * old generation (2.7 MB/s at 5,000 rows/s). The columns are ≈300 bytes a row in 21 strings under
 * the large-object size: a third less promoted a scavenge (bench/README.md, "The history batch").
 */
import type { SimulationRecord } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { BinaryElementError, toBinaryArray, type BinaryElement } from '../db/binary-array.js'
import { createServiceError } from '../../lib/errors.js'
import { isStorableTimeMs } from '../contract/history.js'
import { isUuid } from '../db/uuid.js'
import { isValueRefusedError } from '../db/value-refused.js'
import { DEFAULT_HISTORY_KIND, isHistoryKind } from './history-kinds.js'
import { HISTORY_KINDS } from '../contract/history.js'
import { toSubmitColumns } from './submit-call.js'

/** The table's columns and each one's array type, in the order the rows' values are collected. */
const COLUMNS = [
  ['user_id', 'uuid'],
  ['api_key_id', 'uuid'],
  ['created_at', 'timestamptz'],
  ['success', 'boolean'],
  ['decision', 'text'],
  ['risk_level', 'text'],
  ['mev_score', 'double precision'],
  ['mev_level', 'text'],
  ['failure_code', 'text'],
  ['failure_reason', 'text'],
  ['compute_units', 'integer'],
  ['fee_estimate_sol', 'double precision'],
  ['latency_ms', 'double precision'],
  ['signature', 'text'],
  ['cached', 'boolean'],
  ['record_id', 'uuid'],
  ['kind', 'text'],
  ['strategy', 'text'],
  ['billable', 'boolean'],
  ['bundle_id', 'text'],
  // The managed tip crosses as decimal text and is read as bigint: exact, where a number could round.
  ['tip_lamports', 'bigint'],
] as const

// A record_id already stored is skipped, not an error: the batch is a redelivery (a journal replay).
const INSERT_SQL = `INSERT INTO simulations (${COLUMNS.map(([name]) => name).join(', ')})
SELECT * FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
ON CONFLICT (record_id) DO NOTHING`

/**
 * The same insert, and in the same statement the webhook events its new rows cause
 * (docs/webhooks.md#events) queued to the users' subscribed endpoints: the outbox is written with
 * its cause or not at all, and a redelivered record (skipped by ON CONFLICT) queues nothing twice.
 * Each row causes at most one event, so the row's id is the event's id.
 */
const INSERT_WITH_EVENTS_SQL = `WITH inserted AS (
  ${INSERT_SQL}
  RETURNING id, user_id, created_at, kind, decision, risk_level, mev_score, signature, failure_reason
), events AS (
  SELECT i.*, CASE
    WHEN i.kind = 'simulate' AND i.decision = 'block' THEN 'simulation.blocked'
    WHEN i.kind = 'execute' AND i.decision = 'block' THEN 'execute.blocked'
    WHEN i.kind = 'execute' THEN 'execute.submitted'
  END AS type
  FROM inserted i
)
INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at)
SELECT gen_random_uuid(), e.id, v.id, v.type,
  jsonb_build_object(
    'id', v.id,
    'type', v.type,
    'created_at', to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'history_id', v.id, 'signature', v.signature, 'decision', v.decision, 'risk_level', v.risk_level,
      'mev_score', v.mev_score, 'reason', v.failure_reason
    )
  ),
  'pending', v.created_at, v.created_at
FROM events v
JOIN webhook_endpoints e ON e.user_id = v.user_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL AND v.type = ANY (e.events)
WHERE v.type IS NOT NULL
ORDER BY v.created_at, e.id`

/**
 * Inserts `records` (all or none); an empty batch sends no query. A record the database cannot
 * take (a NUL in a text, a user that does not exist) is `validation_error`, as one the encoder
 * refuses: the batch can never be stored as it is (the history queue then sets the record aside).
 */
export async function insertSimulations(db: Queryable, records: readonly SimulationRecord[]): Promise<void> {
  if (records.length === 0) return
  const columns = COLUMNS.map(() => new Array<BinaryElement>(records.length))
  for (let row = 0; row < records.length; row++) {
    const values = toSimulationRow(records[row] as SimulationRecord, row)
    for (let column = 0; column < values.length; column++) (columns[column] as BinaryElement[])[row] = values[column]
  }
  const parameters = columns.map(toColumnBytes)
  try {
    await db.query(INSERT_WITH_EVENTS_SQL, parameters)
  } catch (error) {
    if (!isValueRefusedError(error)) throw error
    throw createServiceError('validation_error', `records: the database refused a value (SQLSTATE ${error.code}): ${error.message}`, error)
  }
}

/** A column's values as its binary array; a value of the wrong type is the record's validation error. */
function toColumnBytes(values: readonly BinaryElement[], column: number): Buffer {
  const [name, type] = COLUMNS[column] as (typeof COLUMNS)[number]
  try {
    return toBinaryArray(type, values)
  } catch (error) {
    if (!(error instanceof BinaryElementError)) throw error
    throw createServiceError('validation_error', `records[${error.index}].${name}: must be a ${type}`)
  }
}

/** A number as its column takes it: a non-finite one is NULL, as it was when rows crossed as JSON. */
function toFiniteOrNull(value: number | null): number | null {
  return value === null || Number.isFinite(value) ? value : null
}

/** The row's values in COLUMNS' order. */
function toSimulationRow(record: SimulationRecord, index: number): BinaryElement[] {
  if (!isStorableTimeMs(record.createdAtMs)) {
    throw createServiceError('validation_error', `records[${index}].createdAtMs: must be epoch milliseconds from year 1 to 9999`)
  }
  if (record.recordId !== undefined && !isUuid(record.recordId)) {
    throw createServiceError('validation_error', `records[${index}].recordId: must be a uuid`)
  }
  if (record.kind !== undefined && !isHistoryKind(record.kind)) {
    throw createServiceError('validation_error', `records[${index}].kind: must be one of ${HISTORY_KINDS.join(', ')}`)
  }
  const submit = toSubmitColumns(record, index)
  return [
    record.userId,
    record.apiKeyId,
    record.createdAtMs,
    record.success,
    record.decision,
    record.riskLevel,
    toFiniteOrNull(record.mevScore),
    record.mevLevel,
    record.failureCode,
    record.failureReason,
    toFiniteOrNull(record.computeUnits),
    toFiniteOrNull(record.feeEstimateSol),
    toFiniteOrNull(record.latencyMs),
    record.signature,
    record.cached,
    record.recordId ?? null,
    record.kind ?? DEFAULT_HISTORY_KIND,
    submit.strategy,
    submit.billable,
    submit.bundle_id,
    submit.tip_lamports,
  ]
}
