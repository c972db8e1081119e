/**
 * How a judged transaction leaves the service: the contract every landing route implements (the
 * execute, send and relay work fills `engine/submit/` with them; docs/extending.md has the recipe).
 * A strategy only lands bytes: signatures are verified, the policy applied and the outcome tracked
 * by its caller, the same for every strategy.
 */
import type { SubmitStrategyName } from '../contract/submit-strategies.js'

/** Strategies billed per call (0.003 EUR each); direct and auto_direct are free. Relay tips pass through at cost. */
export const BILLABLE_SUBMIT_STRATEGIES: ReadonlySet<SubmitStrategyName> = new Set(['staked_sender', 'managed_tip_bundle'])

/** Where a landed transaction went: an RPC endpoint or a bundle relay. */
export type SubmitRoute = 'direct_rpc' | 'relay_bundle'

export interface SubmitRequest {
  /** The signed wire transaction (its signatures were verified by the caller). */
  transaction: Uint8Array
  /** Its first signature, base58: how it is tracked once sent. */
  signature: string
  /** A relay tip the caller asked for, in lamports. */
  tipLamports?: bigint
  /** Aborted when the caller's deadline passes: the strategy stops retrying and rejects. */
  signal: AbortSignal
}

export interface SubmitOutcome {
  route: SubmitRoute
  /** The relay's bundle id, when the route is a bundle. */
  relayBundleId: string | null
  /** Sends made (rebroadcasts and fail-overs included). */
  attempts: number
}

/** One way of landing a transaction. Failures are catalogue ServiceErrors (e.g. `upstream_unavailable`). */
export interface SubmitStrategy {
  readonly name: SubmitStrategyName
  submit(request: SubmitRequest): Promise<SubmitOutcome>
}
