/**
 * The engine's result cache (simulations are idempotent, so an answer may be reused). A request
 * seen again (the same wire bytes and the same options once parsed, so two spellings of one request
 * are one: request-identity.ts) is simulated once more with its reads recorded and its answer kept;
 * from then on it is answered from cache while the chain is at the slot the answer was computed at
 * and nothing the simulation read has changed since (simulation-reads.ts: account versions, the
 * blockhash status, fees, blocks, pools, liquidity, ...). Only complete answers are kept: none with
 * `timed_out_vectors`, none that used something still loading, no errors. An LRU of `maxEntries`;
 * the entries of a past slot are dropped as soon as the slot moves, since they can never answer
 * again.
 *
 * Why not keep every answer: nearly every real transaction is simulated once, and a kept answer
 * (with its recorded reads) is old-generation garbage a slot later, which is what sets the p99
 * through GC pauses. A request seen for the first time costs a hash, a map lookup and one slot
 * of a fixed table, and is simulated as without the cache.
 */
import { elapsedMs } from '../../../lib/elapsed-ms.js'
import { performance } from 'node:perf_hooks'
import { LRUCache } from 'lru-cache'
import type { ParsedSimulateOptions } from './simulate-options.js'
import { getRequestHash, isSameRequest, toRequestIdentity, type RequestIdentity } from './request-identity.js'
import { simulateTransaction, type SimulateDependencies } from './simulate-transaction.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { createReadRecorder, type ReadRecorder } from './read-recorder.js'
import { isSimulationCurrent, type SimulationReads } from './simulation-reads.js'

export interface ResultCacheOptions {
  /** Answers kept at most; 0 turns the cache off (every request simulates). */
  maxEntries: number
  deps: SimulateDependencies
  /** What answers a miss (simulateTransaction). */
  simulate?: (deps: SimulateDependencies, bytes: Uint8Array, options: ParsedSimulateOptions) => Promise<SimulateResponse>
  /** The hash requests are found by (getRequestHash); tests give a poor one to make requests collide. */
  getHash?: (bytes: Uint8Array, options: ParsedSimulateOptions) => number
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
  request: RequestIdentity
  /** A copy of the answer the caller that stored it got: callers may change theirs. */
  response: SimulateResponse
  reads: SimulationReads
}

const MIN_SEEN_SLOTS = 4096
/** Recorders kept for reuse; more run only while that many recorded simulations are under way. */
const MAX_IDLE_RECORDERS = 8

/**
 * Remembers which hashes were seen, lossily and in fixed memory: one slot per hash's low bits, a
 * newer hash overwriting an older one. A false "not seen" delays an answer's storing by one
 * request; a false "seen" (a 53-bit collision) records one simulation for nothing.
 */
function createSeenHashes(maxEntries: number): (hash: number) => boolean {
  let size = MIN_SEEN_SLOTS
  while (size < 2 * maxEntries) size *= 2
  const slots = new Float64Array(size)
  const mask = size - 1
  return (hash) => {
    const slot = hash & mask
    if (slots[slot] === hash) return true
    slots[slot] = hash
    return false
  }
}

function isComplete(response: SimulateResponse, reads: SimulationReads): boolean {
  return reads.complete && response.timed_out_vectors.length === 0 && response.context_slot === reads.slot
}

/** Creates the result cache in front of `deps`' simulation. */
export function createResultCache(options: ResultCacheOptions): ResultCache {
  const { deps, maxEntries } = options
  const simulate = options.simulate ?? simulateTransaction
  const getHash = options.getHash ?? getRequestHash
  const lru = new LRUCache<number, Entry>({ max: Math.max(1, maxEntries) })
  const wasSeen = createSeenHashes(maxEntries)
  const stats: ResultCacheStats = { hits: 0, misses: 0, stored: 0, stale: 0 }
  const idleRecorders: ReadRecorder[] = []
  let currentSlot = -1

  async function simulateRecorded(bytes: Uint8Array, parsed: ParsedSimulateOptions, hash: number): Promise<SimulateResponse> {
    const recorder = idleRecorders.pop() ?? createReadRecorder(deps)
    try {
      const reads = recorder.start(parsed)
      const response = await simulate(recorder.deps, bytes, parsed)
      // Checked again now: what changed while it ran may have reached it half-way.
      if (isComplete(response, reads) && deps.chain.slot === currentSlot && isSimulationCurrent(reads, deps, false)) {
        recorder.keep()
        lru.set(hash, { request: toRequestIdentity(bytes, parsed), response: { ...response }, reads })
        stats.stored++
      }
      return response
    } finally {
      if (idleRecorders.length < MAX_IDLE_RECORDERS) idleRecorders.push(recorder)
    }
  }

  return {
    async simulate(bytes, parsed) {
      if (maxEntries === 0) return simulate(deps, bytes, parsed)
      const startedAt = performance.now()
      const slot = deps.chain.slot
      if (slot !== currentSlot) {
        if (lru.size > 0) lru.clear()
        currentSlot = slot
      }
      const hash = getHash(bytes, parsed)
      const entry = lru.get(hash)
      if (entry !== undefined && isSameRequest(entry.request, bytes, parsed)) {
        if (isSimulationCurrent(entry.reads, deps, true)) {
          if (entry.reads.loaded) deps.onAccountsUsed?.(entry.reads.loaded)
          stats.hits++
          return { ...entry.response, cached: true, latency_ms: elapsedMs(startedAt) }
        }
        stats.stale++
        lru.delete(hash)
      }
      stats.misses++
      // An entry (even another request's, under a colliding hash) means the hash was seen.
      if (entry === undefined && !wasSeen(hash)) return simulate(deps, bytes, parsed)
      return simulateRecorded(bytes, parsed, hash)
    },
    get size() {
      return lru.size
    },
    stats,
  }
}
