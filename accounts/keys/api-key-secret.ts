/**
 * API-key secrets: `pf_live_` and 32 random bytes in base58 (no look-alike characters, one word
 * to double-click). The cleartext is handed out once; the store keeps its SHA-256 only.
 */
import { randomBytes } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { API_KEY_PREFIX, getApiKeyHash } from '../../lib/api-key.js'

export interface ApiKeySecret {
  /** The cleartext key. */
  key: string
  /** SHA-256 of `key`, hex: what the edge presents to authenticate it. */
  keyHash: string
  prefix: string
  lastFour: string
}

const base58 = getBase58Decoder()

/** A new random key with what the store keeps of it. */
export function createApiKeySecret(): ApiKeySecret {
  const key = API_KEY_PREFIX + base58.decode(randomBytes(32))
  return { key, keyHash: getApiKeyHash(key), prefix: API_KEY_PREFIX, lastFour: key.slice(-4) }
}
