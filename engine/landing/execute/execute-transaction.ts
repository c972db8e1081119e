/**
 * `execute` (docs/api.md#execute; SPEC §3's table): verify every signature, simulate with every
 * vector, apply the request's policy over the defaults (the same code as simulate's verdict), then
 * `simulation_failed` or `blocked` (nothing sent) or `submitted` through send's machinery. The MEV
 * score above `relay_threshold`, or `force_relay`, routes to the bundle relay: the transaction's own
 * tip when it pays one, else a managed tip, linted before the relay sees it (docs/relay.md).
 */
import { elapsedMs } from '../../../lib/elapsed-ms.js'
import type { ExecuteOptions, ExecuteResponse } from '../../contract/execute-response.js'
import { SEND_LIMITS } from '../../contract/send-response.js'
import { assertSignedTransaction } from '../../hot-path/decode/verify-signatures.js'
import { decodeWireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { parsePolicy } from '../../detection/policy/policy.js'
import type { SimulateOptions } from '../../contract/simulate-request.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { ANONYMOUS_TENANT, settle, toSendFields } from '../send/send-transaction.js'
import type { TransactionSubmitter } from '../send/transaction-submitter.js'
import type { BundleSender } from '../bundle/bundle-sender.js'
import { toPrediction } from '../tracking/compare-outcome.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'

export interface ExecuteDeps {
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
  submitter: TransactionSubmitter
  bundles: BundleSender
  tracker: TransactionTracker
}

const NOT_SENT = { signature: null, relay_bundle_id: null, confirmation: null, attempts: 0, slot: null, transaction_error: null } as const

/** Executes one wire transaction for a tenant. */
export async function executeTransaction(deps: ExecuteDeps, bytes: Uint8Array, options: ExecuteOptions): Promise<ExecuteResponse> {
  const startedAt = performance.now()
  const tx = decodeWireTransaction(bytes)
  assertSignedTransaction(tx)
  const policy = parsePolicy(options.policy)
  const simulation = await deps.simulate(bytes, {
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    ...(options.tenantId === undefined ? {} : { tenantId: options.tenantId }),
  })
  const verdict = {
    simulation_success: simulation.success,
    mev_score: simulation.risk.mev_score,
    risk_level: simulation.risk.risk_level,
    recommended_priority_fee: simulation.priority_fees.medium,
    compute_units: simulation.compute_units ?? 0,
    policy_applied: { ...policy, block_token_flags: [...policy.block_token_flags] },
    decision_reasons: simulation.decision_reasons,
    summary: simulation.summary,
  }
  const answer = (fields: Omit<ExecuteResponse, keyof typeof verdict | 'latency_ms'>): ExecuteResponse => ({
    ...verdict,
    ...fields,
    latency_ms: elapsedMs(startedAt),
  })

  if (!simulation.success && policy.require_simulation_pass) {
    return answer({
      ...NOT_SENT,
      action: 'simulation_failed',
      route: 'none',
      reason: simulation.failure_reason ?? 'The simulation failed.',
    })
  }
  if (simulation.decision === 'block') {
    const reason = simulation.decision_reasons.map((entry) => entry.message).join('; ') || 'The policy blocks it.'
    return answer({ ...NOT_SENT, action: 'blocked', route: 'none', reason })
  }
  const userId = options.tenantId ?? ANONYMOUS_TENANT
  const prediction = toPrediction(simulation)
  const viaRelay = policy.force_relay || simulation.risk.mev_score > policy.relay_threshold
  const record = viaRelay
    ? (
        await deps.bundles.send({
          tx,
          userId,
          cardOnFile: options.cardOnFile ?? false,
          kind: 'execute',
          strategy: null,
          prediction,
          tipMode: 'own_or_managed',
        })
      ).record
    : await deps.submitter.submit({
        tx,
        userId,
        kind: 'execute',
        strategy: null,
        endpoints: 'all',
        prediction,
        maxRetries: SEND_LIMITS.defaultMaxRetries,
      })
  const settled = await settle(deps.tracker, record, options.waitConfirmation)
  const reason =
    settled.status === 'expired' && settled.attempts === 0
      ? 'Approved, but its blockhash has expired: nothing was sent.'
      : simulation.decision === 'warn'
        ? `Submitted with warnings: ${simulation.decision_reasons.map((entry) => entry.message).join('; ')}`
        : 'Approved by the policy and submitted.'
  return answer({ action: 'submitted', relay_bundle_id: settled.relayBundleId, reason, ...toSendFields(settled) })
}
