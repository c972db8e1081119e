/**
 * Writes a batch of simulation records in one statement. The rows travel as one JSON array bound to
 * one parameter and are expanded by jsonb_to_recordset: the batch size never meets PostgreSQL's
 * 65,535 bind-parameter limit (21 columns × 1,000 rows would as multi-row VALUES), and unlike
 * unnest over text arrays it carries NULLs, numbers and booleans with their types.
 */
import type { SimulationRecord } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { createServiceError } from '../../lib/errors.js'
import { isStorableTimeMs } from '../contract/history.js'
import { isUuid } from '../db/uuid.js'
import { DEFAULT_HISTORY_KIND, isHistoryKind } from './history-kinds.js'
import { HISTORY_KINDS } from '../contract/history.js'
import { toSubmitColumns } from './submit-call.js'

// A record_id already stored is skipped, not an error: the batch is a redelivery (a journal replay).
// tip_lamports travels as JSON text and is read as bigint: exact, where a JSON number could round.
const INSERT_SQL = `INSERT INTO simulations (user_id, api_key_id, created_at, success, decision, risk_level, mev_score,
  mev_level, failure_code, failure_reason, compute_units, fee_estimate_sol, latency_ms, signature, cached, record_id, kind,
  strategy, billable, bundle_id, tip_lamports)
SELECT user_id, api_key_id, created_at, success, decision, risk_level, mev_score,
  mev_level, failure_code, failure_reason, compute_units, fee_estimate_sol, latency_ms, signature, cached, record_id, kind,
  strategy, billable, bundle_id, tip_lamports
FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, api_key_id uuid, created_at timestamptz, success boolean,
  decision text, risk_level text, mev_score double precision, mev_level text, failure_code text, failure_reason text,
  compute_units integer, fee_estimate_sol double precision, latency_ms double precision, signature text, cached boolean,
  record_id uuid, kind text, strategy text, billable boolean, bundle_id text, tip_lamports bigint)
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

/** Inserts `records` (all or none); an empty batch sends no query. */
export async function insertSimulations(db: Queryable, records: readonly SimulationRecord[]): Promise<void> {
  if (records.length === 0) return
  await db.query(INSERT_WITH_EVENTS_SQL, [JSON.stringify(records.map(toSimulationRow))])
}

function toSimulationRow(record: SimulationRecord, index: number) {
  if (!isStorableTimeMs(record.createdAtMs)) {
    throw createServiceError('validation_error', `records[${index}].createdAtMs: must be epoch milliseconds from year 1 to 9999`)
  }
  const createdAt = new Date(record.createdAtMs)
  if (record.recordId !== undefined && !isUuid(record.recordId)) {
    throw createServiceError('validation_error', `records[${index}].recordId: must be a uuid`)
  }
  if (record.kind !== undefined && !isHistoryKind(record.kind)) {
    throw createServiceError('validation_error', `records[${index}].kind: must be one of ${HISTORY_KINDS.join(', ')}`)
  }
  return {
    user_id: record.userId,
    api_key_id: record.apiKeyId,
    created_at: createdAt.toISOString(),
    success: record.success,
    decision: record.decision,
    risk_level: record.riskLevel,
    mev_score: record.mevScore,
    mev_level: record.mevLevel,
    failure_code: record.failureCode,
    failure_reason: record.failureReason,
    compute_units: record.computeUnits,
    fee_estimate_sol: record.feeEstimateSol,
    latency_ms: record.latencyMs,
    signature: record.signature,
    cached: record.cached,
    record_id: record.recordId ?? null,
    kind: record.kind ?? DEFAULT_HISTORY_KIND,
    ...toSubmitColumns(record, index),
  }
}
