/**
 * The engine's result cache (SPEC §1.8: simulations may be cached). An identical request (the
 * same wire bytes and the same options once parsed, so two spellings of one request share an
 * entry) is answered from cache while the chain is at the slot the answer was computed at and
 * nothing the simulation read has changed since (simulation-reads.ts: account versions, the
 * blockhash status, fees, blocks, pools, liquidity, ...). Only complete answers are kept: none
 * with `timed_out_vectors`, none that used something still loading, no errors. An LRU of
 * `maxEntries`; the entries of a past slot are dropped as soon as the slot moves, since they can
 * never answer again.
 */
import { performance } from 'node:perf_hooks'
import { LRUCache } from 'lru-cache'
import type { Policy } from '../policy/policy.js'
import { MAX_TIMEOUT_MS, type ParsedSimulateOptions } from './simulate-options.js'
import { simulateTransaction, type SimulateDependencies } from './simulate-transaction.js'
import { VECTORS, type SimulateResponse } from './simulate-types.js'
import { createSimulationReads, isSimulationCurrent, type SimulationReads } from './simulation-reads.js'

export interface ResultCacheOptions {
  /** Answers kept at most; 0 turns the cache off (every request simulates). */
  maxEntries: number
  deps: SimulateDependencies
  /** What answers a miss (simulateTransaction). */
  simulate?: (deps: SimulateDependencies, bytes: Uint8Array, options: ParsedSimulateOptions) => Promise<SimulateResponse>
}

export interface ResultCacheStats {
  hits: number
  misses: number
  /** Answers kept. */
  stored: number
  /** Entries found for the request whose reads had changed since. */
  stale: number
}

export interface ResultCache {
  /** The answer to one parsed request: from cache when it is still what a simulation would say, else simulated. */
  simulate(bytes: Uint8Array, options: ParsedSimulateOptions): Promise<SimulateResponse>
  readonly size: number
  readonly stats: Readonly<ResultCacheStats>
}

interface Entry {
  /** A copy of the answer the first caller got: callers may change theirs. */
  response: SimulateResponse
  reads: SimulationReads
}

/** The policy's JSON with sorted keys; presets and the default are one object each, so theirs is worked out once. */
const policyKeys = new WeakMap<Readonly<Policy>, string>()
function getPolicyKey(policy: Readonly<Policy>): string {
  let key = policyKeys.get(policy)
  if (key === undefined) {
    const sorted: Record<string, unknown> = {}
    for (const field of Object.keys(policy).sort()) sorted[field] = policy[field as keyof Policy]
    key = JSON.stringify(sorted)
    policyKeys.set(policy, key)
  }
  return key
}

const ALL_VECTORS = [...VECTORS].sort().join(',')

/** The cache key of a request at `slot`: what makes two requests the same request. */
export function getRequestKey(bytes: Uint8Array, options: ParsedSimulateOptions, slot: number): string {
  // Vectors are a set (absent: all of them); the default timeout is the maximum.
  const vectors = options.vectors ? [...new Set(options.vectors)].sort().join(',') : ALL_VECTORS
  const timeoutMs = options.timeoutMs ?? MAX_TIMEOUT_MS
  const replace = options.replaceRecentBlockhash === true ? 1 : 0
  const transaction = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return `${slot}|${vectors}|${timeoutMs}|${replace}|${options.tenantId ?? ''}|${getPolicyKey(options.policy)}|${transaction}`
}

function isComplete(response: SimulateResponse, reads: SimulationReads): boolean {
  return reads.complete && response.timed_out_vectors.length === 0 && response.context_slot === reads.slot
}

/** Creates the result cache in front of `deps`' simulation. */
export function createResultCache(options: ResultCacheOptions): ResultCache {
  const { deps, maxEntries } = options
  const simulate = options.simulate ?? simulateTransaction
  const lru = new LRUCache<string, Entry>({ max: Math.max(1, maxEntries) })
  const stats: ResultCacheStats = { hits: 0, misses: 0, stored: 0, stale: 0 }
  let currentSlot = -1

  function getFresh(key: string, startedAt: number): SimulateResponse | undefined {
    const entry = lru.get(key)
    if (!entry) return undefined
    if (!isSimulationCurrent(entry.reads, deps, true)) {
      stats.stale++
      lru.delete(key)
      return undefined
    }
    if (entry.reads.loaded) deps.onAccountsUsed?.(entry.reads.loaded)
    stats.hits++
    return { ...entry.response, cached: true, latency_ms: Math.round((performance.now() - startedAt) * 1000) / 1000 }
  }

  return {
    async simulate(bytes, parsed) {
      if (maxEntries === 0) return simulate(deps, bytes, parsed)
      const startedAt = performance.now()
      const slot = deps.chain.slot
      if (slot !== currentSlot) {
        lru.clear()
        currentSlot = slot
      }
      const key = getRequestKey(bytes, parsed, slot)
      const hit = getFresh(key, startedAt)
      if (hit) return hit
      stats.misses++
      const recording = createSimulationReads(deps, parsed)
      const response = await simulate(recording.deps, bytes, parsed)
      // Checked again now: what changed while it ran may have reached it half-way.
      if (isComplete(response, recording.reads) && deps.chain.slot === currentSlot && isSimulationCurrent(recording.reads, deps, false)) {
        lru.set(key, { response: { ...response }, reads: recording.reads })
        stats.stored++
      }
      return response
    },
    get size() {
      return lru.size
    },
    stats,
  }
}
