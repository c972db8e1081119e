/** The body of `POST /api/v1/api-keys`, checked before it reaches the store. */
import { createServiceError } from '../../lib/errors.js'

/** A key's name has 1 to 100 characters (docs/api.md#field-limits). */
export const MAX_API_KEY_NAME_LENGTH = 100
/** The last instant a JS Date can hold (timestamptz reaches further, so the store never refuses it). */
const MAX_DATE_MS = 8.64e15
// eslint-disable-next-line no-control-regex -- matching control characters is the point: a name may not hold them
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

export interface ApiKeyRequest {
  name: string
  expiresAtMs: number | null
}

/** The request with its name trimmed; `validation_error` naming the field otherwise. */
export function toApiKeyRequest(request: { name: unknown; expiresAtMs?: unknown }, nowMs: number): ApiKeyRequest {
  if (typeof request.name !== 'string') throw createServiceError('validation_error', 'name: must be a string')
  const name = request.name.trim()
  if (name.length === 0) throw createServiceError('validation_error', 'name: must not be empty')
  if (name.length > MAX_API_KEY_NAME_LENGTH) {
    throw createServiceError('validation_error', `name: must be at most ${MAX_API_KEY_NAME_LENGTH} characters`)
  }
  // PostgreSQL text cannot hold NUL, and no other control character belongs in a label.
  if (CONTROL_CHARACTERS.test(name)) throw createServiceError('validation_error', 'name: must not contain control characters')
  const expiresAtMs = request.expiresAtMs ?? null
  if (expiresAtMs === null) return { name, expiresAtMs }
  if (typeof expiresAtMs !== 'number' || !Number.isInteger(expiresAtMs) || expiresAtMs > MAX_DATE_MS) {
    throw createServiceError('validation_error', 'expires_at: must be a date-time')
  }
  if (expiresAtMs <= nowMs) throw createServiceError('validation_error', 'expires_at: must be in the future')
  return { name, expiresAtMs }
}
