/** The edge's configuration schema (read from the environment in main.ts only). */
import type { ConfigOf, ConfigSchema } from '../lib/config.js'
import { MIN_INTERNAL_TOKEN_LENGTH } from '../lib/grpc/internal-token.js'
import { IDLE_KEEP_ALIVE_MS } from '../lib/idle-keep-alive.js'
import { LOG_FORMAT_FIELD } from '../lib/logger.js'

export const edgeConfigSchema = {
  host: { kind: 'string', env: 'HOST', default: '127.0.0.1' },
  port: { kind: 'int', env: 'PORT', default: 8080, min: 0, max: 65535 },
  engineUrl: { kind: 'optional-string', env: 'ENGINE_URL' },
  /** A remote user service (the accounts process, host:port); unset: the user service runs in this process. */
  userServiceUrl: { kind: 'optional-string', env: 'ACCOUNTS_URL' },
  /** Rate limits and quota (docs/api.md#rate-limits-and-quota) are kept in Redis when set, shared by every edge and engine; in this process otherwise. */
  redisUrl: { kind: 'optional-url', env: 'REDIS_URL' },
  /** `off` turns rate limits and the free quota off (self-hosted deployments, benchmarks). */
  rateLimits: { kind: 'string', env: 'RATE_LIMITS', default: 'on', oneOf: ['on', 'off'] },
  /**
   * How long a rate-limit or quota check waits for Redis before it admits the call without limits
   * (fails open, docs/operations.md#redis): short, so a slow Redis never holds the hot path.
   */
  rateLimitsRedisTimeoutMs: { kind: 'int', env: 'RATE_LIMITS_REDIS_TIMEOUT_MS', default: 200, min: 10, max: 10_000 },
  /** `off` turns the limits of register, login, refresh and logout off (edge/limits/auth-limit-plans.ts); separate from RATE_LIMITS, a performance knob. */
  authLimits: { kind: 'string', env: 'AUTH_LIMITS', default: 'on', oneOf: ['on', 'off'] },
  /** Proxies whose X-Forwarded-For names the client (edge/trust-proxy.ts); behind a load balancer it must name it. */
  trustProxy: { kind: 'string', env: 'TRUST_PROXY', default: 'off' },
  /** Sent to a remote engine (ENGINE_URL) so its gate trusts the tenant this edge authenticated; the engine must have the same. */
  engineInternalToken: { kind: 'optional-secret', env: 'ENGINE_INTERNAL_TOKEN', minLength: MIN_INTERNAL_TOKEN_LENGTH },
  /**
   * How long past its cache TTL a credential the user service confirmed is still served while the
   * user service (or its database) is unavailable; 0 turns it off. Only with an invalidation bus
   * (lib/auth-invalidation.ts getAuthStaleMaxMs): revocations still take effect at once.
   */
  authStaleMaxMs: { kind: 'int', env: 'AUTH_STALE_MAX_MS', default: 300_000, min: 0, max: 3_600_000 },
  bodyLimitBytes: { kind: 'int', env: 'BODY_LIMIT_BYTES', default: 256 * 1024, min: 4096, max: 16 * 1024 * 1024 },
  /** A request's headers and body must arrive within this, else 408 request_timeout. */
  requestTimeoutMs: { kind: 'int', env: 'REQUEST_TIMEOUT_MS', default: 10_000, min: 1_000, max: 600_000 },
  /** The headers alone (and a new connection's first request) within this; capped at REQUEST_TIMEOUT_MS. */
  headersTimeoutMs: { kind: 'int', env: 'HEADERS_TIMEOUT_MS', default: 5_000, min: 1_000, max: 600_000 },
  /** A socket silent both ways this long while a request is read or answered is closed. */
  idleTimeoutMs: { kind: 'int', env: 'IDLE_TIMEOUT_MS', default: 30_000, min: 1_000, max: 3_600_000 },
  /** An idle keep-alive connection is closed after this (72 s outlasts the 60 s of common load balancers: lib/idle-keep-alive.ts). */
  keepAliveTimeoutMs: { kind: 'int', env: 'KEEP_ALIVE_TIMEOUT_MS', default: IDLE_KEEP_ALIVE_MS, min: 1_000, max: 3_600_000 },
  /** Client connections held at once; 0: the soft open-files limit minus a reserve (edge/max-connections.ts). */
  maxConnections: { kind: 'int', env: 'MAX_CONNECTIONS', default: 0, min: 0, max: 10_000_000 },
  /** On SIGTERM, how long connections already open may still send requests (answered with Connection: close) before idle ones are closed. */
  shutdownGraceMs: { kind: 'int', env: 'SHUTDOWN_GRACE_MS', default: 1_000, min: 0, max: 20_000 },
  /** Watched simulations one WebSocket may hold at once (docs/api.md#watching-a-simulation); one more is refused `watch_limit_exceeded`. */
  streamMaxWatches: { kind: 'int', env: 'STREAM_MAX_WATCHES', default: 8, min: 0, max: 1_000 },
  /** The chain JSON-RPC (as a browser reaches it) the dashboard's playground builds demo transactions against; `npm start` defaults it to its localnet. */
  dashboardRpcUrl: { kind: 'optional-url', env: 'DASHBOARD_RPC_URL' },
  /** Where the built dashboard is (Vite's output); unset: the repository's dist/dashboard. */
  dashboardDir: { kind: 'optional-string', env: 'DASHBOARD_DIR' },
  logLevel: { kind: 'string', env: 'LOG_LEVEL', default: 'info', oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
  logFormat: LOG_FORMAT_FIELD,
} as const satisfies ConfigSchema

export type EdgeConfig = ConfigOf<typeof edgeConfigSchema>
