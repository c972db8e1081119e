/**
 * Base58 names of raw keys for responses, cached: the same wallets and programs recur, and an
 * encode costs tens of microseconds where a cache hit costs a fraction of one.
 */
import { LRUCache } from 'lru-cache'
import { type AccountKey, toBase58Address } from './account-key.js'

export type AddressNamer = (key: AccountKey) => string

/** Creates a namer caching up to `maxEntries` names. */
export function createAddressNamer(maxEntries: number): AddressNamer {
  const names = new LRUCache<AccountKey, string>({ max: maxEntries })
  return (key) => {
    let name = names.get(key)
    if (name === undefined) {
      name = toBase58Address(key)
      names.set(key, name)
    }
    return name
  }
}
