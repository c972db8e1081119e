/**
 * Starts the user service on its configuration: the database (DATABASE_URL, or the embedded
 * PGlite under DATA_DIR), its migrations, the signing key, the UserService on top, the
 * webhook delivery worker sending its outbox and, with billing configured, the meter reporter. Used by the
 * accounts process (accounts/main.ts) and by any process that runs the user service inside itself.
 */
import { join } from 'node:path'
import type { Logger } from '../lib/logger.js'
import { type UserService, type AuthInvalidation } from './contract/index.js'
import { createUserService } from './create-user-service.js'
import type { UserServiceConfig } from './config.js'
import { createDatabase, type Database } from './db/database.js'
import { openEmbeddedDatabase } from './db/embedded-database.js'
import { migrate } from './db/migrate.js'
import { getSigningKey } from './tokens/signing-key.js'
import { startWebhookDeliveryWorker } from './webhooks/webhook-delivery-worker.js'
import { toBillingSettings, type BillingConfig } from './billing/billing-settings.js'
import { startMeterReporter } from './billing/meter-reporter.js'
import { toStoreSettingError } from './db/store-setting-error.js'
import { ensureWritableDirectory } from '../lib/writable-directory.js'

export interface StartUserServiceOptions {
  /** Epoch ms (tests). */
  now?: () => number
  /** Told of every credential that stops working, for the edges' caches. */
  onInvalidate?: (event: AuthInvalidation) => void
  /** false: no webhook delivery worker in this process. */
  webhookWorker?: boolean
  /** false: no meter reporter in this process (there is none without billing anyway). */
  meterReporter?: boolean
}

export interface StartedUserService {
  userService: UserService
  /** The key access tokens are signed with; edges in this process verify with it. */
  signingKey: Uint8Array
  db: Database
  /** Closes the pool, then the embedded database when there is one. */
  close(): Promise<void>
}

/** Opens and migrates the database, resolves the signing key and builds the UserService on them. */
export async function startUserService(
  config: Pick<UserServiceConfig, 'databaseUrl' | 'dataDir' | 'jwtSecret' | 'jwtKeyFile' | 'databaseQueryTimeoutMs'> &
    Partial<
      Pick<
        UserServiceConfig,
        'databasePoolMax' | 'webhookAllowPrivateUrls' | 'webhookRetryBaseMs' | 'webhookLeaseMs' | 'webhookConcurrency'
      >
    > &
    Partial<BillingConfig> &
    Partial<Pick<UserServiceConfig, 'stripeMeterEventName' | 'billingReportIntervalMs' | 'billingReportLeaseMs'>>,
  logger: Logger,
  options: StartUserServiceOptions = {},
): Promise<StartedUserService> {
  // DATA_DIR holds the embedded database and the generated signing key: one line if it cannot.
  if (!config.databaseUrl || (!config.jwtSecret && !config.jwtKeyFile)) ensureWritableDirectory('DATA_DIR', config.dataDir)
  // A bad key or half a billing setup is a configuration error: found before any database is opened or created.
  const signingKey = getSigningKey(config)
  const billing = toBillingSettings(config)
  const queryTimeoutMs = config.databaseQueryTimeoutMs
  let db: Database
  try {
    db = config.databaseUrl
      ? createDatabase({ url: config.databaseUrl, queryTimeoutMs, maxConnections: config.databasePoolMax, logger })
      : await openEmbeddedDatabase({
          dataDir: join(config.dataDir, 'pglite'),
          socketDir: join(config.dataDir, 'pglite-socket'),
          queryTimeoutMs,
          logger,
        })
  } catch (error) {
    throw toStoreSettingError(error, config)
  }
  const close = () => db.close()
  try {
    const applied = await migrate(db)
    logger.info({ database: config.databaseUrl ? 'postgres' : 'embedded', migrated: applied }, 'accounts database ready')
  } catch (error) {
    await close().catch(() => undefined)
    throw toStoreSettingError(error, config)
  }
  const allowPrivateUrls = config.webhookAllowPrivateUrls ?? false
  const userService = createUserService({
    db,
    signingKey,
    now: options.now,
    onInvalidate: options.onInvalidate,
    webhookUrlPolicy: { allowPrivateUrls },
    logger,
    billing,
  })
  // The outbox is sent by whichever process owns the user service; several such processes share it safely (leases).
  const webhooks =
    options.webhookWorker === false
      ? undefined
      : startWebhookDeliveryWorker({
          db,
          logger,
          urlPolicy: { allowPrivateUrls },
          retryBaseMs: config.webhookRetryBaseMs ?? 30_000,
          leaseMs: config.webhookLeaseMs,
          concurrency: config.webhookConcurrency,
        })
  // Usage goes to Stripe's meter from the outbox; several processes share it safely (leases, identifiers).
  const meter =
    billing && options.meterReporter !== false
      ? startMeterReporter({
          db,
          stripe: billing.stripe,
          eventName: config.stripeMeterEventName ?? 'preflight_usage',
          solEur: billing.solEur,
          logger,
          intervalMs: config.billingReportIntervalMs ?? 60_000,
          leaseMs: config.billingReportLeaseMs,
        })
      : undefined
  logger.info({ billing: billing ? 'stripe' : 'off' }, billing ? 'billing through Stripe' : 'billing off: no STRIPE_SECRET_KEY')
  return {
    userService,
    signingKey,
    db,
    async close() {
      await meter?.stop()
      await webhooks?.stop()
      await close()
    },
  }
}
