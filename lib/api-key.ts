/**
 * What the user service (which stores keys) and the edge (which looks them up) must agree on
 * about an API key: its prefix and how it is hashed.
 */
import { createHash } from 'node:crypto'

/** Every API key starts with this; listings show it as `prefix` (docs/api.md#api-keys). */
export const API_KEY_PREFIX = 'pf_live_'

/**
 * The stored form of a key: SHA-256, hex. A fast hash is enough: keys carry 256 random bits, so
 * there is nothing to guess, unlike a password.
 */
export function getApiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}
