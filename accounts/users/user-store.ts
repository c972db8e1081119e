/** The `users` table. Ids reaching it are checked uuids; emails are normalised (credentials.ts). */
import type { Queryable } from '../db/database.js'
import type { UserRow } from './user-row.js'

export interface UserStore {
  /** The new live user, or null when a live user already has `email`. */
  create(user: { email: string; passwordHash: string; createdAtMs: number }): Promise<UserRow | null>
  /** The live user with `email`, if any. */
  getLiveByEmail(email: string): Promise<UserRow | null>
  /** The user with `id`, soft-deleted or not. */
  getById(id: string): Promise<UserRow | null>
  /** Marks a live user deleted at `nowMs`; false when there was none to delete. */
  softDelete(id: string, nowMs: number): Promise<boolean>
  /** Sets a live user's card flag; its previous value, or null when there is no live user `id`. */
  setCardOnFile(id: string, hasCard: boolean): Promise<boolean | null>
}

const COLUMNS = 'id, email, password_hash, name, role, email_verified, timezone, card_on_file, created_at, deleted_at'

/** A user store on `db` (the pool, or a transaction's client). */
export function createUserStore(db: Queryable): UserStore {
  return {
    async create({ email, passwordHash, createdAtMs }) {
      // The conflict target names the partial index, so two registrations racing for one address
      // end with one account and one `null`, never with a unique-violation error.
      const rows = await db.query<UserRow>(
        `INSERT INTO users (email, password_hash, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (email) WHERE deleted_at IS NULL DO NOTHING
         RETURNING ${COLUMNS}`,
        [email, passwordHash, new Date(createdAtMs)],
      )
      return rows[0] ?? null
    },
    async getLiveByEmail(email) {
      const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL`, [email])
      return rows[0] ?? null
    },
    async getById(id) {
      const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id])
      return rows[0] ?? null
    },
    async softDelete(id, nowMs) {
      const rows = await db.query(`UPDATE users SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [
        id,
        new Date(nowMs),
      ])
      return rows.length > 0
    },
    async setCardOnFile(id, hasCard) {
      // The CTE locks the row and reads the value the update replaces, so a caller learns in one
      // statement whether anything changed, even when two calls race.
      const rows = await db.query<{ previous: boolean }>(
        `WITH target AS (SELECT id, card_on_file FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE)
         UPDATE users SET card_on_file = $2 FROM target WHERE users.id = target.id
         RETURNING target.card_on_file AS previous`,
        [id, hasCard],
      )
      return rows[0]?.previous ?? null
    },
  }
}
