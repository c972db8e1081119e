/**
 * Priority-fee percentiles from `getRecentPrioritizationFees`, refreshed in the background and
 * read synchronously on the request path (never awaited there). The fallback of the geyser
 * stream's fee window: it does not poll while `isPaused` (a stream is live).
 */
import type { Logger } from '../../../lib/logger.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import type { PriorityFees } from '../../contract/simulate-response.js'

export interface PriorityFeeSampler {
  /** The latest percentiles (all zero with `samples: 0` before the first answer). */
  readonly current: PriorityFees
  refresh(): Promise<void>
  start(): void
  stop(): void
}

/** Nearest-rank percentile of an ascending array. */
export function getPercentile(sorted: readonly number[], percentile: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((percentile / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number
}

/** The response's `priority_fees` from per-slot fee samples (micro-lamports per CU). */
export function getPriorityFees(fees: readonly number[]): PriorityFees {
  const sorted = [...fees].sort((a, b) => a - b)
  return {
    low: getPercentile(sorted, 25),
    medium: getPercentile(sorted, 50),
    high: getPercentile(sorted, 75),
    very_high: getPercentile(sorted, 95),
    samples: sorted.length,
  }
}

/** Creates a sampler polling every `refreshMs`. */
export function createPriorityFeeSampler(options: {
  rpc: JsonRpcClient
  refreshMs: number
  logger: Logger
  isPaused?: () => boolean
}): PriorityFeeSampler {
  let current: PriorityFees = { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }
  let timer: NodeJS.Timeout | undefined

  async function refresh(): Promise<void> {
    const result = await options.rpc.call<Array<{ slot: number; prioritizationFee: number }>>('getRecentPrioritizationFees', [])
    current = getPriorityFees(result.map((sample) => sample.prioritizationFee))
  }

  return {
    get current() {
      return current
    },
    refresh,
    start() {
      if (timer) return
      timer = setInterval(() => {
        if (options.isPaused?.()) return
        refresh().catch((error: unknown) => options.logger.warn({ err: error }, 'priority fee refresh failed'))
      }, options.refreshMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
