/**
 * What the user service (which stores keys) and the edge (which looks them up) must agree on
 * about an API key: its prefix and how it is hashed.
 */
import * as crypto from 'node:crypto'

/** Every API key starts with this; listings show it as `prefix` (docs/api.md#api-keys). */
export const API_KEY_PREFIX = 'pf_live_'

/**
 * Node's one-call digest (20.12+ and 21.7+; before them createHash stands in). Every call with an
 * API key hashes it: ≈0.26 µs this way against 0.7–1.0 µs through createHash, which also makes a
 * native Hash object each time, left for the next full collection to clear in an HTTP/2 server
 * (bench/README.md, "A Hash object a call"). The digest is the same.
 */
const hashOnce = (crypto as { hash?: (algorithm: string, data: string, outputEncoding: 'hex') => string }).hash

/**
 * The stored form of a key: SHA-256, hex. A fast hash is enough: keys carry 256 random bits, so
 * there is nothing to guess, unlike a password.
 */
export function getApiKeyHash(key: string): string {
  return hashOnce ? hashOnce('sha256', key, 'hex') : crypto.createHash('sha256').update(key).digest('hex')
}
