/**
 * The user service's contract (the accounts process: docs/architecture.md#vocabulary): users,
 * passwords, tokens, API keys, history, statistics, program blocks, the tracking of sent
 * transactions, webhooks and billing. The edge (and the engine) reach it through these interfaces
 * in-process (accounts/create-user-service.ts) or over gRPC (accounts/user-service-client.ts);
 * both pass test/accounts/user-service-contract.test.ts. Shapes that reach clients are in the
 * API's snake_case (docs/api.md); the rest are internal and camelCase. Failures are catalogue
 * ServiceErrors (lib/errors.ts).
 */
import type { ApiKey, ApiKeyPrincipal, KeyUsage } from './api-keys.js'
import type { BillingSubscription, BillingUsage, CheckoutSession } from './billing.js'
import type {
  ServiceTotals,
  SimulationPage,
  SimulationQuery,
  SimulationRecord,
  SubmitUsage,
  UserSimulationCount,
  UserStats,
} from './history.js'
import type { JsonValue, TransactionTrackingPatch, TransactionTrackingRecord } from './tracking.js'
import type { AuthResponse, Credentials, User, UserState } from './users.js'
import type { CreateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint, WebhookEventType } from './webhooks.js'

/** Users, passwords, tokens and API keys. Failures are catalogue ServiceErrors. */
export interface IdentityService {
  register(credentials: Credentials): Promise<AuthResponse>
  /** Fails with `invalid_credentials`, the same whether or not the email exists. */
  login(credentials: Credentials): Promise<AuthResponse>
  /** Spends `refreshToken` and issues the next of its family; a spent token revokes the family. */
  refresh(refreshToken: string): Promise<AuthResponse>
  /**
   * Revokes the family of `refreshToken` (logout): no token of it refreshes again. Resolves alike
   * for an unknown, spent, expired or revoked token, so it says nothing of the token; access tokens
   * already issued stay valid until they expire (they are stateless).
   */
  logout(refreshToken: string): Promise<void>
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

/** Simulation history and statistics. */
export interface HistoryService {
  recordSimulations(records: readonly SimulationRecord[]): Promise<void>
  listSimulations(query: SimulationQuery): Promise<SimulationPage>
  /** `days`: the UTC days `daily` covers, today included (1–90, default 14). */
  getUserStats(userId: string, days?: number): Promise<UserStats>
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

/**
 * Billing through Stripe (docs/billing.md). Without STRIPE_SECRET_KEY every method but
 * isBillingEnabled and recordQuotaExceeded fails with billing_unavailable.
 */
export interface BillingService {
  /**
   * Whether Stripe is configured (STRIPE_SECRET_KEY): true when checkout, portal, subscription and
   * usage work, false when they answer billing_unavailable. Fixed for the life of the process.
   */
  isBillingEnabled(): Promise<boolean>
  /** A Stripe Checkout session subscribing the user to the metered price; the user's customer is created once. */
  createCheckoutSession(userId: string, request: { successUrl?: string; cancelUrl?: string }): Promise<CheckoutSession>
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
