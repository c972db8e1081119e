/**
 * The programs each user blocks: `program_blocks` rows, one per (user, program id). Lists come back
 * in byte order (COLLATE "C": PGlite and a PostgreSQL server with another default collation agree).
 * A soft-deleted user has no list. Ids reach this store validated (program-block-ids.ts); a user id
 * that is not a uuid is the id of nobody, before any query.
 */
import { createServiceError } from '../../lib/errors.js'
import type { Database, Queryable } from '../db/database.js'
import { isUuid } from '../db/uuid.js'

export interface ProgramBlockStore {
  /** The live user's blocked program ids, sorted; [] for anyone else. */
  list(userId: string): Promise<string[]>
  /** Makes `programIds` (distinct, sorted) the user's whole list; `unauthorized` when the user is not live. */
  replace(userId: string, programIds: readonly string[]): Promise<string[]>
  /** Removes one id and returns the list left; `not_found` when it is not on the live user's list. */
  remove(userId: string, programId: string): Promise<string[]>
}

/** The answer to removing an id the list does not hold. */
export const NOT_ON_LIST_MESSAGE = 'This program is not on your block list.'

const SELECT_LIST = 'SELECT program_id FROM program_blocks WHERE user_id = $1 ORDER BY program_id COLLATE "C"'

/**
 * Locks the live user's row for the rest of the transaction, so that writes to one user's list run
 * one after the other (the last replace wins whole, never a mix of two). NO KEY UPDATE, not UPDATE:
 * it does not wait for other tables' inserts that reference the user (their KEY SHARE locks).
 */
async function lockLiveUser(client: Queryable, userId: string): Promise<boolean> {
  const rows = await client.query('SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE', [userId])
  return rows.length > 0
}

const toIds = (rows: { program_id: string }[]) => rows.map((row) => row.program_id)

/** Program blocks on `db`, timed by `now`. */
export function createProgramBlockStore({ db, now }: { db: Database; now: () => number }): ProgramBlockStore {
  return {
    async list(userId) {
      if (!isUuid(userId)) return []
      return toIds(
        await db.query<{ program_id: string }>(
          `SELECT b.program_id FROM program_blocks b
           JOIN users u ON u.id = b.user_id AND u.deleted_at IS NULL
           WHERE b.user_id = $1
           ORDER BY b.program_id COLLATE "C"`,
          [userId],
        ),
      )
    },

    async replace(userId, programIds) {
      if (!isUuid(userId)) throw createServiceError('unauthorized')
      return db.transaction(async (client) => {
        if (!(await lockLiveUser(client, userId))) throw createServiceError('unauthorized')
        // Ids kept from the old list keep their created_at: only the difference is written.
        await client.query('DELETE FROM program_blocks WHERE user_id = $1 AND program_id <> ALL ($2::text[])', [userId, programIds])
        await client.query(
          `INSERT INTO program_blocks (user_id, program_id, created_at)
           SELECT $1, id, $3 FROM unnest($2::text[]) AS id
           ON CONFLICT (user_id, program_id) DO NOTHING`,
          [userId, programIds, new Date(now())],
        )
        return toIds(await client.query<{ program_id: string }>(SELECT_LIST, [userId]))
      })
    },

    async remove(userId, programId) {
      if (!isUuid(userId)) throw createServiceError('not_found')
      return db.transaction(async (client) => {
        if (!(await lockLiveUser(client, userId))) throw createServiceError('not_found')
        const removed = await client.query('DELETE FROM program_blocks WHERE user_id = $1 AND program_id = $2 RETURNING program_id', [
          userId,
          programId,
        ])
        if (removed.length === 0) throw createServiceError('not_found', NOT_ON_LIST_MESSAGE)
        return toIds(await client.query<{ program_id: string }>(SELECT_LIST, [userId]))
      })
    },
  }
}
