/**
 * submit (docs/relay.md): verify every signature, simulate for the prediction tracking compares
 * reality with, land through the named strategy, and answer with the bundle lint, the tip and
 * whether the call is billed. With `wait_confirmation` the answer waits up to 30 s as send's does.
 */
import { elapsedMs } from '../../../lib/elapsed-ms.js'
import { createServiceError } from '../../../lib/errors.js'
import { SUBMIT_STRATEGY_NAMES, type SubmitStrategyName } from '../../contract/submit-strategies.js'
import { SUBMIT_LIMITS, type SubmitOptions, type SubmitResponse } from '../../contract/submit-response.js'
import { assertSignedTransaction } from '../../hot-path/decode/verify-signatures.js'
import { decodeWireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { ANONYMOUS_TENANT, settle } from '../send/send-transaction.js'
import type { SimulateOptions } from '../../contract/simulate-request.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { toPrediction } from '../tracking/compare-outcome.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'
import { BILLABLE_SUBMIT_STRATEGIES, type SubmitStrategy } from './submit-strategy.js'
import type { ManagedTipBudget } from '../bundle/managed-tip-budget.js'
import type { TipPayer } from '../bundle/managed-tip-plans.js'

export interface SubmitDeps {
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
  /** Every strategy by its name. */
  strategies: Readonly<Record<SubmitStrategyName, SubmitStrategy>>
  tracker: TransactionTracker
  /** Who the service pays managed tips and staked sending for: checked before anything is simulated or sent. */
  budget: Pick<ManagedTipBudget, 'allows' | 'assertMayPay'>
}

/** Refuses, before any work, what the caller's plan does not pay for: a billable strategy, a tip past the per-call cap. */
function assertPlanAllows(budget: SubmitDeps['budget'], payer: TipPayer, strategy: SubmitStrategyName, tipLamports: bigint | undefined) {
  if (strategy === 'staked_sender') budget.assertMayPay(payer, "staked_sender (the service's staked endpoints)")
  if (strategy === 'managed_tip_bundle') budget.assertMayPay(payer, "managed_tip_bundle (a tip from the service's tip wallet)", tipLamports)
  // auto_direct escalates only for a plan that pays tips; a tip asked for must then fit its cap.
  if (strategy === 'auto_direct' && budget.allows(payer)) {
    budget.assertMayPay(payer, "auto_direct's escalation to a bundle (a tip from the service's tip wallet)", tipLamports)
  }
}

/** Checks submit's options as every transport must (the REST schema checks them first there). */
export function parseSubmitOptions(options: SubmitOptions): { strategy: SubmitStrategyName; tipLamports?: bigint; deadlineMs?: number } {
  if (!(SUBMIT_STRATEGY_NAMES as readonly string[]).includes(options.strategy)) {
    throw createServiceError('validation_error', `strategy: must be one of ${SUBMIT_STRATEGY_NAMES.join(', ')}`)
  }
  const parsed: { strategy: SubmitStrategyName; tipLamports?: bigint; deadlineMs?: number } = { strategy: options.strategy }
  if (options.tipLamports !== undefined) {
    if (!Number.isSafeInteger(options.tipLamports) || options.tipLamports < 0 || options.tipLamports > SUBMIT_LIMITS.maxTipLamports) {
      throw createServiceError('validation_error', `tip_lamports: must be an integer from 0 to ${SUBMIT_LIMITS.maxTipLamports}`)
    }
    parsed.tipLamports = BigInt(options.tipLamports)
  }
  if (options.deadlineMs !== undefined) {
    const { minDeadlineMs, maxDeadlineMs } = SUBMIT_LIMITS
    if (!Number.isInteger(options.deadlineMs) || options.deadlineMs < minDeadlineMs || options.deadlineMs > maxDeadlineMs) {
      throw createServiceError('validation_error', `deadline_ms: must be an integer from ${minDeadlineMs} to ${maxDeadlineMs}`)
    }
    parsed.deadlineMs = options.deadlineMs
  }
  return parsed
}

/** Submits one wire transaction for a tenant. */
export async function submitTransaction(deps: SubmitDeps, bytes: Uint8Array, options: SubmitOptions): Promise<SubmitResponse> {
  const startedAt = performance.now()
  const parsed = parseSubmitOptions(options)
  const tx = decodeWireTransaction(bytes)
  assertSignedTransaction(tx)
  const strategy = deps.strategies[parsed.strategy]
  const payer: TipPayer = { userId: options.tenantId ?? ANONYMOUS_TENANT, cardOnFile: options.cardOnFile ?? false }
  assertPlanAllows(deps.budget, payer, parsed.strategy, parsed.tipLamports)
  const simulation = await deps.simulate(bytes, options.tenantId === undefined ? {} : { tenantId: options.tenantId })
  const outcome = await strategy.submit({
    tx,
    userId: payer.userId,
    cardOnFile: payer.cardOnFile,
    prediction: toPrediction(simulation),
    ...(parsed.tipLamports === undefined ? {} : { tipLamports: parsed.tipLamports }),
    ...(parsed.deadlineMs === undefined ? {} : { deadlineMs: parsed.deadlineMs }),
  })
  const record = await settle(deps.tracker, outcome.record, options.waitConfirmation)
  return {
    signature: record.signature,
    strategy: parsed.strategy,
    route: record.route,
    bundle_id: record.relayBundleId,
    tip_lamports: outcome.managedTipLamports === null ? null : Number(outcome.managedTipLamports),
    bundle_lint: outcome.bundleLint,
    confirmation: record.status,
    attempts: record.attempts,
    slot: record.landedSlot,
    transaction_error: record.transactionError,
    latency_ms: elapsedMs(startedAt),
    billable: BILLABLE_SUBMIT_STRATEGIES.has(parsed.strategy),
  }
}
