/** An `api_keys` row joined with its newest secret, as the store reads it, and the API's shape of a key. */
import type { ApiKey } from '../contract/index.js'
import { toIsoTimestamp, type DbTimestamp } from '../db/timestamp.js'

export interface ApiKeyRow {
  id: string
  name: string
  prefix: string
  last_four: string
  /** bigint: `pg` hands it over as a string. */
  requests_count: string | number
  last_used_at: DbTimestamp | null
  expires_at: DbTimestamp | null
  created_at: DbTimestamp
}

/** The key as docs/api.md#api-keys shows it; `key` only when given (create and rotate). */
export function toApiKey(row: ApiKeyRow, key?: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last_four: row.last_four,
    ...(key === undefined ? {} : { key }),
    requests_count: Number(row.requests_count),
    last_used_at: toIsoTimestamp(row.last_used_at),
    expires_at: toIsoTimestamp(row.expires_at),
    created_at: toIsoTimestamp(row.created_at) as string,
  }
}
