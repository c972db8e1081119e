/**
 * Conversions between the engine's submit contract (engine/contract/submit-response.ts) and its
 * gRPC messages, both ways: the request the edge sends and the engine reads (its limits checked
 * here, as REST's schema checks them), and the response. The messages mirror the JSON names; JSON's
 * null and a field left out are an unset proto3 optional field, and the on-chain error travels as
 * its JSON text, as SendResponse carries it.
 */
import type { SubmitRequest as SubmitRequestMessage } from '../../proto/gen/preflight/engine/v1/SubmitRequest.js'
import type { SubmitRequest__Output as SubmitRequestOutput } from '../../proto/gen/preflight/engine/v1/SubmitRequest.js'
import type { SubmitResponse as SubmitResponseMessage } from '../../proto/gen/preflight/engine/v1/SubmitResponse.js'
import type { SubmitResponse__Output as SubmitResponseOutput } from '../../proto/gen/preflight/engine/v1/SubmitResponse.js'
import { createServiceError } from '../../lib/errors.js'
import { SUBMIT_LIMITS, type BundleLintRule, type SubmitOptions, type SubmitResponse } from '../contract/submit-response.js'
import { SUBMIT_STRATEGY_NAMES, type SubmitStrategyName } from '../contract/submit-strategies.js'
import type { SubmitRoute, TrackingStatus } from '../contract/transaction-tracking.js'

const isStrategyName = (name: string): name is SubmitStrategyName => (SUBMIT_STRATEGY_NAMES as readonly string[]).includes(name)

/** The gRPC request of a submit (tenant_id empty when none is named). */
export function toSubmitRequestMessage(transaction: Uint8Array, options: SubmitOptions): SubmitRequestMessage {
  return {
    transaction,
    tenant_id: options.tenantId ?? '',
    card_on_file: options.cardOnFile ?? false,
    strategy: options.strategy,
    wait_confirmation: options.waitConfirmation ?? false,
    // Unset (not 0) when not given: the engine's default applies.
    ...(options.tipLamports === undefined ? {} : { tip_lamports: options.tipLamports }),
    ...(options.deadlineMs === undefined ? {} : { deadline_ms: options.deadlineMs }),
  }
}

/**
 * The submit options of a gRPC request, checked as REST's body schema checks them (the strategy
 * named and known, the tip and the deadline within SUBMIT_LIMITS); throws `validation_error` naming
 * the field.
 */
export function toSubmitOptions(request: SubmitRequestOutput): SubmitOptions {
  const { strategy, tip_lamports: tipLamports, deadline_ms: deadlineMs } = request
  if (!isStrategyName(strategy)) {
    throw createServiceError('validation_error', `strategy: must be one of ${SUBMIT_STRATEGY_NAMES.join(', ')}`)
  }
  // A uint64 past 2^53 reads as an imprecise Number, and is over the limit either way.
  if (tipLamports !== undefined && tipLamports > SUBMIT_LIMITS.maxTipLamports) {
    throw createServiceError('validation_error', `tip_lamports: must be <= ${SUBMIT_LIMITS.maxTipLamports}`)
  }
  if (deadlineMs !== undefined && (deadlineMs < SUBMIT_LIMITS.minDeadlineMs || deadlineMs > SUBMIT_LIMITS.maxDeadlineMs)) {
    throw createServiceError(
      'validation_error',
      `deadline_ms: must be from ${SUBMIT_LIMITS.minDeadlineMs} to ${SUBMIT_LIMITS.maxDeadlineMs}`,
    )
  }
  return {
    strategy,
    ...(tipLamports === undefined ? {} : { tipLamports }),
    // proto3 cannot leave a bool out: false is REST's default too.
    waitConfirmation: request.wait_confirmation,
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
    ...(request.card_on_file ? { cardOnFile: true } : {}),
  }
}

/** The gRPC message of a submit response. */
export function toSubmitResponseMessage(response: SubmitResponse): SubmitResponseMessage {
  return {
    signature: response.signature,
    strategy: response.strategy,
    route: response.route,
    bundle_id: response.bundle_id ?? undefined,
    tip_lamports: response.tip_lamports ?? undefined,
    bundle_lint: response.bundle_lint.map((entry) => ({ rule: entry.rule, ok: entry.ok, detail: entry.detail })),
    confirmation: response.confirmation,
    attempts: response.attempts,
    slot: response.slot ?? undefined,
    transaction_error_json: response.transaction_error === null ? undefined : JSON.stringify(response.transaction_error),
    latency_ms: response.latency_ms,
    billable: response.billable,
  }
}

/** The submit response a gRPC message carries. */
export function fromSubmitResponseMessage(message: SubmitResponseOutput): SubmitResponse {
  return {
    signature: message.signature,
    strategy: message.strategy as SubmitStrategyName,
    route: message.route as SubmitRoute,
    bundle_id: message.bundle_id ?? null,
    tip_lamports: message.tip_lamports ?? null,
    bundle_lint: message.bundle_lint.map((entry) => ({ rule: entry.rule as BundleLintRule, ok: entry.ok, detail: entry.detail })),
    confirmation: message.confirmation as TrackingStatus,
    attempts: message.attempts,
    slot: message.slot ?? null,
    transaction_error:
      message.transaction_error_json === undefined
        ? null
        : (JSON.parse(message.transaction_error_json) as SubmitResponse['transaction_error']),
    latency_ms: message.latency_ms,
    billable: message.billable,
  }
}
