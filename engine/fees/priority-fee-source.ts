/**
 * Where a simulate's `priority_fees` come from: while a geyser stream is live, the window of
 * what landed (percentiles over the transactions that wrote the same accounts, or the global
 * window); otherwise the RPC sampler's `getRecentPrioritizationFees` figures.
 *
 * A window query over busy accounts costs tens of microseconds, so answers are kept per set of
 * writable accounts until the window next moves (once a slot): a warm request pays a map lookup.
 */
import type { AccountKey } from '../state/account-key.js'
import type { PriorityFees } from '../simulate/simulate-types.js'
import type { PriorityFeeSampler } from './priority-fee-sampler.js'
import type { PriorityFeeWindow, WindowPriorityFees } from './priority-fee-window.js'

export type SourcedPriorityFees = PriorityFees & { source: 'accounts' | 'global' | 'rpc' }

export interface PriorityFeeSource {
  /** The fees for a transaction whose account `i` is `keys[i]`, writable when `writable[i]`. */
  get(keys: readonly AccountKey[], writable: readonly boolean[]): SourcedPriorityFees
  /** The window moved: answers kept for the previous slot are dropped. */
  invalidate(): void
}

export interface PriorityFeeSourceOptions {
  sampler: PriorityFeeSampler
  /** Absent without a geyser endpoint. */
  window?: PriorityFeeWindow | undefined
  isStreamLive: () => boolean
  /** Answers kept at most between two slots. */
  maxCached?: number
}

const NO_KEYS: readonly AccountKey[] = []

/** Creates the source. */
export function createPriorityFeeSource(options: PriorityFeeSourceOptions): PriorityFeeSource {
  const maxCached = options.maxCached ?? 10_000
  let cached = new Map<string, WindowPriorityFees>()
  let writableKeys: AccountKey[] = []

  return {
    get(keys, writable) {
      const window = options.window
      if (!window || !options.isStreamLive()) return { ...options.sampler.current, source: 'rpc' }
      let cacheKey = ''
      writableKeys.length = 0
      for (let i = 0; i < keys.length; i++) {
        if (!writable[i]) continue
        cacheKey += keys[i] as string
        writableKeys.push(keys[i] as AccountKey)
      }
      let fees = cached.get(cacheKey)
      if (fees === undefined) {
        fees = window.getPriorityFeesByKeys(writableKeys.length === 0 ? NO_KEYS : writableKeys)
        if (cached.size >= maxCached) cached = new Map()
        cached.set(cacheKey, fees)
      }
      return fees
    },
    invalidate() {
      if (cached.size > 0) cached = new Map()
    },
  }
}
