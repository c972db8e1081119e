/**
 * How a transaction leaves the service through submit: the contract every strategy implements
 * (docs/extending.md#a-submit-strategy). A strategy lands the verified bytes through the shared
 * landing services — the RPC submitter (engine/landing/send/) or the bundle sender (engine/landing/bundle/) —
 * which also start its tracking; signature checks, the prediction, the confirmation wait and
 * billing belong to its caller (submit-transaction.ts), the same for every strategy.
 */
import type { BundleLintEntry } from '../../contract/submit-response.js'
import type { SubmitStrategyName } from '../../contract/submit-strategies.js'
import type { Prediction } from '../../contract/transaction-tracking.js'
import type { WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import type { TrackingRecord } from '../tracking/tracking-record.js'

/** Strategies billed per call (0.003 EUR each); direct and auto_direct are free. Relay tips pass through at cost. */
export const BILLABLE_SUBMIT_STRATEGIES: ReadonlySet<SubmitStrategyName> = new Set(['staked_sender', 'managed_tip_bundle'])

export interface SubmitRequest {
  /** The signed transaction (every signature verified by the caller). */
  tx: WireTransaction
  /** Who owns the tracking record. */
  userId: string
  /** The caller has a card on file: the managed-tip plan that applies (managed-tip-budget.ts). */
  cardOnFile: boolean
  /** What the simulation said it would do. */
  prediction: Prediction | null
  /** The managed tip the caller asked for, in lamports. */
  tipLamports?: bigint
  /** The caller's limit on the wait for the relay's rate limit (ms). */
  deadlineMs?: number
}

export interface SubmitOutcome {
  /** The tracking record, as stored when the strategy answered. */
  record: TrackingRecord
  /** Every bundle rule checked; [] when no bundle was sent. */
  bundleLint: BundleLintEntry[]
  /** A tip the service's tip wallet paid, billed at cost; null when none. */
  managedTipLamports: bigint | null
}

/** One way of landing a transaction. Failures are catalogue ServiceErrors (`upstream_unavailable`, `bundle_rejected`, `relay_busy`…). */
export interface SubmitStrategy {
  readonly name: SubmitStrategyName
  submit(request: SubmitRequest): Promise<SubmitOutcome>
}
