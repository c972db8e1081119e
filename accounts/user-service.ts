/**
 * The user service's contract (the accounts process: docs/architecture.md#vocabulary): users,
 * passwords, tokens, API keys, history, statistics, program blocks and the tracking of sent
 * transactions. The edge (and the engine) reach it through
 * this interface in-process (`createUserService`) or over gRPC (accounts/user-service-client.ts);
 * both pass test/accounts/user-service-contract.test.ts. Shapes that reach clients are already in
 * the API's snake_case (docs/api.md); the rest are internal and camelCase.
 */
import type { Role } from '../lib/access-token.js'
import type { AuthInvalidation } from '../lib/auth-invalidation.js'
import type { Logger } from '../lib/logger.js'
import type { Database } from './db/database.js'
import { createHistoryService } from './history/history-service.js'
import { createIdentityService } from './identity-service.js'
import { createProgramBlocksService } from './program-blocks/program-blocks-service.js'
import { createTransactionTrackingService } from './tracking/tracking-service.js'
import { createWebhooksService } from './webhooks/webhooks-service.js'
import { createBillingService, type BillingSettings } from './billing/billing-service.js'
import type { SubscriptionStatus } from './billing/subscription-status.js'
import type { WebhookUrlPolicy } from './webhooks/webhook-url-policy.js'
import type { WebhookDeliveryStatus, WebhookEventType } from './webhooks/webhook-values.js'
import type { HistoryKind } from './history/history-kinds.js'
import type { SubmitRoute, SubmitStrategyName, TrackingKind, TrackingStatus } from './tracking/tracking-values.js'

// Defined in lib/, where every process reads them (lib/ imports no service); part of this contract.
export type { AuthInvalidation, Role }
// Closed sets kept beside the code that checks them; part of this contract.
export type {
  HistoryKind,
  SubmitRoute,
  SubmitStrategyName,
  SubscriptionStatus,
  TrackingKind,
  TrackingStatus,
  WebhookDeliveryStatus,
  WebhookEventType,
}

/** A value JSON can carry: what the JSON columns of a tracking record hold. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/** The User of docs/api.md#accounts-and-tokens. */
export interface User {
  id: string
  email: string
  name: string | null
  role: Role
  email_verified: boolean
  timezone: string | null
  created_at: string
}

/** The answer of register, login and refresh, with the access token's lifetime in seconds and its type, as OAuth clients expect. */
export interface AuthResponse {
  token: string
  refresh_token: string
  token_type: 'Bearer'
  expires_in: number
}

/** An API key as docs/api.md#api-keys shows it. `prefix` is `pf_live_`; `last_four` tells keys apart. */
export interface ApiKey {
  id: string
  name: string
  prefix: string
  last_four: string
  /** The cleartext key: only in the answers of create and rotate. */
  key?: string
  requests_count: number
  last_used_at: string | null
  expires_at: string | null
  created_at: string
}

/** Who an API-key secret belongs to, for the edge's authentication cache. */
export interface ApiKeyPrincipal {
  userId: string
  role: Role
  apiKeyId: string
  /** Epoch ms after which this secret stops working (rotation grace or `expires_at`); null: no end. */
  validUntilMs: number | null
  /** A card is on file: the paid rate limit, and simulations past the free quota are metered (docs/api.md#rate-limits-and-quota). */
  hasCard: boolean
}

/** Whether a bearer token's user may still act (soft-deleted users may not). */
export interface UserState {
  userId: string
  role: Role
  active: boolean
  /** As in ApiKeyPrincipal. */
  hasCard: boolean
}

/** Requests counted at the edge for one key since the last flush. */
export interface KeyUsage {
  apiKeyId: string
  count: number
  lastUsedAtMs: number
}

/** One simulate call as history keeps it (written off the hot path, in batches). */
export interface SimulationRecord {
  userId: string
  apiKeyId: string | null
  createdAtMs: number
  success: boolean
  decision: string | null
  riskLevel: string | null
  mevScore: number | null
  mevLevel: string | null
  failureCode: string | null
  failureReason: string | null
  computeUnits: number | null
  feeEstimateSol: number | null
  latencyMs: number
  signature: string | null
  cached: boolean
  /** Absent: `simulate`. An execute, a send or a submit is listed with its tracking (`signature` is the key). */
  kind?: HistoryKind
  /** A submit's strategy, as its answer named it (required for a submit, absent otherwise). */
  strategy?: SubmitStrategyName
  /** Whether the submit is billed per call, as its answer said (required for a submit, absent otherwise). */
  billable?: boolean
  /** The relay's bundle id a submit answered (at most 200 characters); absent: null. */
  bundleId?: string | null
  /** The managed tip a submit answered, lamports as decimal text (a JSON line carries no bigint; 0 to 2^63 − 1); absent: null. */
  tipLamports?: string | null
  /**
   * The record's identity, a uuid given when the caller was answered: a record delivered twice (a
   * journal replayed after a crash, when the first delivery committed but was not marked done) is
   * stored once. Absent: stored every time it is delivered.
   */
  recordId?: string
}

/** An item of `GET /api/v1/solana/simulations` (docs/api.md#history-and-statistics). */
export interface SimulationHistoryItem {
  id: string
  created_at: string
  success: boolean
  decision: string | null
  risk_level: string | null
  mev_score: number | null
  mev_level: string | null
  failure_code: string | null
  failure_reason: string | null
  compute_units: number | null
  fee_estimate_sol: number | null
  latency_ms: number
  signature: string | null
  api_key_id: string | null
  cached: boolean
  kind: HistoryKind
  /** Where an execute's, a send's or a submit's transaction stands; null for a simulate, or when no tracking record exists. */
  transaction: HistoryTransaction | null
}

/** The tracking of a history item's transaction, as far as history shows it, with what a submit answered. */
export interface HistoryTransaction {
  status: TrackingStatus
  route: SubmitRoute
  landed_slot: number | null
  /** The outcome's `matched`: null until it landed (and for a send, which predicted nothing). */
  matched: boolean | null
  /** A submit's strategy; null for an execute or a send. */
  strategy: SubmitStrategyName | null
  /** Whether the submit is billed per call; null for an execute or a send. */
  billable: boolean | null
  /** The relay's bundle id the submit answered; null otherwise. */
  bundle_id: string | null
  /** The managed tip the submit answered, lamports as a decimal string; null when none. */
  tip_lamports: string | null
}

export interface SimulationQuery {
  userId: string
  /** 1 to 200. */
  limit: number
  /** A `next_cursor` this service issued. */
  cursor?: string
  offset?: number
  success?: boolean
  sinceMs?: number
  untilMs?: number
  riskLevel?: string
}

/** A page of history, newest first (docs/api.md#history-and-statistics). */
export interface SimulationPage {
  simulations: SimulationHistoryItem[]
  next_cursor: string | null
}

/** The caller's statistics (docs/api.md#history-and-statistics). */
export interface UserStats {
  total_simulations: number
  success_count: number
  fail_count: number
  success_rate: number
  avg_latency_ms: number
  avg_mev_score: number
  mev_distribution: Record<string, number>
  top_failure_reasons: { code: string; count: number }[]
  risk_distribution: { level: string; count: number }[]
  simulations_today: number
  simulations_7d: number
}

/** The figures of `GET /api/v1/status` that history answers (the edge adds `status` and `uptime_pct`). */
export interface ServiceTotals {
  total_simulations: number
  simulations_24h: number
  success_rate_24h: number
  latency_p50_ms: number
  latency_p95_ms: number
  latency_p99_ms: number
}

/** Users, passwords, tokens and API keys. Failures are catalogue ServiceErrors. */
export interface IdentityService {
  register(credentials: { email: string; password: string }): Promise<AuthResponse>
  /** Fails with `invalid_credentials`, the same whether or not the email exists. */
  login(credentials: { email: string; password: string }): Promise<AuthResponse>
  /** Spends `refreshToken` and issues the next of its family; a spent token revokes the family. */
  refresh(refreshToken: string): Promise<AuthResponse>
  /** The live user; `unauthorized` when unknown or soft-deleted. */
  getUser(userId: string): Promise<User>
  /** For the edge's bearer cache: null when the user never existed. */
  getUserState(userId: string): Promise<UserState | null>
  /** Soft delete: tokens and keys stop working at once; history is kept. */
  deleteUser(userId: string): Promise<void>
  /** Records whether the user has a card on file (billing decides); `not_found` for an unknown or deleted user. */
  setCardOnFile(userId: string, hasCard: boolean): Promise<void>
  listApiKeys(userId: string): Promise<ApiKey[]>
  createApiKey(userId: string, request: { name: string; expiresAtMs?: number | null }): Promise<ApiKey>
  /** `not_found` for an unknown id or another user's key. */
  revokeApiKey(userId: string, apiKeyId: string): Promise<void>
  /** A new secret; the old ones keep working for 24 h. `not_found` as for revoke. */
  rotateApiKey(userId: string, apiKeyId: string): Promise<ApiKey>
  /** The principal of a key's SHA-256 hash (hex), or null when it authenticates nobody now. */
  authenticateApiKey(keyHash: string): Promise<ApiKeyPrincipal | null>
  /** Adds counted requests to the keys (additive, so several edges may flush). */
  recordKeyUsage(usage: readonly KeyUsage[]): Promise<void>
}

/** Simulations one user ran in a window. */
export interface UserSimulationCount {
  userId: string
  simulations: number
}

/** What one user's submits in a window come to, for billing (accounts/history/submit-usage.ts). */
export interface SubmitUsage {
  /** Submits whose answer said billable: one per user and signature, however often it was posted. */
  billableSubmits: number
  /** Managed tips of submits whose transaction landed (tracking final at finalized or failed), in lamports. */
  managedTipLamports: bigint
  /** Submits with a managed tip not resolved yet (or not tracked): their tip may still be paid. */
  unsettledTips: number
}

/** Simulation history and statistics. */
export interface HistoryService {
  recordSimulations(records: readonly SimulationRecord[]): Promise<void>
  listSimulations(query: SimulationQuery): Promise<SimulationPage>
  getUserStats(userId: string): Promise<UserStats>
  getServiceTotals(): Promise<ServiceTotals>
  /** Per user with any, the simulations recorded at or after `sinceMs` (an edge restores its daily quota from it at start). */
  getSimulationCountsSince(sinceMs: number): Promise<UserSimulationCount[]>
  /** `userId`'s submits made at or after `sinceMs` and before `untilMs`: billable calls and managed tips paid. */
  getSubmitUsage(userId: string, sinceMs: number, untilMs: number): Promise<SubmitUsage>
}

/**
 * The programs each tenant (user) blocks: a simulate invoking one is reported like a blacklisted
 * program. Ids are base58 addresses of 32 bytes; lists are sorted and hold at most 1,000. Every
 * write announces `{ kind: 'program_blocks', userId }` once committed.
 */
export interface ProgramBlocksService {
  /** The user's list; [] for a user with none, an unknown or deleted user included. */
  getProgramBlocks(userId: string): Promise<string[]>
  /** Replaces the list in one transaction (duplicates collapse) and returns it; `validation_error` names the field. */
  setProgramBlocks(userId: string, programIds: readonly string[]): Promise<string[]>
  /** Removes one id and returns the list left; `not_found` when the id is not on the list. */
  removeProgramBlock(userId: string, programId: string): Promise<string[]>
}

/**
 * A transaction the service sent, as the engine tracks it until final (engine/tracking/tracking-record.ts
 * has the same fields). Keyed by (userId, signature); userId may be the nil uuid for a tenantless
 * trusted call. Slots and heights are safe integers, times epoch ms; the JSON fields are stored as
 * given and read back as JSON (object keys may come back in another order).
 */
export interface TransactionTrackingRecord {
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
  transactionError: JsonValue
  prediction: JsonValue
  outcome: JsonValue
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

/** What an update may change; a field left out (or undefined) keeps its value. */
export type TransactionTrackingPatch = Partial<
  Pick<
    TransactionTrackingRecord,
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

/**
 * The durable store of tracking records. An unresolved record (pending, processed, confirmed)
 * carries a lease: the engine resolving it renews it, and once it runs out (that engine died)
 * another claims the record. A lease of 0 ms releases it. Bad input is `validation_error`.
 */
export interface TransactionTrackingService {
  /** Stores `record` leased for `leaseMs`; when the user already tracks the signature, returns that record unchanged (created false). */
  trackTransaction(record: TransactionTrackingRecord, leaseMs: number): Promise<{ record: TransactionTrackingRecord; created: boolean }>
  /** Applies the fields `patch` gives, sets updatedAtMs to now and the lease to now + `leaseMs`; `not_found` when absent. */
  updateTrackedTransaction(userId: string, signature: string, patch: TransactionTrackingPatch, leaseMs: number): Promise<void>
  /** The user's record, or null (another user's included). */
  getTrackedTransaction(userId: string, signature: string): Promise<TransactionTrackingRecord | null>
  /** Up to `limit` (1 to 1,000) unresolved records whose lease ran out, now leased for `leaseMs`; two claimers never get the same one. */
  claimUnresolvedTransactions(leaseMs: number, limit: number): Promise<TransactionTrackingRecord[]>
  /** The managed tips (tipLamports) of the user's records created at or after `sinceMs`: a day's tip cap, seeded after a restart. */
  getManagedTipLamportsSince(userId: string, sinceMs: number): Promise<bigint>
}

/** A webhook endpoint as docs/webhooks.md shows it. */
export interface WebhookEndpoint {
  id: string
  url: string
  events: string[]
  description: string | null
  /** Set when deliveries failed for 24 h; nothing is sent to it any more. */
  disabled_at: string | null
  disabled_reason: string | null
  created_at: string
  /** The signing secret: only in the answers of create and rotate-secret. */
  secret?: string
}

/** One delivery of one event to one endpoint, as docs/webhooks.md shows it. */
export interface WebhookDelivery {
  id: string
  event_id: string
  event_type: string
  status: WebhookDeliveryStatus
  attempts: number
  /** When it is tried next; null once it succeeded or failed for good. */
  next_attempt_at: string | null
  last_response_code: number | null
  last_latency_ms: number | null
  last_error: string | null
  created_at: string
  delivered_at: string | null
}

export interface CreateWebhookEndpointRequest {
  url: string
  events: readonly string[]
  description?: string | null
}

/**
 * Signed webhooks (docs/webhooks.md): a user's endpoints and the outbox of deliveries to them.
 * Another user's endpoint or delivery is `not_found`; bad input is `validation_error` naming the field.
 */
export interface WebhooksService {
  /** A new endpoint, with its secret (shown this once); the URL must pass the SSRF policy. */
  createWebhookEndpoint(userId: string, request: CreateWebhookEndpointRequest): Promise<WebhookEndpoint>
  /** The user's endpoints, oldest first, without secrets. */
  listWebhookEndpoints(userId: string): Promise<WebhookEndpoint[]>
  deleteWebhookEndpoint(userId: string, endpointId: string): Promise<void>
  /** A new secret (shown this once); the previous one keeps signing for 24 h. */
  rotateWebhookSecret(userId: string, endpointId: string): Promise<WebhookEndpoint>
  /** The endpoint's latest 100 deliveries, newest first. */
  listWebhookDeliveries(userId: string, endpointId: string): Promise<WebhookDelivery[]>
  /** Queues a `webhook.test` event to the endpoint. */
  sendTestWebhook(userId: string, endpointId: string): Promise<WebhookDelivery>
  /** Queues the delivery's event again (same event id and body) as a new delivery. */
  redeliverWebhook(userId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery>
  /** Queues `type` with `data` to each of the user's enabled endpoints subscribed to it. */
  enqueueWebhookEvent(userId: string, type: WebhookEventType, data: JsonValue): Promise<void>
}

/** The account's subscription (docs/billing.md#subscription). */
export interface BillingSubscription {
  status: SubscriptionStatus
  subscription_id: string | null
  /** The plan subscribed to; null before any subscription. */
  plan: { model: 'pay_as_you_go'; price_id: string | null } | null
  current_period_start: string | null
  current_period_end: string | null
  cancel_at_period_end: boolean
  /** The paid tier is on: 100 req/s (burst 250), and simulations past the free quota are billed instead of refused. */
  card_on_file: boolean
}

/** The current billing period's usage and what it comes to at schedule 1 (docs/billing.md#usage). */
export interface BillingUsage {
  period_start: string
  period_end: string
  currency: 'EUR'
  /** Simulate and execute calls (each ran one simulation); free: within each day's 1,000; billable: past them. */
  simulations: { total: number; free: number; billable: number }
  executes: number
  sends: number
  submits: { total: number; billable: number }
  /** Managed relay tips paid for landed submits, passed on at cost; unsettled: submits whose tip may still be paid. */
  tips: { lamports: string; eur: number; unsettled: number }
  /** Billable simulations × 0.002 + billable submits × 0.003 + tips, in EUR. */
  amount_due_eur: number
  prices: { simulation_eur: number; billable_submit_eur: number; free_simulations_per_day: number; sol_eur: number }
}

/**
 * Billing through Stripe (docs/billing.md). Without STRIPE_SECRET_KEY every method but
 * recordQuotaExceeded fails with billing_unavailable.
 */
export interface BillingService {
  /** A Stripe Checkout session subscribing the user to the metered price; the user's customer is created once. */
  createCheckoutSession(
    userId: string,
    request: { successUrl?: string; cancelUrl?: string },
  ): Promise<{ checkout_url: string; session_id: string }>
  /** A customer-portal session; no_billing_customer before the first checkout. */
  createPortalSession(userId: string): Promise<{ portal_url: string }>
  getSubscription(userId: string): Promise<BillingSubscription>
  getBillingUsage(userId: string): Promise<BillingUsage>
  /** Verifies and applies one Stripe webhook delivery (the raw body and its Stripe-Signature header). */
  handleStripeWebhook(payload: Uint8Array, signatureHeader: string): Promise<{ event_id: string; duplicate: boolean }>
  /** Queues the `quota.exceeded` webhook, once per user and UTC day (the edge calls it when the quota refuses a call). */
  recordQuotaExceeded(userId: string): Promise<void>
}

export interface UserService
  extends IdentityService, HistoryService, ProgramBlocksService, TransactionTrackingService, WebhooksService, BillingService {}

export interface UserServiceOptions {
  db: Database
  /** HS256 key of the access tokens (≥ 32 bytes). */
  signingKey: Uint8Array
  /** Epoch ms; injected in tests to cross the 24 h rotation grace, token expiry and tracking leases without sleeping. */
  now?: () => number
  /** Told of every credential that stops working and every program-block change, for the caches elsewhere. */
  onInvalidate?: (event: AuthInvalidation) => void
  /** Where webhooks may go; default: public https only (production). */
  webhookUrlPolicy?: WebhookUrlPolicy
  /** Where the service logs what a caller is not told (why a webhook URL was refused); none: not logged. */
  logger?: Logger
  /** Stripe and schedule 1's settings; absent: billing answers billing_unavailable. */
  billing?: BillingSettings
}

/** The user service on `db` (migrated beforehand). */
export function createUserService(options: UserServiceOptions): UserService {
  const now = options.now ?? Date.now
  return {
    ...createIdentityService({ ...options, now }),
    ...createHistoryService({ db: options.db, now }),
    ...createProgramBlocksService({ db: options.db, now, onInvalidate: options.onInvalidate }),
    ...createTransactionTrackingService({ db: options.db, now }),
    ...createWebhooksService({
      db: options.db,
      now,
      urlPolicy: options.webhookUrlPolicy ?? { allowPrivateUrls: false },
      logger: options.logger,
    }),
    ...createBillingService({ db: options.db, now, settings: options.billing, onInvalidate: options.onInvalidate }),
  }
}
