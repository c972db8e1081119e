/** The user service on a database: the service of each part (identity, history, program blocks, tracking, webhooks, billing), composed. */
import type { AuthInvalidation } from '../lib/auth-invalidation.js'
import type { Logger } from '../lib/logger.js'
import type { Database } from './db/database.js'
import type { UserService } from './contract/index.js'
import { createHistoryService } from './history/history-service.js'
import { createIdentityService } from './identity-service.js'
import { createProgramBlocksService } from './program-blocks/program-blocks-service.js'
import { createTransactionTrackingService } from './tracking/tracking-service.js'
import { createWebhooksService } from './webhooks/webhooks-service.js'
import { createBillingService, type BillingSettings } from './billing/billing-service.js'
import type { WebhookUrlPolicy } from './webhooks/webhook-url-policy.js'

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
