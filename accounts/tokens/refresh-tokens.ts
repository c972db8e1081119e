/**
 * Refresh tokens: opaque random strings, stored only as SHA-256 hashes, in families. Each use
 * spends the token and issues the next of its family in the same statement; presenting a spent
 * token again means two parties hold it (a theft, or a client bug), so the whole family is revoked.
 * Logout revokes the family of the token presented, whatever state that token is in.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServiceError } from '../../lib/errors.js'
import type { Role } from '../contract/index.js'
import type { Queryable } from '../db/database.js'

/** Refresh tokens live 30 days, counted again from each rotation (docs/api.md#authentication). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** Longer input is a malformed request rather than a wrong token. */
export const MAX_REFRESH_TOKEN_LENGTH = 256
/** `pfr_` and 32 random bytes in base64url. */
const TOKEN_FORMAT = /^pfr_[A-Za-z0-9_-]{43}$/

export interface RefreshTokens {
  /** The first token of a new family (login and register). */
  issue(userId: string): Promise<string>
  /** Spends `token` and issues the next one of its family; `invalid_refresh_token` otherwise. */
  spend(token: string): Promise<{ userId: string; role: Role; refreshToken: string }>
  /**
   * Revokes the family `token` belongs to (logout). A token of the right shape that was never
   * issued revokes nothing, and the caller is not told which it was; `validation_error` only for
   * what no token can be (not a string, too long).
   */
  revokeFamily(token: string): Promise<void>
  /** Revokes every token of the user (soft delete). */
  revokeForUser(userId: string): Promise<void>
}

/** Refresh tokens on `db` (the pool, or a transaction's client), timed by `now`. */
export function createRefreshTokens({ db, now }: { db: Queryable; now: () => number }): RefreshTokens {
  async function insert(userId: string, familyId: string): Promise<string> {
    const token = createRefreshTokenValue()
    const nowMs = now()
    await db.query(`INSERT INTO refresh_tokens (family_id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      familyId,
      userId,
      getTokenHash(token),
      new Date(nowMs),
      new Date(nowMs + REFRESH_TOKEN_TTL_MS),
    ])
    return token
  }

  return {
    issue: (userId) => insert(userId, randomUUID()),

    async spend(token) {
      assertTokenInput(token)
      if (!TOKEN_FORMAT.test(token)) throw createServiceError('invalid_refresh_token')
      const tokenHash = getTokenHash(token)
      const next = createRefreshTokenValue()
      const nowMs = now()
      // One statement spends and issues: of two concurrent uses the second waits on the row lock,
      // then finds it spent; and the next token is committed before that second use looks at the
      // family, so the revocation below reaches it. A family with any revoked token is revoked: a
      // revocation racing this statement (a logout) may miss the token it issues, never its use.
      const rows = await db.query<{ user_id: string; role: Role }>(
        `WITH spent AS (
           UPDATE refresh_tokens t SET spent_at = $2
           FROM users u
           WHERE t.token_hash = $1 AND t.spent_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
             AND u.id = t.user_id AND u.deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = t.family_id AND r.revoked_at IS NOT NULL)
           RETURNING t.family_id, t.user_id, u.role
         ), issued AS (
           INSERT INTO refresh_tokens (family_id, user_id, token_hash, created_at, expires_at)
           SELECT family_id, user_id, $3, $2, $4 FROM spent
           RETURNING user_id
         )
         SELECT spent.user_id, spent.role FROM spent, issued`,
        [tokenHash, new Date(nowMs), getTokenHash(next), new Date(nowMs + REFRESH_TOKEN_TTL_MS)],
      )
      const row = rows[0]
      if (row) return { userId: row.user_id, role: row.role, refreshToken: next }
      await db.query(
        `UPDATE refresh_tokens SET revoked_at = $2
         WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND spent_at IS NOT NULL)
           AND revoked_at IS NULL`,
        [tokenHash, new Date(nowMs)],
      )
      throw createServiceError('invalid_refresh_token')
    },

    async revokeFamily(token) {
      assertTokenInput(token)
      // Another shape was never issued: nothing to look up, and the same silence as an unknown token.
      if (!TOKEN_FORMAT.test(token)) return
      // Live, spent, expired or already revoked alike: whoever holds any token of the family may end
      // it (a spent one presented to spend() ends it too), and the answer says nothing of its state.
      await db.query(
        `UPDATE refresh_tokens SET revoked_at = $2
         WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
        [getTokenHash(token), new Date(now())],
      )
    },

    async revokeForUser(userId) {
      await db.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, new Date(now())])
    },
  }
}

/** What no token can be is a malformed request rather than a wrong token. */
function assertTokenInput(token: unknown): asserts token is string {
  if (typeof token !== 'string') throw createServiceError('validation_error', 'refresh_token: must be a string')
  if (token.length > MAX_REFRESH_TOKEN_LENGTH) {
    throw createServiceError('validation_error', `refresh_token: must be at most ${MAX_REFRESH_TOKEN_LENGTH} characters`)
  }
}

function createRefreshTokenValue(): string {
  return `pfr_${randomBytes(32).toString('base64url')}`
}

/** SHA-256, hex: the token carries 256 random bits, so a fast unsalted hash cannot be reversed. */
function getTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
