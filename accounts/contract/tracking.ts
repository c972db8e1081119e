/**
 * The tracking of a transaction the service sent, as the user service stores it until it is final.
 * The engine owns the meaning of the closed sets (engine/contract/transaction-tracking.ts); the
 * user service runs without the engine, so it declares them here too, and
 * test/accounts/tracking-values.test.ts keeps the two identical. The engine's tracking store
 * (engine/landing/tracking/tracking-record.ts) is this record with its JSON fields typed.
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

/**
 * The longest bundle id a relay may give (Jito's are 64 hex characters; room to spare for another
 * relay's): what tracking and history store, and what the engine's relay client accepts.
 */
export const MAX_RELAY_BUNDLE_ID_LENGTH = 200

/** Whether `value` is one of `values`. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}

/** A value JSON can carry: what the JSON columns of a tracking record hold. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/**
 * A transaction the service sent, as tracked until final. Keyed by (userId, signature); userId may
 * be the nil uuid for a tenantless trusted call. Slots and heights are safe integers, times epoch
 * ms; the JSON fields (`Json`: any JSON for the store, the engine's typed shapes for the engine)
 * are stored as given and read back as JSON (object keys may come back in another order).
 */
export interface TransactionTrackingRecord<Json extends JsonFieldTypes = JsonFields> {
  userId: string
  signature: string
  kind: TrackingKind
  status: TrackingStatus
  route: SubmitRoute
  attempts: number
  /** Host names of the endpoints it was sent to. */
  endpoints: string[]
  /** The signed wire transaction (at most 1,232 bytes): what is rebroadcast after a restart. */
  wireTransaction: Uint8Array
  /** Past this block height it can no longer land; null for a durable-nonce transaction. */
  lastValidBlockHeight: number | null
  landedSlot: number | null
  transactionError: Json['transactionError']
  /** What the simulation it was sent on said would happen. */
  prediction: Json['prediction']
  /** How what landed compared with the prediction; null until it landed. */
  outcome: Json['outcome']
  /** submit's strategy; null for execute and send. */
  strategy: SubmitStrategyName | null
  /** The relay's bundle id (route relay_bundle); at most 200 characters. */
  relayBundleId: string | null
  /** A managed tip the service's tip wallet paid, in lamports (0 to 2^63 − 1); null when none. */
  tipLamports: bigint | null
  /** Why the relay will not land it (status dropped); at most 2,000 characters. */
  dropReason: string | null
  createdAtMs: number
  updatedAtMs: number
}

/** The JSON fields as the store sees them: any JSON. */
export interface JsonFields {
  transactionError: JsonValue
  prediction: JsonValue
  outcome: JsonValue
}

/** The JSON fields of a record: what their type is, to whoever reads them. */
type JsonFieldTypes = { transactionError: unknown; prediction: unknown; outcome: unknown }

/** What an update may change; a field left out (or undefined) keeps its value. */
export type TransactionTrackingPatch<Json extends JsonFieldTypes = JsonFields> = Partial<
  Pick<
    TransactionTrackingRecord<Json>,
    | 'status'
    | 'attempts'
    | 'endpoints'
    | 'landedSlot'
    | 'transactionError'
    | 'outcome'
    | 'lastValidBlockHeight'
    | 'dropReason'
    // auto_direct's escalation moves a direct record to the relay.
    | 'route'
    | 'relayBundleId'
    | 'tipLamports'
  >
>
