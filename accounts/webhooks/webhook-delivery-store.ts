/**
 * The webhook outbox, `webhook_deliveries`: one row per (event, endpoint), written with the event
 * and kept as the endpoint's delivery log. The delivery worker (webhook-delivery-worker.ts) claims
 * due rows from it; this file writes and lists them.
 */
import { randomUUID } from 'node:crypto'
import { createServiceError } from '../../lib/errors.js'
import type { Queryable } from '../db/database.js'
import { toIsoTimestamp, type DbTimestamp } from '../db/timestamp.js'
import { isUuid } from '../db/uuid.js'
import type { JsonValue, WebhookDelivery } from '../contract/index.js'
import type { WebhookDeliveryStatus } from '../contract/webhooks.js'

/** How many deliveries a listing shows, newest first. */
export const WEBHOOK_DELIVERIES_PAGE = 100

export interface WebhookDeliveryRow {
  id: string
  endpoint_id: string
  event_id: string
  event_type: string
  payload: JsonValue
  status: WebhookDeliveryStatus
  attempts: number
  next_attempt_at: DbTimestamp
  last_response_code: number | null
  last_latency_ms: number | null
  last_error: string | null
  created_at: DbTimestamp
  delivered_at: DbTimestamp | null
}

export const DELIVERY_COLUMNS =
  'id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, last_response_code, last_latency_ms, last_error, created_at, delivered_at'

/** A delivery as clients see it. */
export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? toIsoTimestamp(row.next_attempt_at) : null,
    last_response_code: row.last_response_code,
    last_latency_ms: row.last_latency_ms,
    last_error: row.last_error,
    created_at: toIsoTimestamp(row.created_at) ?? '',
    delivered_at: toIsoTimestamp(row.delivered_at),
  }
}

/** The body every endpoint receives: `{id, type, created_at, data}`. */
export function toWebhookPayload(eventId: string, type: string, createdAtMs: number, data: JsonValue): JsonValue {
  return { id: eventId, type, created_at: new Date(createdAtMs).toISOString(), data }
}

/** The outbox on `db`, timed by `now`. */
export function createWebhookDeliveryStore({ db, now }: { db: Queryable; now: () => number }) {
  return {
    /** Queues `type` with `data` to each live, enabled endpoint of `userId` subscribed to it; answers how many. */
    async enqueueForUser(userId: string, type: string, data: JsonValue): Promise<number> {
      if (!isUuid(userId)) return 0
      const at = now()
      const eventId = randomUUID()
      const rows = await db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at)
         SELECT gen_random_uuid(), e.id, $2, $3, $4::jsonb, 'pending', $5, $5
         FROM webhook_endpoints e
         WHERE e.user_id = $1 AND e.deleted_at IS NULL AND e.disabled_at IS NULL AND $3 = ANY (e.events)
         RETURNING id`,
        [userId, eventId, type, JSON.stringify(toWebhookPayload(eventId, type, at, data)), new Date(at)],
      )
      return rows.length
    },

    /**
     * Queues one event to one endpoint (test and redeliver), whatever it subscribes to; undefined,
     * queuing nothing, when the endpoint is disabled or deleted. The endpoint is read FOR SHARE: a
     * give-up or delete running at the same time either waits for this insert (and then fails the
     * delivery with the endpoint's others) or has committed first (and then nothing is queued), so
     * no delivery is left pending on an endpoint nothing sends to.
     */
    async enqueueToEndpoint(
      endpointId: string,
      eventId: string,
      type: string,
      payload: JsonValue,
    ): Promise<WebhookDeliveryRow | undefined> {
      const at = new Date(now())
      const [row] = await db.query<WebhookDeliveryRow>(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at)
         SELECT $1, e.id, $3, $4, $5::jsonb, 'pending', $6, $6
         FROM webhook_endpoints e
         WHERE e.id = $2 AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         FOR SHARE
         RETURNING ${DELIVERY_COLUMNS}`,
        [randomUUID(), endpointId, eventId, type, JSON.stringify(payload), at],
      )
      return row
    },

    /** One delivery of `endpointId`, or `not_found`. */
    async get(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRow> {
      if (!isUuid(deliveryId)) throw createServiceError('not_found')
      const [row] = await db.query<WebhookDeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
        [deliveryId, endpointId],
      )
      if (!row) throw createServiceError('not_found')
      return row
    },

    /** The endpoint's latest deliveries, newest first. */
    list(endpointId: string): Promise<WebhookDeliveryRow[]> {
      return db.query<WebhookDeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY seq DESC LIMIT ${WEBHOOK_DELIVERIES_PAGE}`,
        [endpointId],
      )
    },
  }
}
