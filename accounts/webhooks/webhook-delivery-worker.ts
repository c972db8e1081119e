/**
 * The webhook delivery worker: runs in the process that owns the user service (accounts/main.ts,
 * or `npm start`'s edge), claims due deliveries from the outbox under a lease, signs and POSTs
 * them, and records the outcome: any 2xx succeeds; anything else is retried with back-off until
 * the delivery is a day old, then it fails and its endpoint is disabled. At least once: a worker
 * that dies mid-delivery leaves a lease that runs out, and another worker (or this one restarted)
 * sends the delivery again.
 *
 * Endpoints proceed independently: up to `concurrency` deliveries are in flight at once, each
 * recorded when it ends, and a freed slot claims what is due at once, so one slow or dead endpoint
 * holds one slot and delays nobody else. The outbox hands out only an endpoint's oldest pending
 * delivery (webhook-outbox-claims.ts), so each endpoint still has one in flight at most, in order.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from '../../lib/logger.js'
import type { Database } from '../db/database.js'
import { toEpochMs } from '../db/timestamp.js'
import { createWebhookOutboxClaims, type ClaimedWebhookDelivery, type WebhookAttempt } from './webhook-outbox-claims.js'
import { getWebhookRetryDelayMs, WEBHOOK_GIVE_UP_AFTER_MS } from './webhook-retry.js'
import { sendWebhook } from './webhook-sender.js'
import { toWebhookSignatureHeader, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.js'
import type { WebhookUrlPolicy } from './webhook-url-policy.js'
import { DEFAULT_WEBHOOK_CONCURRENCY } from './webhook-values.js'

/**
 * A delivery's `last_error` whenever no HTTP answer came: DNS failure, an address the policy
 * refuses, a refused, reset or timed-out connection, TLS all read alike, so the delivery log
 * cannot be used to scan ports or map networks. The cause is logged for the operator.
 */
export const WEBHOOK_UNREACHABLE_ERROR = 'the endpoint could not be reached'

export interface WebhookDeliveryWorkerOptions {
  db: Database
  logger: Logger
  urlPolicy: WebhookUrlPolicy
  /** The first retry's delay; each next one doubles (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number
  /** How often the outbox is polled when nothing ended meanwhile. */
  pollIntervalMs?: number
  /** Per POST. */
  timeoutMs?: number
  /** How long a claim holds; longer than a POST may take. */
  leaseMs?: number
  /** Deliveries in flight at once, across endpoints (WEBHOOK_CONCURRENCY). */
  concurrency?: number
  /** Epoch ms (tests cross the day without sleeping). */
  now?: () => number
}

export interface WebhookDeliveryWorker {
  /** Claims what is due (as many as slots are free), sends it and records the outcomes; answers how many were claimed. */
  runOnce(): Promise<number>
  /** Stops claiming and waits for the deliveries in flight. */
  stop(): Promise<void>
}

/** The live secrets of a claimed delivery: the current one, and the previous one within its grace. */
function getSigningSecrets(delivery: ClaimedWebhookDelivery, nowMs: number): string[] {
  const { previous_secret: previous, previous_secret_expires_at: expiresAt } = delivery
  return previous !== null && expiresAt !== null && toEpochMs(expiresAt) > nowMs ? [delivery.secret, previous] : [delivery.secret]
}

/** Starts a worker sending the outbox on `db`. */
export function startWebhookDeliveryWorker(options: WebhookDeliveryWorkerOptions): WebhookDeliveryWorker {
  const { db, logger, urlPolicy, retryBaseMs } = options
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const timeoutMs = options.timeoutMs ?? 5_000
  const leaseMs = options.leaseMs ?? timeoutMs * 6
  const concurrency = options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY
  const now = options.now ?? Date.now
  const claims = createWebhookOutboxClaims(db)
  const stopping = new AbortController()

  async function send(delivery: ClaimedWebhookDelivery): Promise<WebhookAttempt> {
    const started = performance.now()
    const body = JSON.stringify(delivery.payload)
    const result = await sendWebhook({
      url: delivery.url,
      body,
      headers: { [WEBHOOK_SIGNATURE_HEADER]: toWebhookSignatureHeader(getSigningSecrets(delivery, now()), Math.floor(now() / 1000), body) },
      timeoutMs,
      policy: urlPolicy,
    }).catch((error: unknown) => ({ answered: false as const, cause: String(error) }))
    if (result.answered) {
      const { statusCode, latencyMs } = result
      return { ok: statusCode >= 200 && statusCode < 300, statusCode, latencyMs, error: null }
    }
    logger.info({ endpointId: delivery.endpoint_id, deliveryId: delivery.id, cause: result.cause }, 'webhook endpoint not reached')
    // Recorded at the timeout whatever failed, so neither the record nor when it appears tells a
    // closed port (refused at once) from a filtered one (silent until the timeout).
    await sleep(Math.max(0, timeoutMs - (performance.now() - started)), undefined, { signal: stopping.signal }).catch(() => undefined)
    return { ok: false, statusCode: null, latencyMs: null, error: WEBHOOK_UNREACHABLE_ERROR }
  }

  async function deliver(delivery: ClaimedWebhookDelivery): Promise<void> {
    const attempt = await send(delivery)
    const nowMs = now()
    if (attempt.ok) return claims.recordSuccess(delivery.id, attempt, nowMs)
    if (nowMs - toEpochMs(delivery.created_at) >= WEBHOOK_GIVE_UP_AFTER_MS) {
      const reason = `deliveries failed for 24 h (last: ${attempt.statusCode === null ? attempt.error : `HTTP ${attempt.statusCode}`})`
      logger.warn({ endpointId: delivery.endpoint_id, deliveryId: delivery.id }, 'webhook endpoint disabled: deliveries failed for 24 h')
      return claims.giveUp(delivery.id, delivery.endpoint_id, attempt, reason, nowMs)
    }
    return claims.recordRetry(delivery.id, attempt, nowMs + getWebhookRetryDelayMs(delivery.attempts + 1, retryBaseMs))
  }

  let stopped = false
  const inFlight = new Set<Promise<void>>()

  /** Sends `delivery` in a slot of its own; when it ends, the freed slot claims again at once. */
  function start(delivery: ClaimedWebhookDelivery): Promise<void> {
    const sending: Promise<void> = deliver(delivery)
      .catch((error: unknown) =>
        // The lease runs out and the delivery is tried again: nothing is lost.
        logger.error({ err: error, deliveryId: delivery.id }, 'could not record a webhook delivery'),
      )
      .finally(() => {
        inFlight.delete(sending)
        wake()
      })
    inFlight.add(sending)
    return sending
  }

  async function claimDue(): Promise<ClaimedWebhookDelivery[]> {
    const free = concurrency - inFlight.size
    return free > 0 ? claims.claim(now(), leaseMs, free) : []
  }

  let timer: NodeJS.Timeout | undefined
  let claiming: Promise<void> | undefined
  let claimAgain = false
  /** Claims what is due into the free slots, now, then again after the poll interval (or as soon as a slot frees). */
  function wake(): void {
    if (stopped) return
    if (claiming) {
      claimAgain = true
      return
    }
    clearTimeout(timer)
    claiming = (async () => {
      try {
        do {
          claimAgain = false
          for (const delivery of await claimDue()) void start(delivery)
        } while (claimAgain && !stopped)
      } catch (error) {
        logger.error({ err: error }, 'webhook outbox poll failed')
      } finally {
        claiming = undefined
        if (!stopped) timer = setTimeout(wake, pollIntervalMs)
      }
    })()
  }
  timer = setTimeout(wake, 0)

  return {
    async runOnce() {
      const claimed = await claimDue()
      await Promise.all(claimed.map(start))
      return claimed.length
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      stopping.abort()
      await claiming
      await Promise.all(inFlight)
    },
  }
}
