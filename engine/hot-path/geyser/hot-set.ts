/**
 * The accounts the geyser stream follows: a bounded LRU of keys (programs, lookup tables, every
 * account a simulation touched). Adding a key is O(1) on the hot path; changes are announced once
 * per `debounceMs`, with the base58 addresses the filter needs (computed once per key, off the hot path).
 *
 * Beside it, a smaller LRU of the keys simulations wrote: the transactions that include them are
 * streamed too (the transaction filter's `account_include`), so the priority-fee window hears what
 * lands on the accounts users simulate, not only DEX and token traffic.
 */
import { LRUCache } from 'lru-cache'
import { type AccountKey, toBase58Address } from '../state/account-key.js'

/** The written keys after a change, and their base58 in the same order. */
export interface HotSetWritten {
  keys: AccountKey[]
  addresses: string[]
}

export interface HotSetOptions {
  maxKeys: number
  /** Written keys kept at most (least recently written out first); each is also a hot key. */
  maxWrittenKeys: number
  /** Changes within this window are sent as one filter update. */
  debounceMs: number
  /** The full lists after a change: keys, and their base58 (as Yellowstone filters want them) in the same order. */
  onChange: (keys: AccountKey[], addresses: string[], written: HotSetWritten) => void
}

export interface HotSet {
  /** Marks `key` as used now; a new key schedules a filter update. */
  add(key: AccountKey): void
  /** Marks `key` as used and written now (it joins both sets); a new key schedules a filter update. */
  addWritten(key: AccountKey): void
  remove(key: AccountKey): void
  has(key: AccountKey): boolean
  hasWritten(key: AccountKey): boolean
  readonly size: number
  readonly writtenSize: number
  /** Filter updates announced so far. */
  readonly updates: number
  /** Cancels a pending update. */
  close(): void
}

/** Base58 is filled in when the change is flushed, not when the key is added; both LRUs share one. */
interface Slot {
  address: string | undefined
}

function toLists(lru: LRUCache<AccountKey, Slot>): HotSetWritten {
  const keys: AccountKey[] = []
  const addresses: string[] = []
  for (const [key, slot] of lru.entries()) {
    slot.address ??= toBase58Address(key)
    keys.push(key)
    addresses.push(slot.address)
  }
  return { keys, addresses }
}

/** Creates an empty hot set. */
export function createHotSet(options: HotSetOptions): HotSet {
  let timer: NodeJS.Timeout | undefined
  let updates = 0
  const lru = new LRUCache<AccountKey, Slot>({
    max: options.maxKeys,
    dispose: () => schedule(),
  })
  const written = new LRUCache<AccountKey, Slot>({
    max: options.maxWrittenKeys,
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
    // Yellowstone replaces a filter whole, so the full lists go out each time; the base58 of
    // each key is computed once, when it is first sent.
    const hot = toLists(lru)
    options.onChange(hot.keys, hot.addresses, toLists(written))
  }

  function add(key: AccountKey): Slot {
    let slot = lru.get(key)
    if (slot !== undefined) return slot
    slot = { address: undefined }
    lru.set(key, slot)
    schedule()
    return slot
  }

  return {
    add,
    addWritten(key) {
      const slot = add(key)
      if (written.get(key) !== undefined) return
      written.set(key, slot)
      schedule()
    },
    remove(key) {
      // dispose schedules the update
      lru.delete(key)
      written.delete(key)
    },
    has: (key) => lru.has(key),
    hasWritten: (key) => written.has(key),
    get size() {
      return lru.size
    },
    get writtenSize() {
      return written.size
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
