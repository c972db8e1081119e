/**
 * Webhook endpoints in `webhook_endpoints`: one user's live (not deleted) endpoints, their secrets
 * and rotation. A deleted endpoint is kept (its deliveries reference it) but is nobody's; an id that
 * is not a uuid, or another user's, is `not_found` before or by the query alike.
 */
import { randomUUID } from 'node:crypto'
import { createServiceError } from '../../lib/errors.js'
import type { Database } from '../db/database.js'
import { toIsoTimestamp, type DbTimestamp } from '../db/timestamp.js'
import { isUuid } from '../db/uuid.js'
import type { WebhookEndpoint } from '../contract/index.js'
import { createWebhookSecret } from './webhook-signature.js'
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEventType } from '../contract/webhooks.js'

/** How long the secret before a rotation keeps signing. */
export const WEBHOOK_SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000

export interface WebhookEndpointRow {
  id: string
  user_id: string
  url: string
  events: string[]
  description: string | null
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: DbTimestamp | null
  disabled_at: DbTimestamp | null
  disabled_reason: string | null
  created_at: DbTimestamp
}

const COLUMNS =
  'id, user_id, url, events, description, secret, previous_secret, previous_secret_expires_at, disabled_at, disabled_reason, created_at'

/** The endpoint as clients see it; the secret only when asked (create and rotate). */
export function toWebhookEndpoint(row: WebhookEndpointRow, withSecret = false): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    disabled_at: toIsoTimestamp(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: toIsoTimestamp(row.created_at) ?? '',
    ...(withSecret ? { secret: row.secret } : {}),
  }
}

export interface NewWebhookEndpoint {
  url: string
  events: WebhookEventType[]
  description: string | null
}

/** Endpoints on `db`, timed by `now`. */
export function createWebhookEndpointStore({ db, now }: { db: Database; now: () => number }) {
  return {
    /** The user's live endpoint `id`, or `not_found`. */
    async get(userId: string, id: string): Promise<WebhookEndpointRow> {
      if (!isUuid(userId) || !isUuid(id)) throw createServiceError('not_found')
      const [row] = await db.query<WebhookEndpointRow>(
        `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
        [id, userId],
      )
      if (!row) throw createServiceError('not_found')
      return row
    },

    async list(userId: string): Promise<WebhookEndpointRow[]> {
      if (!isUuid(userId)) return []
      return db.query<WebhookEndpointRow>(
        `SELECT ${COLUMNS} FROM webhook_endpoints WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
        [userId],
      )
    },

    /** Stores a new endpoint with a fresh secret; `unauthorized` for a user who is not live, `validation_error` past the limit. */
    async create(userId: string, endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
      if (!isUuid(userId)) throw createServiceError('unauthorized')
      return db.transaction(async (client) => {
        // Locking the user makes the count and the insert one step: two creates cannot both pass the limit.
        const users = await client.query('SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE', [userId])
        if (users.length === 0) throw createServiceError('unauthorized')
        const [count] = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1 AND deleted_at IS NULL',
          [userId],
        )
        if ((count?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
          throw createServiceError(
            'validation_error',
            `url: at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints per account; delete one first`,
          )
        }
        const [row] = await client.query<WebhookEndpointRow>(
          `INSERT INTO webhook_endpoints (id, user_id, url, events, description, secret, created_at)
           VALUES ($1, $2, $3, $4::text[], $5, $6, $7) RETURNING ${COLUMNS}`,
          [randomUUID(), userId, endpoint.url, endpoint.events, endpoint.description, createWebhookSecret(), new Date(now())],
        )
        if (!row) throw createServiceError('internal_error', 'the endpoint was not stored')
        return row
      })
    },

    /** Deletes the endpoint and gives up its pending deliveries; `not_found` when it is not the user's. */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(userId) || !isUuid(id)) throw createServiceError('not_found')
      await db.transaction(async (client) => {
        const removed = await client.query(
          'UPDATE webhook_endpoints SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id',
          [id, userId, new Date(now())],
        )
        if (removed.length === 0) throw createServiceError('not_found')
        await client.query(
          `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the endpoint was deleted', lease_until = NULL
           WHERE endpoint_id = $1 AND status = 'pending'`,
          [id],
        )
      })
    },

    /** A new secret; the current one keeps signing for the grace. `not_found` when the endpoint is not the user's. */
    async rotate(userId: string, id: string): Promise<WebhookEndpointRow> {
      if (!isUuid(userId) || !isUuid(id)) throw createServiceError('not_found')
      const [row] = await db.query<WebhookEndpointRow>(
        `UPDATE webhook_endpoints
         SET previous_secret = secret, previous_secret_expires_at = $3, secret = $4
         WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        [id, userId, new Date(now() + WEBHOOK_SECRET_ROTATION_GRACE_MS), createWebhookSecret()],
      )
      if (!row) throw createServiceError('not_found')
      return row
    },
  }
}

export type WebhookEndpointStore = ReturnType<typeof createWebhookEndpointStore>
