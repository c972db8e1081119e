/**
 * The delivery worker's side of the outbox: claiming the due head of each endpoint's queue under a
 * lease, and recording an attempt. Only an endpoint's oldest pending delivery can be claimed, so a
 * later event waits for the earlier one (in order per endpoint); FOR UPDATE SKIP LOCKED and the
 * lease keep two workers off the same row, and a worker that died leaves a lease that runs out.
 */
import type { Database } from '../db/database.js'
import type { JsonValue } from '../contract/index.js'
import type { DbTimestamp } from '../db/timestamp.js'

export interface ClaimedWebhookDelivery {
  id: string
  endpoint_id: string
  payload: JsonValue
  attempts: number
  created_at: DbTimestamp
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: DbTimestamp | null
}

/** One attempt as recorded, and shown to the endpoint's owner. */
export interface WebhookAttempt {
  ok: boolean
  /** The HTTP status answered; null when nothing answered. */
  statusCode: number | null
  /** How long the answer took; null when nothing answered. */
  latencyMs: number | null
  error: string | null
}

/** Claims, records and gives up deliveries on `db`. */
export function createWebhookOutboxClaims(db: Database) {
  return {
    /** Up to `limit` due heads of enabled endpoints' queues, leased until `nowMs + leaseMs`. */
    claim(nowMs: number, leaseMs: number, limit: number): Promise<ClaimedWebhookDelivery[]> {
      return db.query<ClaimedWebhookDelivery>(
        `WITH heads AS (
           SELECT DISTINCT ON (d.endpoint_id) d.id, d.next_attempt_at, d.lease_until
           FROM webhook_deliveries d
           WHERE d.status = 'pending'
           ORDER BY d.endpoint_id, d.seq
         ), due AS (
           SELECT d.id FROM webhook_deliveries d
           JOIN heads h ON h.id = d.id
           JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
           WHERE h.next_attempt_at <= $1 AND (h.lease_until IS NULL OR h.lease_until <= $1)
           ORDER BY h.next_attempt_at
           LIMIT $3
           FOR UPDATE OF d SKIP LOCKED
         )
         UPDATE webhook_deliveries w SET lease_until = $2
         FROM due, webhook_endpoints e
         WHERE w.id = due.id AND e.id = w.endpoint_id AND w.status = 'pending' AND (w.lease_until IS NULL OR w.lease_until <= $1)
         RETURNING w.id, w.endpoint_id, w.payload, w.attempts, w.created_at,
                   e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`,
        [new Date(nowMs), new Date(nowMs + leaseMs), limit],
      )
    },

    /** A 2xx: the delivery is done. */
    async recordSuccess(id: string, attempt: WebhookAttempt, nowMs: number): Promise<void> {
      await db.query(
        `UPDATE webhook_deliveries SET status = 'succeeded', attempts = attempts + 1, lease_until = NULL, delivered_at = $2,
           last_response_code = $3, last_latency_ms = $4, last_error = NULL
         WHERE id = $1`,
        [id, new Date(nowMs), attempt.statusCode, attempt.latencyMs],
      )
    },

    /** A failure to try again at `nextAttemptMs`. */
    async recordRetry(id: string, attempt: WebhookAttempt, nextAttemptMs: number): Promise<void> {
      await db.query(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = NULL, next_attempt_at = $2,
           last_response_code = $3, last_latency_ms = $4, last_error = $5
         WHERE id = $1`,
        [id, new Date(nextAttemptMs), attempt.statusCode, attempt.latencyMs, attempt.error],
      )
    },

    /**
     * A delivery failing past the give-up age: it fails, its endpoint is disabled with `reason`, and
     * the endpoint's other pending deliveries fail with it (nothing would send them).
     */
    async giveUp(id: string, endpointId: string, attempt: WebhookAttempt, reason: string, nowMs: number): Promise<void> {
      await db.transaction(async (client) => {
        await client.query(
          `UPDATE webhook_deliveries SET status = 'failed', attempts = attempts + 1, lease_until = NULL,
             last_response_code = $2, last_latency_ms = $3, last_error = $4
           WHERE id = $1`,
          [id, attempt.statusCode, attempt.latencyMs, attempt.error],
        )
        await client.query('UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3 WHERE id = $1 AND disabled_at IS NULL', [
          endpointId,
          new Date(nowMs),
          reason,
        ])
        await client.query(
          `UPDATE webhook_deliveries SET status = 'failed', lease_until = NULL, last_error = 'the endpoint is disabled'
           WHERE endpoint_id = $1 AND status = 'pending'`,
          [endpointId],
        )
      })
    },
  }
}
