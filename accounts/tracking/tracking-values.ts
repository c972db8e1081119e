/**
 * The closed sets a tracking record's text columns take. The engine owns their meaning
 * (engine/contract/transaction-tracking.ts); the user service keeps its own copy, as it runs without
 * the engine, and test/accounts/tracking-values.test.ts keeps the two identical.
 */

/**
 * Where a tracked transaction stands: `pending` until seen on chain, then its commitment, or how it
 * ended (`dropped`: the relay will not land its bundle).
 */
export const TRACKING_STATUSES = ['pending', 'processed', 'confirmed', 'finalized', 'failed', 'expired', 'dropped'] as const
export type TrackingStatus = (typeof TRACKING_STATUSES)[number]

/**
 * The statuses that may still change: what a claim hands out. The migration's partial index
 * (0005_tracked_transactions.sql) names the same three; the claim's SQL must match it to use it.
 */
export const UNRESOLVED_TRACKING_STATUSES = ['pending', 'processed', 'confirmed'] as const satisfies readonly TrackingStatus[]

/** The call that sent it. */
export const TRACKING_KINDS = ['execute', 'send', 'submit'] as const
export type TrackingKind = (typeof TRACKING_KINDS)[number]

/** How it travelled: an RPC endpoint's sendTransaction, or the bundle relay. */
export const SUBMIT_ROUTES = ['direct_rpc', 'relay_bundle'] as const
export type SubmitRoute = (typeof SUBMIT_ROUTES)[number]

/** The strategy a submit named (null for execute and send). */
export const SUBMIT_STRATEGY_NAMES = ['direct', 'auto_direct', 'staked_sender', 'managed_tip_bundle'] as const
export type SubmitStrategyName = (typeof SUBMIT_STRATEGY_NAMES)[number]

/** Whether `value` is one of `values`. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}
