/**
 * Whether a key can only be moved by a program: an address off the ed25519 curve (a PDA) has no
 * private key, so only the program that derived it signs for it. Decompressing a point costs tens
 * of microseconds, so answers are kept.
 */
import { isOffCurveAddress, type Address } from '@solana/kit'
import { LRUCache } from 'lru-cache'
import { type AccountKey, toBase58Address } from './account-key.js'

const answers = new LRUCache<AccountKey, boolean>({ max: 50_000 })

/** Whether `key` is off the curve (program-controlled). */
export function isProgramControlled(key: AccountKey): boolean {
  let answer = answers.get(key)
  if (answer === undefined) {
    answer = isOffCurveAddress(toBase58Address(key) as Address)
    answers.set(key, answer)
  }
  return answer
}
