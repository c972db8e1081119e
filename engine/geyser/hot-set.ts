/**
 * The accounts the geyser stream follows: a bounded LRU of keys (programs, lookup tables, every
 * account a simulation touched). Adding a key is O(1) on the hot path; changes are announced once
 * per `debounceMs`, with the base58 addresses the filter needs (computed once per key, off the hot path).
 */
import { LRUCache } from 'lru-cache'
import { type AccountKey, toBase58Address } from '../state/account-key.js'

export interface HotSetOptions {
  maxKeys: number
  /** Changes within this window are sent as one filter update. */
  debounceMs: number
  /** The full list after a change: keys, and their base58 (as Yellowstone filters want them) in the same order. */
  onChange: (keys: AccountKey[], addresses: string[]) => void
}

export interface HotSet {
  /** Marks `key` as used now; a new key schedules a filter update. */
  add(key: AccountKey): void
  remove(key: AccountKey): void
  has(key: AccountKey): boolean
  readonly size: number
  /** Filter updates announced so far. */
  readonly updates: number
  /** Cancels a pending update. */
  close(): void
}

/** Base58 is filled in when the change is flushed, not when the key is added. */
interface Slot {
  address: string | undefined
}

/** Creates an empty hot set. */
export function createHotSet(options: HotSetOptions): HotSet {
  let timer: NodeJS.Timeout | undefined
  let updates = 0
  const lru = new LRUCache<AccountKey, Slot>({
    max: options.maxKeys,
    dispose: () => schedule(),
  })

  function schedule(): void {
    if (timer) return
    timer = setTimeout(flush, options.debounceMs)
    timer.unref()
  }

  function flush(): void {
    timer = undefined
    updates++
    // Yellowstone replaces a filter whole, so the full list goes out each time; the base58 of
    // each key is computed once, when it is first sent.
    const keys: AccountKey[] = []
    const addresses: string[] = []
    for (const [key, slot] of lru.entries()) {
      slot.address ??= toBase58Address(key)
      keys.push(key)
      addresses.push(slot.address)
    }
    options.onChange(keys, addresses)
  }

  return {
    add(key) {
      if (lru.get(key) !== undefined) return
      lru.set(key, { address: undefined })
      schedule()
    },
    remove(key) {
      lru.delete(key) // dispose schedules the update
    },
    has: (key) => lru.has(key),
    get size() {
      return lru.size
    },
    get updates() {
      return updates
    },
    close() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
