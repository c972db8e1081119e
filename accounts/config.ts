/** The user service's configuration schema (read from the environment in main.ts only; the variables keep their ACCOUNTS_ names). */
import type { ConfigOf, ConfigSchema } from '../lib/config.js'
import { MIN_INTERNAL_TOKEN_LENGTH } from '../lib/grpc/internal-token.js'
import { DEFAULT_WEBHOOK_CONCURRENCY } from './webhooks/webhook-values.js'
import { LOG_FORMAT_FIELD } from '../lib/logger.js'

export const userServiceConfigSchema = {
  /** A PostgreSQL server; unset: the embedded PGlite under DATA_DIR. */
  databaseUrl: { kind: 'optional-string', env: 'DATABASE_URL' },
  /** A statement running longer is cancelled (and its connection dropped when the server cannot cancel it). */
  databaseQueryTimeoutMs: { kind: 'int', env: 'DATABASE_QUERY_TIMEOUT_MS', default: 10_000, min: 100, max: 600_000 },
  databasePoolMax: { kind: 'int', env: 'DATABASE_POOL_MAX', default: 10, min: 1, max: 1_000 },
  /** Where the embedded database and the generated signing key live. */
  dataDir: { kind: 'string', env: 'DATA_DIR', default: './data' },
  jwtSecret: { kind: 'optional-string', env: 'JWT_SECRET' },
  jwtKeyFile: { kind: 'optional-string', env: 'JWT_KEY_FILE' },
  /** Where credential invalidations are published for edges in other processes. */
  redisUrl: { kind: 'optional-url', env: 'REDIS_URL' },
  /**
   * The token every call to the accounts gRPC port must carry (x-internal-token); edges and engines
   * that reach accounts over ACCOUNTS_URL present the same. Required by the accounts process; where
   * accounts runs inside an edge (`npm start`), its gRPC port is opened only when this is set.
   */
  internalToken: { kind: 'optional-secret', env: 'ACCOUNTS_INTERNAL_TOKEN', minLength: MIN_INTERNAL_TOKEN_LENGTH },
  grpcHost: { kind: 'string', env: 'ACCOUNTS_GRPC_HOST', default: '127.0.0.1' },
  grpcPort: { kind: 'int', env: 'ACCOUNTS_GRPC_PORT', default: 50052, min: 0, max: 65535 },
  /**
   * Development and tests only: webhooks may go to http URLs and to private, loopback and the host's
   * own addresses (link-local and cloud-metadata addresses stay refused). Off: https to public
   * addresses only (docs/webhooks.md#which-urls).
   */
  webhookAllowPrivateUrls: { kind: 'bool', env: 'WEBHOOK_ALLOW_PRIVATE_URLS', default: false },
  /** The first retry of a failed webhook delivery waits this long; each next one doubles (with jitter, capped at 2 h), for 24 h. */
  webhookRetryBaseMs: { kind: 'int', env: 'WEBHOOK_RETRY_BASE_MS', default: 30_000, min: 10, max: 3_600_000 },
  /**
   * How long a claimed webhook delivery is held before another worker may send it again (a worker
   * that died mid-delivery). Above the 5 s POST timeout, so a live worker's attempt ends (and is
   * recorded) before its lease does and no second worker sends the same delivery meanwhile.
   */
  webhookLeaseMs: { kind: 'int', env: 'WEBHOOK_LEASE_MS', default: 30_000, min: 6_000, max: 3_600_000 },
  /**
   * Webhook deliveries in flight at once in this process, across endpoints (one per endpoint at
   * most): a slow or dead endpoint holds one of them, never the others' turn.
   */
  webhookConcurrency: { kind: 'int', env: 'WEBHOOK_CONCURRENCY', default: DEFAULT_WEBHOOK_CONCURRENCY, min: 1, max: 1_024 },
  /** Stripe's secret key; unset: the billing routes answer 503 billing_unavailable and the free tier is all users have. */
  stripeSecretKey: { kind: 'optional-secret', env: 'STRIPE_SECRET_KEY', minLength: 8 },
  /** The signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  stripeWebhookSecret: { kind: 'optional-secret', env: 'STRIPE_WEBHOOK_SECRET', minLength: 8 },
  /** The metered price a checkout subscribes to (price_…), billed from the meter below; required with STRIPE_SECRET_KEY. */
  stripePriceId: { kind: 'optional-string', env: 'STRIPE_PRICE_ID' },
  /** The event name of the Stripe meter usage is reported to (its value: micro-euros). */
  stripeMeterEventName: { kind: 'string', env: 'STRIPE_METER_EVENT_NAME', default: 'preflight_usage' },
  /** A Stripe-compatible API to call instead of api.stripe.com (stripe-mock, a test stand-in); production leaves it unset. */
  stripeApiUrl: { kind: 'optional-url', env: 'STRIPE_API_URL' },
  /** Where Checkout returns after a payment, and after a cancel, when the request names no URL. */
  billingSuccessUrl: { kind: 'optional-url', env: 'BILLING_SUCCESS_URL' },
  billingCancelUrl: { kind: 'optional-url', env: 'BILLING_CANCEL_URL' },
  /** The customer portal's return link; unset: the portal configuration's default. */
  billingPortalReturnUrl: { kind: 'optional-url', env: 'BILLING_PORTAL_RETURN_URL' },
  /** EUR a SOL, at which relay tips are passed on at cost. */
  billingSolEur: { kind: 'number', env: 'BILLING_SOL_EUR', default: 150, min: 0.01, max: 1_000_000 },
  /** How often ended hours of usage are written to the meter outbox and reported to Stripe. */
  billingReportIntervalMs: { kind: 'int', env: 'BILLING_REPORT_INTERVAL_MS', default: 60_000, min: 100, max: 3_600_000 },
  /** How long a reporter holds a meter row it is sending; a reporter that died gives it up after this. */
  billingReportLeaseMs: { kind: 'int', env: 'BILLING_REPORT_LEASE_MS', default: 120_000, min: 1_000, max: 3_600_000 },
  logLevel: { kind: 'string', env: 'LOG_LEVEL', default: 'info', oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
  logFormat: LOG_FORMAT_FIELD,
} as const satisfies ConfigSchema

export type UserServiceConfig = ConfigOf<typeof userServiceConfigSchema>
