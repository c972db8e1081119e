/** A `users` row as the store reads it, and the shapes the service answers with. */
import type { Role, User, UserState } from '../contract/index.js'
import { toIsoTimestamp, type DbTimestamp } from '../db/timestamp.js'

export interface UserRow {
  id: string
  email: string
  password_hash: string
  name: string | null
  role: Role
  email_verified: boolean
  timezone: string | null
  card_on_file: boolean
  created_at: DbTimestamp
  deleted_at: DbTimestamp | null
}

/** The User of docs/api.md#accounts-and-tokens (never the password hash). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    email_verified: row.email_verified,
    timezone: row.timezone,
    created_at: toIsoTimestamp(row.created_at) as string,
  }
}

/** What the edge's bearer cache keeps of a user. */
export function toUserState(row: UserRow): UserState {
  return { userId: row.id, role: row.role, active: row.deleted_at === null, hasCard: row.card_on_file }
}
