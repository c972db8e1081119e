/**
 * The API keys a user manages: `api_keys` rows with their secrets in `api_key_secrets`. A key's id
 * survives rotation; rotation adds a secret and ends the older ones 24 hours later
 * (docs/api.md#api-keys). Ids that are not uuids are treated as ids of nothing, before any query.
 */
import { createServiceError } from '../../lib/errors.js'
import type { ApiKey } from '../contract/index.js'
import type { Database } from '../db/database.js'
import { isUuid } from '../db/uuid.js'
import type { ApiKeyRequest } from './api-key-request.js'
import { toApiKey, type ApiKeyRow } from './api-key-row.js'
import { createApiKeySecret } from './api-key-secret.js'

/** The old secret of a rotated key stays valid 24 hours (docs/api.md#api-keys). */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000

export interface ApiKeyStore {
  /** The live user's keys that are not revoked, oldest first, without `key`. */
  list(userId: string): Promise<ApiKey[]>
  /** A new key with its cleartext; `unauthorized` when the user is not live. */
  create(userId: string, request: ApiKeyRequest): Promise<ApiKey>
  /** `not_found` unless the key is the user's and not yet revoked. */
  revoke(userId: string, apiKeyId: string): Promise<void>
  /** The key with a new cleartext; `not_found` as for revoke. */
  rotate(userId: string, apiKeyId: string): Promise<ApiKey>
}

const KEY_COLUMNS = 'k.id, k.name, k.requests_count, k.last_used_at, k.expires_at, k.created_at'

/** API keys on `db`, timed by `now`. */
export function createApiKeyStore({ db, now }: { db: Database; now: () => number }): ApiKeyStore {
  return {
    async list(userId) {
      if (!isUuid(userId)) return []
      // The newest secret is the one rotation has not given an end (ties on created_at happen when
      // two rotations share a clock tick).
      return (
        await db.query<ApiKeyRow>(
          `SELECT ${KEY_COLUMNS}, s.prefix, s.last_four
           FROM api_keys k
           JOIN users u ON u.id = k.user_id AND u.deleted_at IS NULL
           CROSS JOIN LATERAL (
             SELECT prefix, last_four FROM api_key_secrets
             WHERE api_key_id = k.id
             ORDER BY valid_until IS NULL DESC, created_at DESC
             LIMIT 1
           ) s
           WHERE k.user_id = $1 AND k.revoked_at IS NULL
           ORDER BY k.created_at, k.id`,
          [userId],
        )
      ).map((row) => toApiKey(row))
    },

    async create(userId, { name, expiresAtMs }) {
      if (!isUuid(userId)) throw createServiceError('unauthorized')
      const secret = createApiKeySecret()
      const rows = await db.query<ApiKeyRow>(
        `WITH k AS (
           INSERT INTO api_keys (user_id, name, created_at, expires_at)
           SELECT id, $2, $3, $4 FROM users WHERE id = $1 AND deleted_at IS NULL
           RETURNING id, name, requests_count, last_used_at, expires_at, created_at
         ), s AS (
           INSERT INTO api_key_secrets (key_hash, api_key_id, prefix, last_four, created_at)
           SELECT $5, id, $6, $7, $3 FROM k
         )
         SELECT k.*, $6::text AS prefix, $7::text AS last_four FROM k`,
        [
          userId,
          name,
          new Date(now()),
          expiresAtMs === null ? null : new Date(expiresAtMs),
          secret.keyHash,
          secret.prefix,
          secret.lastFour,
        ],
      )
      const row = rows[0]
      if (!row) throw createServiceError('unauthorized')
      return toApiKey(row, secret.key)
    },

    async revoke(userId, apiKeyId) {
      if (!isUuid(userId) || !isUuid(apiKeyId)) throw createServiceError('not_found')
      const rows = await db.query(
        `UPDATE api_keys k SET revoked_at = $3
         FROM users u
         WHERE k.id = $2 AND k.user_id = $1 AND k.revoked_at IS NULL AND u.id = k.user_id AND u.deleted_at IS NULL
         RETURNING k.id`,
        [userId, apiKeyId, new Date(now())],
      )
      if (rows.length === 0) throw createServiceError('not_found')
    },

    async rotate(userId, apiKeyId) {
      if (!isUuid(userId) || !isUuid(apiKeyId)) throw createServiceError('not_found')
      const secret = createApiKeySecret()
      const nowMs = now()
      // Separate statements in one transaction, not one statement: after the row lock is granted,
      // the next statement's snapshot sees the secret a concurrent rotation just added, so that
      // one gets its end too and only the newest secret is left without one.
      const row = await db.transaction(async (client) => {
        const [key] = await client.query<Omit<ApiKeyRow, 'prefix' | 'last_four'>>(
          `SELECT ${KEY_COLUMNS}
           FROM api_keys k JOIN users u ON u.id = k.user_id
           WHERE k.id = $2 AND k.user_id = $1 AND k.revoked_at IS NULL AND u.deleted_at IS NULL
           FOR UPDATE OF k`,
          [userId, apiKeyId],
        )
        if (!key) throw createServiceError('not_found')
        const graceEnd = new Date(nowMs + ROTATION_GRACE_MS)
        await client.query(
          `UPDATE api_key_secrets SET valid_until = $2
           WHERE api_key_id = $1 AND (valid_until IS NULL OR valid_until > $2)`,
          [apiKeyId, graceEnd],
        )
        await client.query(
          `INSERT INTO api_key_secrets (key_hash, api_key_id, prefix, last_four, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [secret.keyHash, apiKeyId, secret.prefix, secret.lastFour, new Date(nowMs)],
        )
        return key
      })
      return toApiKey({ ...row, prefix: secret.prefix, last_four: secret.lastFour }, secret.key)
    },
  }
}
