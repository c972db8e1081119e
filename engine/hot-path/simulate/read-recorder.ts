/**
 * Records what a simulation reads (simulation-reads.ts) through dependencies that wrap the
 * engine's. They are made once per recorder, not per simulation: a recorder serves one simulation
 * at a time and is then reused, so a recorded simulation allocates its records and nothing else.
 *
 * The wrappers record into whichever reads are current. A vector left running past its deadline
 * may therefore record into a later simulation's reads; every record only adds something to
 * check (nothing is overwritten), so a stray one can cost that answer its keeping or its reuse,
 * never make it stale.
 */
import type { AccountCache } from '../state/account-cache.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { ChainTracker } from '../state/chain-tracker.js'
import type { PoolLiquidityCache } from '../../detection/tokens/pool-liquidity-cache.js'
import type { TokenSymbols } from '../../detection/tokens/token-symbols.js'
import type { CounterpartyHistory } from '../../detection/wallets/counterparty-history.js'
import type { ReadSources } from '../../detection/vectors/read-sources.js'
import { createDetector } from '../../detection/vectors/run-detection.js'
import type { SimulateDependencies } from './simulate-transaction.js'
import type { SimulationReads } from './simulation-reads.js'

/** Records the reads of one simulation at a time, through dependencies made once. */
export interface ReadRecorder {
  /** The dependencies to simulate with: they record into the current reads. */
  readonly deps: SimulateDependencies
  /** Starts recording a simulation about to run; the reads are reused by the next `start` unless kept. */
  start(options: { replaceRecentBlockhash?: boolean | undefined }): SimulationReads
  /** Leaves the current reads to the caller for good (the next simulation records into new ones). */
  keep(): void
}

/** The reads being recorded, shared by the wrappers of one recorder. */
interface Recording {
  reads: SimulationReads
}

function createReads(): SimulationReads {
  return {
    slot: -1,
    clock: undefined,
    latestBlockhash: undefined,
    blacklistVersion: 0,
    keys: [],
    versions: [],
    absent: [],
    blockhashes: [],
    priorityFees: [],
    tenantBlocks: [],
    pools: [],
    leaderRates: [],
    liquidity: [],
    symbols: [],
    counterparties: [],
    loaded: undefined,
    complete: false,
  }
}

// Only the arrays used: setting the length of an empty array is not free.
function clear(list: unknown[]): void {
  if (list.length !== 0) list.length = 0
}

function clearReads(reads: SimulationReads): void {
  clear(reads.keys)
  clear(reads.versions)
  clear(reads.absent)
  clear(reads.blockhashes)
  clear(reads.priorityFees)
  clear(reads.tenantBlocks)
  clear(reads.pools)
  clear(reads.leaderRates)
  clear(reads.liquidity)
  clear(reads.symbols)
  clear(reads.counterparties)
  reads.loaded = undefined
}

function recordEntry(reads: SimulationReads, entry: AccountEntry): void {
  reads.keys.push(entry.key)
  reads.versions.push(entry.version)
}

function createRecordingCache(cache: AccountCache, recording: Recording): AccountCache {
  const record = (entries: AccountEntry[]): AccountEntry[] => {
    const { reads } = recording
    for (let i = 0; i < entries.length; i++) recordEntry(reads, entries[i] as AccountEntry)
    return entries
  }
  return {
    getMany(keys, signal) {
      const entries = cache.getMany(keys, signal)
      return entries instanceof Promise ? entries.then(record) : record(entries)
    },
    peek(key) {
      const entry = cache.peek(key)
      if (entry) recordEntry(recording.reads, entry)
      else recording.reads.absent.push(key)
      return entry
    },
    put: (entry) => cache.put(entry),
    refreshConfirmedBefore: (keys, beforeMs) => cache.refreshConfirmedBefore(keys, beforeMs),
    forgetSlot: (slot) => cache.forgetSlot(slot),
    get stats() {
      return cache.stats
    },
    get sizeBytes() {
      return cache.sizeBytes
    },
    get size() {
      return cache.size
    },
  }
}

function createRecordingChain(chain: ChainTracker, recording: Recording): ChainTracker {
  // The tracker's getters read its closure, not `this`: everything but the two checks is inherited.
  const recordingChain = Object.create(chain) as ChainTracker
  return Object.assign(recordingChain, {
    getBlockhashStatus(blockhash: Uint8Array) {
      const status = chain.getBlockhashStatus(blockhash)
      // A copy (from Buffer's pool, cheaper than an ArrayBuffer of its own): the bytes are a view into the caller's transaction.
      if (status !== 'unknown') recording.reads.blockhashes.push({ blockhash: Buffer.from(blockhash), status })
      return status
    },
    checkBlockhash(blockhash: Uint8Array, options?: { maxStreamWaitMs?: number; signal?: AbortSignal }) {
      const copy = Buffer.from(blockhash)
      return chain.checkBlockhash(blockhash, options).then((valid) => {
        recording.reads.blockhashes.push({ blockhash: copy, status: valid ? 'valid' : 'expired' })
        return valid
      })
    },
  })
}

function createRecordingSymbols(symbols: TokenSymbols, recording: Recording): TokenSymbols {
  return {
    get(mint, facts, signal) {
      const symbol = symbols.get(mint, facts, signal)
      // Whether it arrives before the deadline is a race: the answer is not kept either way.
      if (symbol instanceof Promise) recording.reads.complete = false
      else recording.reads.symbols.push({ mint, facts, symbol })
      return symbol
    },
  }
}

function createRecordingLiquidity(liquidity: PoolLiquidityCache, recording: Recording): PoolLiquidityCache {
  return {
    get(mint) {
      const value = liquidity.get(mint)
      // Not cached yet: the vector loads it until the deadline, and the next request may know it.
      if (value === undefined) recording.reads.complete = false
      else recording.reads.liquidity.push({ mint, value })
      return value
    },
    load(mint, signal) {
      recording.reads.complete = false
      return liquidity.load(mint, signal)
    },
    get size() {
      return liquidity.size
    },
  }
}

function createRecordingCounterparties(history: CounterpartyHistory, recording: Recording): CounterpartyHistory {
  return {
    get(wallet) {
      const value = history.get(wallet)
      // Not known yet: the vector reads it until the deadline, and the next request may know it.
      if (value === undefined) recording.reads.complete = false
      else recording.reads.counterparties.push({ wallet, value })
      return value
    },
    load(wallet) {
      recording.reads.complete = false
      return history.load(wallet)
    },
  }
}

/**
 * The read sources a recorded simulation's vectors use. Every source is named here (the type has
 * no optional keys): one that can change is wrapped to record what was read, one that cannot is
 * passed through with the reason — a source added to ReadSources does not compile until it is one
 * or the other, so the result cache cannot miss a read by omission.
 */
function createRecordingSources(sources: ReadSources, cache: AccountCache, recording: Recording): ReadSources {
  const { tenantBlocks, poolActivity, upcomingLeaderRate, poolLiquidity, counterparties } = sources
  return {
    // The recording cache: every entry handed out is recorded with its version.
    accounts: cache,
    // Recorded by its version when the recording starts.
    programBlacklist: sources.programBlacklist,
    tenantBlocks: tenantBlocks
      ? (tenantId) => {
          const blocks = tenantBlocks(tenantId)
          if (!(blocks instanceof Promise)) {
            recording.reads.tenantBlocks.push({ tenantId, blocks })
            return blocks
          }
          return blocks.then((loaded) => {
            recording.reads.tenantBlocks.push({ tenantId, blocks: loaded })
            return loaded
          })
        }
      : undefined,
    poolActivity: poolActivity
      ? (pool) => {
          const activity = poolActivity(pool)
          recording.reads.pools.push({ pool, activity })
          return activity
        }
      : undefined,
    upcomingLeaderRate: upcomingLeaderRate
      ? (slot) => {
          const rate = upcomingLeaderRate(slot)
          recording.reads.leaderRates.push({ slot, rate })
          return rate
        }
      : undefined,
    tokenSymbols: createRecordingSymbols(sources.tokenSymbols, recording),
    poolLiquidity: poolLiquidity ? createRecordingLiquidity(poolLiquidity, recording) : undefined,
    counterparties: counterparties ? createRecordingCounterparties(counterparties, recording) : undefined,
    // Shipped lists: fixed while the process runs.
    bannedTokens: sources.bannedTokens,
    establishedMints: sources.establishedMints,
  }
}

/** Creates a recorder of what simulations over `deps` read. */
export function createReadRecorder(deps: SimulateDependencies): ReadRecorder {
  const recording: Recording = { reads: createReads() }
  const { onAccountsUsed } = deps
  const cache = createRecordingCache(deps.cache, recording)
  const recordingSources = createRecordingSources(deps.sources, cache, recording)
  const recordingDeps: SimulateDependencies = {
    ...deps,
    cache,
    chain: createRecordingChain(deps.chain, recording),
    priorityFees: {
      get(keys, writable) {
        const answer = deps.priorityFees.get(keys, writable)
        recording.reads.priorityFees.push({ keys, writable, answer })
        return answer
      },
      invalidate: () => deps.priorityFees.invalidate(),
    },
    getDecimals(mint) {
      cache.peek(mint) // recorded: the decimals are the mint entry's
      return deps.getDecimals(mint)
    },
    // Recorded only when there is someone to tell (the geyser hot set): a kept `loaded` holds the accounts' data alive.
    onAccountsUsed: onAccountsUsed
      ? (accounts) => {
          recording.reads.loaded = accounts
          onAccountsUsed(accounts)
        }
      : undefined,
    sources: recordingSources,
    detector: createDetector(recordingSources, deps.logger),
  }
  return {
    deps: recordingDeps,
    start(options) {
      const { reads } = recording
      clearReads(reads)
      const { chain } = deps
      reads.slot = chain.slot
      reads.clock = chain.clock
      reads.latestBlockhash = options.replaceRecentBlockhash === true ? chain.latestBlockhash : undefined
      reads.blacklistVersion = deps.sources.programBlacklist.version
      reads.complete = reads.clock !== undefined
      return reads
    },
    keep() {
      recording.reads = createReads()
    },
  }
}
