/**
 * PreflightClient: every REST operation of the service, the WebSocket stream, and the helpers
 * built on them (history as an async iterator, waitForOutcome). Runs in Node 20+ and browsers
 * through fetch.
 */
import type {
  ApprovalsResponse,
  BatchResponse,
  ExecuteResponse,
  Health,
  HistoryPage,
  HistoryQuery,
  HistoryRecord,
  PlansResponse,
  Policy,
  SendOptions,
  SendResponse,
  ServiceStatus,
  SimulateBatchOptions,
  SimulateOptions,
  SimulateResponse,
  SubmitOptions,
  SubmitResponse,
  TipFloor,
  TrackedTransaction,
  UserStats,
  StatsQuery,
  AuthTokens,
} from './api-types.js'
import { createSession, type Session } from './auth/session.js'
import { createHttpClient, type HttpClient, type RequestOptions } from './http/http-client.js'
import { withRetryDefaults, type RetryOptions } from './http/retry-policy.js'
import { iterateHistory } from './history-pages.js'
import { createApiKeysResource, type ApiKeysResource } from './resources/api-keys-resource.js'
import { createAuthResource, type AuthResource } from './resources/auth-resource.js'
import { createBillingResource, type BillingResource } from './resources/billing-resource.js'
import { createProgramBlocksResource, type ProgramBlocksResource } from './resources/program-blocks-resource.js'
import { createWebhooksResource, type WebhooksResource } from './resources/webhooks-resource.js'
import { PreflightStream, type StreamOptions } from './stream/preflight-stream.js'
import { toBase64Transaction, type TransactionInput } from './transaction-input.js'
import { waitForOutcome, type WaitForOutcomeOptions } from './wait-for-outcome.js'
import { SDK_VERSION } from './version.js'

export interface PreflightClientOptions {
  /** The service's root, e.g. `http://127.0.0.1:8080` (no /api/v1). */
  baseUrl: string
  /** `pf_live_…`, for every route but the account's own (API keys, billing). */
  apiKey?: string | undefined
  /** A bearer access token (from login), for the account's routes. */
  token?: string | undefined
  /** Refreshed for you when the access token expires. */
  refreshToken?: string | undefined
  /** Hears every new token pair (login, register, refresh), to store it. */
  onTokens?: ((tokens: AuthTokens) => void) | undefined
  /** Per attempt; default 30 s. Execute, send and submit with wait_confirmation get 45 s unless you say. */
  timeoutMs?: number
  retry?: RetryOptions
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch
}

export type CallOptions = RequestOptions
export type ExecuteOptions = { wait_confirmation?: boolean } & RequestOptions
/** `days`: the UTC days the `daily` series covers, today included (1–90; the service's default 14). */
export type StatsOptions = { days?: number } & RequestOptions

/** What a confirmation wait may take on the service (30 s), plus room for the answer. */
const CONFIRMATION_TIMEOUT_MS = 45_000

export class PreflightClient {
  readonly auth: AuthResource
  readonly apiKeys: ApiKeysResource
  readonly webhooks: WebhooksResource
  readonly billing: BillingResource
  readonly programBlocks: ProgramBlocksResource
  private readonly http: HttpClient
  private readonly session: Session
  private readonly baseUrl: string

  constructor(options: PreflightClientOptions) {
    if (!options.baseUrl) throw new TypeError('PreflightClient needs a baseUrl, e.g. http://127.0.0.1:8080')
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.session = createSession(options)
    const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string'
    this.http = createHttpClient({
      baseUrl: this.baseUrl,
      session: this.session,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: withRetryDefaults(options.retry),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      // Browsers refuse to set User-Agent: only say who we are where it is allowed.
      userAgent: inNode ? `solana-preflight-sdk/${SDK_VERSION}` : undefined,
    })
    this.auth = createAuthResource(this.http, this.session)
    this.apiKeys = createApiKeysResource(this.http)
    this.webhooks = createWebhooksResource(this.http)
    this.billing = createBillingResource(this.http)
    this.programBlocks = createProgramBlocksResource(this.http)
  }

  /** The API key in use; set one (e.g. just created) for the calls that follow. */
  get apiKey(): string | undefined {
    return this.session.apiKey
  }
  set apiKey(apiKey: string | undefined) {
    this.session.setApiKey(apiKey)
  }

  /** Simulates one transaction and judges it (docs/api.md#simulate). Retried on rate limits and brief outages. */
  simulate(transaction: TransactionInput, options: SimulateOptions = {}, call: CallOptions = {}): Promise<SimulateResponse> {
    return this.post('/api/v1/solana/tx/simulate', { ...options, transaction: toBase64Transaction(transaction) }, true, call)
  }

  /** 1 to 50 transactions with the same options; the answer keeps their order. */
  simulateBatch(transactions: TransactionInput[], options: SimulateBatchOptions = {}, call: CallOptions = {}): Promise<BatchResponse> {
    return this.post('/api/v1/solana/tx/simulate-batch', { ...options, transactions: transactions.map(toBase64Transaction) }, true, call)
  }

  /**
   * Simulates a signed transaction, judges it under the policy (a preset name or the fields to
   * change) and sends it when it passes. Never retried: after a timeout, ask getTransaction or
   * resend the same signed bytes (one record per signature).
   */
  execute(transaction: TransactionInput, policyOverrides?: Policy, options: ExecuteOptions = {}): Promise<ExecuteResponse> {
    const { wait_confirmation, ...call } = options
    const body = {
      transaction: toBase64Transaction(transaction),
      ...(policyOverrides === undefined ? {} : { policy: policyOverrides }),
      ...(wait_confirmation === undefined ? {} : { wait_confirmation }),
    }
    return this.post('/api/v1/solana/tx/execute', body, false, withConfirmationTimeout(call, wait_confirmation))
  }

  /** Sends a signed transaction as it is, with fail-over and rebroadcast. Never retried. */
  send(transaction: TransactionInput, options: SendOptions = {}, call: CallOptions = {}): Promise<SendResponse> {
    return this.post(
      '/api/v1/solana/tx/send',
      { ...options, transaction: toBase64Transaction(transaction) },
      false,
      withConfirmationTimeout(call, options.wait_confirmation),
    )
  }

  /** Lands a signed transaction with a strategy (docs/api.md#submit). Never retried. */
  submit(transaction: TransactionInput, options: SubmitOptions, call: CallOptions = {}): Promise<SubmitResponse> {
    return this.post(
      '/api/v1/solana/tx/submit',
      { ...options, transaction: toBase64Transaction(transaction) },
      false,
      withConfirmationTimeout(call, options.wait_confirmation),
    )
  }

  /** The tracking record of a transaction you executed, sent or submitted. */
  getTransaction(signature: string, call: CallOptions = {}): Promise<TrackedTransaction> {
    return this.get(`/api/v1/solana/transactions/${encodeURIComponent(signature)}`, call)
  }

  /** Polls the tracking record until it landed with its outcome, or is final. */
  waitForOutcome(signature: string, options: WaitForOutcomeOptions = {}): Promise<TrackedTransaction> {
    return waitForOutcome((sig, call) => this.getTransaction(sig, call), signature, options)
  }

  /** The relay's tips of the last 150 slots and the bundle floor. */
  tips(call: CallOptions = {}): Promise<TipFloor> {
    return this.get('/api/v1/solana/tips', call)
  }

  /** A wallet's token delegations and close authorities, scored, with an unsigned revoke transaction. */
  approvals(address: string, call: CallOptions = {}): Promise<ApprovalsResponse> {
    return this.get(`/api/v1/solana/wallets/${encodeURIComponent(address)}/approvals`, call)
  }

  /** One page of history (newest first); `history()` iterates every page. */
  historyPage(query: HistoryQuery = {}, call: CallOptions = {}): Promise<HistoryPage> {
    return this.get('/api/v1/solana/simulations', { ...call, query })
  }

  /** Every history record matching `query`, newest first, page by page as you read. */
  history(query: Omit<HistoryQuery, 'cursor' | 'offset'> = {}, call: CallOptions = {}): AsyncGenerator<HistoryRecord, void, undefined> {
    return iterateHistory((pageQuery, options) => this.historyPage(pageQuery, options), query, call)
  }

  /** Your simulation statistics, with a series per UTC day (`options.days`, 14 by default). */
  stats(options: StatsOptions = {}): Promise<UserStats> {
    const { days, ...call } = options
    return this.get('/api/v1/solana/simulations/stats', days === undefined ? call : { ...call, query: { days } })
  }

  status(call: CallOptions = {}): Promise<ServiceStatus> {
    return this.get('/api/v1/status', { ...call, auth: 'none' })
  }

  plans(call: CallOptions = {}): Promise<PlansResponse> {
    return this.get('/api/v1/plans', { ...call, auth: 'none' })
  }

  health(call: CallOptions = {}): Promise<Health> {
    return this.get('/health', { ...call, auth: 'none' })
  }

  /** The service's OpenAPI 3.1 document. */
  openapi(call: CallOptions = {}): Promise<Record<string, unknown>> {
    return this.get('/openapi.json', { ...call, auth: 'none' })
  }

  /** A WebSocket stream on this client's credentials (opened by `connect()` or the first message). */
  stream(options: StreamOptions = {}): PreflightStream {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/api/v1/solana/stream`
    return new PreflightStream({ url, session: this.session, refresh: () => this.auth.refresh().then(() => undefined) }, options)
  }

  private get<T>(path: string, call: CallOptions & { query?: HistoryQuery | StatsQuery; auth?: 'none' }): Promise<T> {
    const { query, auth, ...options } = call
    return this.http.request<T>({ method: 'GET', path, auth: auth ?? 'either', idempotent: true, query, ...options })
  }

  private post<T>(path: string, body: unknown, idempotent: boolean, call: CallOptions): Promise<T> {
    return this.http.request<T>({ method: 'POST', path, auth: 'either', idempotent, body, ...call })
  }
}

function withConfirmationTimeout(call: CallOptions, waitConfirmation: boolean | undefined): CallOptions {
  return waitConfirmation && call.timeoutMs === undefined ? { ...call, timeoutMs: CONFIRMATION_TIMEOUT_MS } : call
}
