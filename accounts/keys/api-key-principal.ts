/** Who an API key authenticates, looked up by its hash in one query (secret → key → user). */
import type { ApiKeyPrincipal, Role } from '../contract/index.js'
import type { Queryable } from '../db/database.js'
import { toEpochMs, type DbTimestamp } from '../db/timestamp.js'

const KEY_HASH = /^[0-9a-f]{64}$/

/**
 * The principal of the secret whose SHA-256 (hex) is `keyHash`, or null when it authenticates
 * nobody at `nowMs`: unknown, past its rotation grace, key revoked or expired, user deleted.
 */
export async function getApiKeyPrincipal(db: Queryable, keyHash: string, nowMs: number): Promise<ApiKeyPrincipal | null> {
  if (typeof keyHash !== 'string' || !KEY_HASH.test(keyHash)) return null
  const now = new Date(nowMs)
  const [row] = await db.query<{
    user_id: string
    role: Role
    api_key_id: string
    valid_until: DbTimestamp | null
    expires_at: DbTimestamp | null
    card_on_file: boolean
  }>(
    `SELECT k.user_id, u.role, k.id AS api_key_id, s.valid_until, k.expires_at, u.card_on_file
     FROM api_key_secrets s
     JOIN api_keys k ON k.id = s.api_key_id
     JOIN users u ON u.id = k.user_id
     WHERE s.key_hash = $1
       AND (s.valid_until IS NULL OR s.valid_until > $2)
       AND k.revoked_at IS NULL
       AND (k.expires_at IS NULL OR k.expires_at > $2)
       AND u.deleted_at IS NULL`,
    [keyHash, now],
  )
  if (!row) return null
  const ends = [row.valid_until, row.expires_at].filter((end) => end !== null).map(toEpochMs)
  return {
    userId: row.user_id,
    role: row.role,
    apiKeyId: row.api_key_id,
    validUntilMs: ends.length === 0 ? null : Math.min(...ends),
    hasCard: row.card_on_file,
  }
}
