/**
 * Conversions between the history half of the UserService interface (simulation records, pages,
 * statistics) and its gRPC messages (proto/accounts.proto), used by the server and the client alike.
 */
import { createServiceError } from '../../lib/errors.js'
import type {
  HistoryKind,
  HistoryTransaction,
  SubmitStrategyName,
  ServiceTotals,
  SimulationHistoryItem,
  SimulationPage,
  SimulationQuery,
  SimulationRecord,
  UserStats,
} from '../contract/index.js'
import { isHistoryKind } from '../history/history-kinds.js'
import { isOneOf, SUBMIT_ROUTES, SUBMIT_STRATEGY_NAMES, TRACKING_STATUSES } from '../contract/tracking.js'
import type {
  HistoryTransaction as HistoryTransactionMessage,
  HistoryTransaction__Output as HistoryTransactionOutput,
} from '../../proto/gen/preflight/accounts/v1/HistoryTransaction.js'
import type {
  ListSimulationsRequest as ListSimulationsRequestMessage,
  ListSimulationsRequest__Output as ListSimulationsRequestOutput,
} from '../../proto/gen/preflight/accounts/v1/ListSimulationsRequest.js'
import type {
  ServiceTotals as ServiceTotalsMessage,
  ServiceTotals__Output as ServiceTotalsOutput,
} from '../../proto/gen/preflight/accounts/v1/ServiceTotals.js'
import type { SimulationHistoryItem__Output as SimulationHistoryItemOutput } from '../../proto/gen/preflight/accounts/v1/SimulationHistoryItem.js'
import type {
  SimulationPage as SimulationPageMessage,
  SimulationPage__Output as SimulationPageOutput,
} from '../../proto/gen/preflight/accounts/v1/SimulationPage.js'
import type {
  SimulationRecord as SimulationRecordMessage,
  SimulationRecord__Output as SimulationRecordOutput,
} from '../../proto/gen/preflight/accounts/v1/SimulationRecord.js'
import type {
  UserStats as UserStatsMessage,
  UserStats__Output as UserStatsOutput,
} from '../../proto/gen/preflight/accounts/v1/UserStats.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

/** The message of one simulation record. */
export function toSimulationRecordMessage(record: SimulationRecord): SimulationRecordMessage {
  return {
    user_id: record.userId,
    api_key_id: toOptionalField(record.apiKeyId),
    created_at_ms: record.createdAtMs,
    success: record.success,
    decision: toOptionalField(record.decision),
    risk_level: toOptionalField(record.riskLevel),
    mev_score: toOptionalField(record.mevScore),
    mev_level: toOptionalField(record.mevLevel),
    failure_code: toOptionalField(record.failureCode),
    failure_reason: toOptionalField(record.failureReason),
    compute_units: toOptionalField(record.computeUnits),
    fee_estimate_sol: toOptionalField(record.feeEstimateSol),
    latency_ms: record.latencyMs,
    signature: toOptionalField(record.signature),
    cached: record.cached,
    record_id: toOptionalField(record.recordId ?? null),
    kind: record.kind,
    strategy: record.strategy,
    billable: record.billable,
    bundle_id: toOptionalField(record.bundleId ?? null),
    tip_lamports: toOptionalField(record.tipLamports ?? null),
  }
}

/** The simulation record a message carries. */
export function fromSimulationRecordMessage(message: SimulationRecordOutput): SimulationRecord {
  return {
    userId: message.user_id,
    apiKeyId: fromOptionalField(message.api_key_id),
    createdAtMs: message.created_at_ms,
    success: message.success,
    decision: fromOptionalField(message.decision),
    riskLevel: fromOptionalField(message.risk_level),
    mevScore: fromOptionalField(message.mev_score),
    mevLevel: fromOptionalField(message.mev_level),
    failureCode: fromOptionalField(message.failure_code),
    failureReason: fromOptionalField(message.failure_reason),
    computeUnits: fromOptionalField(message.compute_units),
    feeEstimateSol: fromOptionalField(message.fee_estimate_sol),
    latencyMs: message.latency_ms,
    signature: fromOptionalField(message.signature),
    cached: message.cached,
    ...(message.record_id != null ? { recordId: message.record_id } : {}),
    // The service checks the value; unset stays absent, which it stores as a simulate.
    ...(message.kind != null ? { kind: message.kind as HistoryKind } : {}),
    // A submit's answer; the service checks the values (and that only a submit has them).
    ...(message.strategy != null ? { strategy: message.strategy as SubmitStrategyName } : {}),
    ...(message.billable != null ? { billable: message.billable } : {}),
    ...(message.bundle_id != null ? { bundleId: message.bundle_id } : {}),
    ...(message.tip_lamports != null ? { tipLamports: message.tip_lamports } : {}),
  }
}

/** The message of a history query; a filter the query leaves out stays unset. */
export function toListSimulationsRequestMessage(query: SimulationQuery): ListSimulationsRequestMessage {
  return {
    user_id: query.userId,
    limit: query.limit,
    cursor: query.cursor,
    offset: query.offset,
    success: query.success,
    since_ms: query.sinceMs,
    until_ms: query.untilMs,
    risk_level: query.riskLevel,
    signature: query.signature,
  }
}

/** The history query a message carries, with only the filters it sets (absent, never undefined). */
export function fromListSimulationsRequestMessage(message: ListSimulationsRequestOutput): SimulationQuery {
  return {
    userId: message.user_id,
    limit: message.limit,
    ...(message.cursor === undefined ? {} : { cursor: message.cursor }),
    ...(message.offset === undefined ? {} : { offset: message.offset }),
    ...(message.success === undefined ? {} : { success: message.success }),
    ...(message.since_ms === undefined ? {} : { sinceMs: message.since_ms }),
    ...(message.until_ms === undefined ? {} : { untilMs: message.until_ms }),
    ...(message.risk_level === undefined ? {} : { riskLevel: message.risk_level }),
    ...(message.signature === undefined ? {} : { signature: message.signature }),
  }
}

/** The message of a history page. */
export function toSimulationPageMessage(page: SimulationPage): SimulationPageMessage {
  return {
    simulations: page.simulations.map((item) => ({
      ...item,
      decision: toOptionalField(item.decision),
      risk_level: toOptionalField(item.risk_level),
      mev_score: toOptionalField(item.mev_score),
      mev_level: toOptionalField(item.mev_level),
      failure_code: toOptionalField(item.failure_code),
      failure_reason: toOptionalField(item.failure_reason),
      compute_units: toOptionalField(item.compute_units),
      fee_estimate_sol: toOptionalField(item.fee_estimate_sol),
      signature: toOptionalField(item.signature),
      api_key_id: toOptionalField(item.api_key_id),
      transaction: item.transaction === null ? null : toHistoryTransactionMessage(item.transaction),
    })),
    next_cursor: toOptionalField(page.next_cursor),
  }
}

function fromSimulationHistoryItemMessage(message: SimulationHistoryItemOutput): SimulationHistoryItem {
  return {
    id: message.id,
    created_at: message.created_at,
    success: message.success,
    decision: fromOptionalField(message.decision),
    risk_level: fromOptionalField(message.risk_level),
    mev_score: fromOptionalField(message.mev_score),
    mev_level: fromOptionalField(message.mev_level),
    failure_code: fromOptionalField(message.failure_code),
    failure_reason: fromOptionalField(message.failure_reason),
    compute_units: fromOptionalField(message.compute_units),
    fee_estimate_sol: fromOptionalField(message.fee_estimate_sol),
    latency_ms: message.latency_ms,
    signature: fromOptionalField(message.signature),
    api_key_id: fromOptionalField(message.api_key_id),
    cached: message.cached,
    kind: fromHistoryKindMessage(message.kind),
    transaction: message.transaction === null ? null : fromHistoryTransactionMessage(message.transaction),
  }
}

function toHistoryTransactionMessage(transaction: HistoryTransaction): HistoryTransactionMessage {
  return {
    status: transaction.status,
    route: transaction.route,
    landed_slot: toOptionalField(transaction.landed_slot),
    matched: toOptionalField(transaction.matched),
    strategy: toOptionalField(transaction.strategy),
    billable: toOptionalField(transaction.billable),
    bundle_id: toOptionalField(transaction.bundle_id),
    tip_lamports: toOptionalField(transaction.tip_lamports),
  }
}

function fromHistoryTransactionMessage(message: HistoryTransactionOutput): HistoryTransaction {
  const strategy = fromOptionalField(message.strategy)
  if (
    !isOneOf(TRACKING_STATUSES, message.status) ||
    !isOneOf(SUBMIT_ROUTES, message.route) ||
    (strategy !== null && !isOneOf(SUBMIT_STRATEGY_NAMES, strategy))
  ) {
    throw createServiceError(
      'internal_error',
      `the accounts service sent a history transaction ${message.status}/${message.route}/${strategy}`,
    )
  }
  return {
    status: message.status,
    route: message.route,
    landed_slot: fromOptionalField(message.landed_slot),
    matched: fromOptionalField(message.matched),
    strategy,
    billable: fromOptionalField(message.billable),
    bundle_id: fromOptionalField(message.bundle_id),
    tip_lamports: fromOptionalField(message.tip_lamports),
  }
}

/** The kind a history item's message names; anything else is a broken answer, never a guess. */
function fromHistoryKindMessage(kind: string): HistoryKind {
  if (isHistoryKind(kind)) return kind
  throw createServiceError('internal_error', `the accounts service sent history kind ${JSON.stringify(kind)}`)
}

/** The history page a message carries. */
export function fromSimulationPageMessage(message: SimulationPageOutput): SimulationPage {
  return {
    simulations: message.simulations.map(fromSimulationHistoryItemMessage),
    next_cursor: fromOptionalField(message.next_cursor),
  }
}

/** The message of a user's statistics. */
export function toUserStatsMessage(stats: UserStats): UserStatsMessage {
  return {
    ...stats,
    daily: stats.daily.map((day) => ({
      ...day,
      latency_p50_ms: toOptionalField(day.latency_p50_ms),
      latency_p95_ms: toOptionalField(day.latency_p95_ms),
      latency_p99_ms: toOptionalField(day.latency_p99_ms),
    })),
  }
}

/** The user statistics a message carries. */
export function fromUserStatsMessage(message: UserStatsOutput): UserStats {
  return {
    total_simulations: message.total_simulations,
    success_count: message.success_count,
    fail_count: message.fail_count,
    success_rate: message.success_rate,
    avg_latency_ms: message.avg_latency_ms,
    avg_mev_score: message.avg_mev_score,
    mev_distribution: { ...message.mev_distribution },
    top_failure_reasons: message.top_failure_reasons.map(({ code, count }) => ({ code, count })),
    risk_distribution: message.risk_distribution.map(({ level, count }) => ({ level, count })),
    simulations_today: message.simulations_today,
    simulations_7d: message.simulations_7d,
    daily: message.daily.map((day) => ({
      date: day.date,
      simulations: day.simulations,
      success_count: day.success_count,
      approve: day.approve,
      warn: day.warn,
      block: day.block,
      latency_p50_ms: fromOptionalField(day.latency_p50_ms),
      latency_p95_ms: fromOptionalField(day.latency_p95_ms),
      latency_p99_ms: fromOptionalField(day.latency_p99_ms),
    })),
  }
}

/** The message of the service-wide totals. */
export function toServiceTotalsMessage(totals: ServiceTotals): ServiceTotalsMessage {
  return { ...totals }
}

/** The service totals a message carries. */
export function fromServiceTotalsMessage(message: ServiceTotalsOutput): ServiceTotals {
  return {
    total_simulations: message.total_simulations,
    simulations_24h: message.simulations_24h,
    success_rate_24h: message.success_rate_24h,
    latency_p50_ms: message.latency_p50_ms,
    latency_p95_ms: message.latency_p95_ms,
    latency_p99_ms: message.latency_p99_ms,
  }
}
