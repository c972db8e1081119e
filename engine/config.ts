/** The engine's configuration schema (read from the environment in main.ts only). */
import { availableParallelism } from 'node:os'
import type { ConfigOf, ConfigSchema } from '../lib/config.js'
import { MIN_INTERNAL_TOKEN_LENGTH } from '../lib/grpc/internal-token.js'
import { LOG_FORMAT_FIELD } from '../lib/logger.js'

export const engineConfigSchema = {
  rpcUrls: { kind: 'url-list', env: 'SOLANA_RPC_URLS', default: ['http://127.0.0.1:8899'] },
  rpcTimeoutMs: { kind: 'int', env: 'RPC_TIMEOUT_MS', default: 2_000, min: 50, max: 60_000 },
  rpcBatchSize: { kind: 'int', env: 'RPC_BATCH_SIZE', default: 100, min: 1, max: 100 },
  grpcHost: { kind: 'string', env: 'ENGINE_GRPC_HOST', default: '127.0.0.1' },
  grpcPort: { kind: 'int', env: 'ENGINE_GRPC_PORT', default: 50051, min: 0, max: 65535 },
  cacheMaxBytes: { kind: 'int', env: 'ACCOUNT_CACHE_MAX_BYTES', default: 512 * 1024 * 1024, min: 1024 * 1024, max: 64 * 1024 ** 3 },
  cacheFreshMs: { kind: 'int', env: 'ACCOUNT_CACHE_FRESH_MS', default: 2_000, min: 0, max: 3_600_000 },
  /** Simulate answers kept for identical requests within a slot (result-cache.ts); 0 turns the cache off. */
  resultCacheMaxEntries: { kind: 'int', env: 'RESULT_CACHE_MAX_ENTRIES', default: 10_000, min: 0, max: 1_000_000 },
  /** Recent transactions of a wallet read to know its counterparties (drain analysis); 0 turns the reads off. */
  walletHistoryTransactions: { kind: 'int', env: 'WALLET_HISTORY_TRANSACTIONS', default: 20, min: 0, max: 100 },
  /** Where execute and send land transactions: staked connections first, then the public ones (SEND_RPC_URLS; unset: SOLANA_RPC_URLS). */
  sendStakedRpcUrls: { kind: 'url-list', env: 'SEND_STAKED_RPC_URLS', default: [] },
  sendRpcUrls: { kind: 'url-list', env: 'SEND_RPC_URLS', default: [] },
  /** How often a sent transaction that has not landed is sent again to every endpoint. */
  sendRebroadcastMs: { kind: 'int', env: 'SEND_REBROADCAST_MS', default: 2_000, min: 50, max: 60_000 },
  /** How often statuses are read over RPC while no geyser stream is live (beside one: every rebroadcast period). */
  confirmationPollMs: { kind: 'int', env: 'CONFIRMATION_POLL_MS', default: 400, min: 50, max: 60_000 },
  /** How long an engine holds an unresolved tracking record before another (or a restarted one) may take it over. */
  trackingLeaseMs: { kind: 'int', env: 'TRACKING_LEASE_MS', default: 30_000, min: 500, max: 3_600_000 },
  /** The bundle relay (a Jito-style block engine's base URL); unset: the relay routes and strategies answer 503 relay_unavailable. */
  relayUrl: { kind: 'optional-url', env: 'RELAY_URL' },
  /** Sent as `x-jito-auth` (a block engine's UUID for a higher rate limit). */
  relayAuth: { kind: 'optional-secret', env: 'RELAY_AUTH', minLength: 1 },
  /** The relay's rate limit: every relay call (sends and status reads) is paced to at most this many a second. */
  relayRatePerSecond: { kind: 'number', env: 'RELAY_RATE_LIMIT', default: 1, min: 0.1, max: 1_000 },
  /** Relay calls one user may keep waiting for the relay's rate limit (users are served in turn); one more is 503 relay_busy. */
  relayMaxQueuedPerUser: { kind: 'int', env: 'RELAY_MAX_QUEUED_PER_USER', default: 4, min: 1, max: 1_000 },
  /** How often the relay is asked where an unresolved bundle stands (polls of many bundles are coalesced). */
  relayStatusPollMs: { kind: 'int', env: 'RELAY_STATUS_POLL_MS', default: 2_000, min: 100, max: 60_000 },
  /** The service's tip wallet (a solana-keygen keypair file) that pays managed tips; unset: managed tips answer 503 relay_unavailable. */
  tipWalletKeypair: { kind: 'optional-string', env: 'TIP_WALLET_KEYPAIR' },
  /**
   * What the tip wallet may pay (docs/relay.md#who-may-spend-the-tip-wallet): with a card on file,
   * the largest managed tip of one call and a user's managed tips of one UTC day; without one (the
   * free plan) the same, 0 by default: no managed tip and no staked_sender.
   */
  managedTipMaxLamports: { kind: 'int', env: 'MANAGED_TIP_MAX_LAMPORTS', default: 10_000_000, min: 0, max: 1_000_000_000_000 },
  managedTipDailyLamports: { kind: 'int', env: 'MANAGED_TIP_DAILY_LAMPORTS', default: 500_000_000, min: 0, max: 1_000_000_000_000_000 },
  freeManagedTipMaxLamports: { kind: 'int', env: 'FREE_MANAGED_TIP_MAX_LAMPORTS', default: 0, min: 0, max: 1_000_000_000_000 },
  freeManagedTipDailyLamports: { kind: 'int', env: 'FREE_MANAGED_TIP_DAILY_LAMPORTS', default: 0, min: 0, max: 1_000_000_000_000_000 },
  /** auto_direct: slots a direct send may take to land before it is escalated to a managed-tip bundle. */
  autoDirectSlots: { kind: 'int', env: 'AUTO_DIRECT_SLOTS', default: 4, min: 1, max: 150 },
  chainPollMs: { kind: 'int', env: 'CHAIN_POLL_MS', default: 400, min: 50, max: 60_000 },
  readyMaxStaleMs: { kind: 'int', env: 'ENGINE_READY_MAX_STALE_MS', default: 15_000, min: 1_000, max: 600_000 },
  priorityFeeRefreshMs: { kind: 'int', env: 'PRIORITY_FEE_REFRESH_MS', default: 2_000, min: 100, max: 600_000 },
  /** One or more Yellowstone endpoints, comma-separated; none: follow the chain over RPC alone. */
  geyserEndpoints: { kind: 'url-list', env: 'GEYSER_ENDPOINT', default: [] },
  geyserToken: { kind: 'optional-string', env: 'GEYSER_TOKEN' },
  geyserStallMs: { kind: 'int', env: 'GEYSER_STALL_MS', default: 5_000, min: 50, max: 600_000 },
  /** The user service (the accounts process, host:port) to read tenants' program blocks from; none: only the curated blacklist applies. */
  userServiceUrl: { kind: 'optional-string', env: 'ACCOUNTS_URL' },
  /** Where the history journal of direct gRPC callers lives (with ACCOUNTS_URL). */
  dataDir: { kind: 'string', env: 'DATA_DIR', default: './data' },
  /** The user service's internal token (required with ACCOUNTS_URL). */
  userServiceInternalToken: { kind: 'optional-secret', env: 'ACCOUNTS_INTERNAL_TOKEN', minLength: MIN_INTERNAL_TOKEN_LENGTH },
  /**
   * Where the user service announces changed program blocks and revoked keys (Redis pub/sub;
   * without it a cached answer lives 1 s), and where rate limits and quota of direct gRPC callers
   * are kept.
   */
  redisUrl: { kind: 'optional-url', env: 'REDIS_URL' },
  /** `off` turns rate limits and the free quota off on the gRPC port too. */
  rateLimits: { kind: 'string', env: 'RATE_LIMITS', default: 'on', oneOf: ['on', 'off'] },
  /**
   * How long a rate-limit or quota check waits for Redis before it admits the call without limits
   * (fails open, docs/operations.md#redis): short, so a slow Redis never holds the hot path.
   */
  rateLimitsRedisTimeoutMs: { kind: 'int', env: 'RATE_LIMITS_REDIS_TIMEOUT_MS', default: 200, min: 10, max: 10_000 },
  /**
   * How long past its TTL a direct caller's API key, or a tenant's program blocks, the user service
   * confirmed are still used while it is unavailable; 0 turns it off. Only with an invalidation bus
   * (lib/auth-invalidation.ts getAuthStaleMaxMs): a change announced on it still applies at once.
   */
  authStaleMaxMs: { kind: 'int', env: 'AUTH_STALE_MAX_MS', default: 300_000, min: 0, max: 3_600_000 },
  /** The token an edge running apart presents (x-internal-token); unset: every gRPC call needs an API key. */
  engineInternalToken: { kind: 'optional-secret', env: 'ENGINE_INTERNAL_TOKEN', minLength: MIN_INTERNAL_TOKEN_LENGTH },
  /** The curated program blacklist (JSON); the list shipped in engine/detection/programs/data/ when unset. */
  programBlacklistFile: { kind: 'optional-string', env: 'PROGRAM_BLACKLIST_FILE' },
  /** How often the blacklist file is checked for changes. */
  programBlacklistPollMs: { kind: 'int', env: 'PROGRAM_BLACKLIST_POLL_MS', default: 1_000, min: 50, max: 3_600_000 },
  /**
   * Simulate worker threads, each an engine replica with its own SVM (engine/hot-path/workers/): simulations
   * run off the serving event loop. 0: on it, as one engine. Default: one per core available.
   */
  engineWorkers: { kind: 'int', env: 'ENGINE_WORKERS', default: availableParallelism(), min: 0, max: 256 },
  /**
   * With workers, where a call that overlaps no other runs: `lone` on the serving thread (a lone
   * caller keeps its latency: the hop costs ≈0.15 ms), `never`: every call hops to a worker
   * (more throughput under load, a slower lone caller).
   */
  engineWorkersInline: { kind: 'string', env: 'ENGINE_WORKERS_INLINE', default: 'lone', oneOf: ['lone', 'never'] },
  /** Compute units a sandwich's size search may burn per priced swap (engine/detection/mev/sandwich-fork.ts); 0 tries the budget alone. */
  sandwichMaxSearchUnits: { kind: 'int', env: 'SANDWICH_MAX_SEARCH_UNITS', default: 16_000_000, min: 0, max: 1_000_000_000 },
  /** Watched simulations open at once in the process (engine/hot-path/watch/); one more is refused `watch_limit_exceeded`. */
  watchMaxSessions: { kind: 'int', env: 'WATCH_MAX_SESSIONS', default: 1_000, min: 0, max: 100_000 },
  /** Watched simulations one user may hold open at once, over all its sockets and gRPC calls. */
  watchMaxPerTenant: { kind: 'int', env: 'WATCH_MAX_PER_TENANT', default: 64, min: 1, max: 100_000 },
  /** How long a watched simulation lasts at most, if its blockhash does not expire first. */
  watchMaxMs: { kind: 'int', env: 'WATCH_MAX_MS', default: 120_000, min: 1_000, max: 3_600_000 },
  logLevel: { kind: 'string', env: 'LOG_LEVEL', default: 'info', oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
  logFormat: LOG_FORMAT_FIELD,
} as const satisfies ConfigSchema

export type EngineConfig = ConfigOf<typeof engineConfigSchema>
