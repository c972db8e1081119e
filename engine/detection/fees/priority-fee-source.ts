/**
 * Where a simulate's `priority_fees` come from: while a geyser stream is live, the window of
 * what landed (percentiles over the transactions that wrote the same accounts, or the global
 * window); otherwise the RPC sampler's `getRecentPrioritizationFees` figures.
 *
 * A window query over busy accounts costs tens of microseconds, so answers are kept per set of
 * writable accounts until the window next moves (once a slot): a warm request pays a map lookup.
 */
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { PriorityFees } from '../../contract/simulate-response.js'
import type { PriorityFeeSampler } from './priority-fee-sampler.js'
import type { PriorityFeeWindow, WindowPriorityFees } from '../../hot-path/geyser/priority-fee-window.js'

/** The figures as the response carries them (frozen: one object serves many responses), and where they came from. */
export interface SourcedPriorityFees {
  readonly fees: Readonly<PriorityFees>
  readonly source: 'accounts' | 'global' | 'rpc'
}

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

function toAnswer({ source, low, medium, high, very_high, samples }: WindowPriorityFees): SourcedPriorityFees {
  return { fees: Object.freeze({ low, medium, high, very_high, samples }), source }
}

/** Creates the source. */
export function createPriorityFeeSource(options: PriorityFeeSourceOptions): PriorityFeeSource {
  const maxCached = options.maxCached ?? 10_000
  let cached = new Map<string, SourcedPriorityFees>()
  const writableKeys: AccountKey[] = []
  let sampled: PriorityFees | undefined
  let sampledAnswer: SourcedPriorityFees | undefined

  function fromSampler(): SourcedPriorityFees {
    const current = options.sampler.current
    if (current !== sampled || !sampledAnswer) {
      sampled = current
      sampledAnswer = { fees: Object.freeze({ ...current }), source: 'rpc' }
    }
    return sampledAnswer
  }

  return {
    get(keys, writable) {
      const window = options.window
      if (!window || !options.isStreamLive()) return fromSampler()
      let cacheKey = ''
      writableKeys.length = 0
      for (let i = 0; i < keys.length; i++) {
        if (!writable[i]) continue
        cacheKey += keys[i] as string
        writableKeys.push(keys[i] as AccountKey)
      }
      let answer = cached.get(cacheKey)
      if (answer === undefined) {
        answer = toAnswer(window.getPriorityFeesByKeys(writableKeys.length === 0 ? NO_KEYS : writableKeys))
        if (cached.size >= maxCached) cached = new Map()
        cached.set(cacheKey, answer)
      }
      return answer
    },
    invalidate() {
      if (cached.size > 0) cached = new Map()
    },
  }
}
