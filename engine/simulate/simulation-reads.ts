/**
 * What one simulation read that can change while the chain stays at one slot, recorded by
 * handing the simulation wrapped dependencies: every account state the cache gave it (the
 * transaction's accounts, lookup tables, programdata, token mints, the mints the rug vector
 * screens), the blockhash status, the Clock, the priority fees, the blacklist's version, the
 * tenant's blocks, pool activity, leader rates, liquidity and symbols. The result cache
 * (result-cache.ts) answers again only while every one of them would still read the same: within
 * a slot accounts do change on mainnet, and a cached answer must never be staler than a fresh one.
 *
 * Not recorded, because they cannot change without a new slot or a restart: the address names,
 * the banned and established token lists, the DEX names, and the SVM's own sysvars and builtins
 * (its Clock follows chain.clock, which is recorded). Recorded only as "still loading" (the
 * answer is then not kept): a symbol whose metadata account was still being read, a mint whose
 * liquidity was not cached yet.
 */
import type { SourcedPriorityFees } from '../fees/priority-fee-source.js'
import type { PoolKey } from '../mev/pool-key.js'
import type { AccountCache } from '../state/account-cache.js'
import type { AccountKey } from '../state/account-key.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { ChainClock, ChainTracker } from '../state/chain-tracker.js'
import type { MintFacts } from '../tokens/mint-facts.js'
import type { MintLiquidity } from '../tokens/pool-liquidity.js'
import type { PoolLiquidityCache } from '../tokens/pool-liquidity-cache.js'
import type { TokenSymbols } from '../tokens/token-symbols.js'
import type { VectorDependencies } from '../vectors/run-detection.js'
import type { LoadedAccounts } from './load-accounts.js'
import type { SimulateDependencies } from './simulate-transaction.js'

export interface SimulationReads {
  /** The chain slot when the simulation started. */
  readonly slot: number
  /** The Clock sysvar object then (the tracker replaces it when it changes). */
  readonly clock: ChainClock | undefined
  /** The latest blockhash, when the simulation swapped it in (replace_recent_blockhash). */
  readonly latestBlockhash: Uint8Array | undefined
  readonly blacklistVersion: number
  /** Every account state handed out, as it was. */
  readonly entries: AccountEntry[]
  /** Their keys, worked out at the first check. */
  entryKeys: AccountKey[] | undefined
  /** Keys looked up and not cached (a mint whose decimals then read null). */
  readonly absent: AccountKey[]
  readonly blockhashes: Array<{ blockhash: Uint8Array; status: 'valid' | 'expired' }>
  priorityFees: { keys: readonly AccountKey[]; writable: readonly boolean[]; answer: SourcedPriorityFees } | undefined
  tenantBlocks: { tenantId: string; blocks: ReadonlySet<AccountKey> } | undefined
  readonly pools: Array<{ pool: PoolKey; activity: unknown }>
  readonly leaderRates: Array<{ slot: number; rate: number | null }>
  readonly liquidity: Array<{ mint: AccountKey; value: MintLiquidity }>
  readonly symbols: Array<{ mint: AccountKey; facts: MintFacts; symbol: string | null }>
  /** What the simulation loaded, so an answer from cache still tells the geyser hot set. */
  loaded: LoadedAccounts | undefined
  /** False when the answer used something still loading, or no Clock was known (the time was the machine's). */
  complete: boolean
}

const ignore = (): void => undefined

function createRecordingCache(cache: AccountCache, reads: SimulationReads): AccountCache {
  const record = (entries: AccountEntry[]): AccountEntry[] => {
    for (let i = 0; i < entries.length; i++) reads.entries.push(entries[i] as AccountEntry)
    return entries
  }
  return {
    getMany(keys, signal) {
      const entries = cache.getMany(keys, signal)
      return entries instanceof Promise ? entries.then(record) : record(entries)
    },
    peek(key) {
      const entry = cache.peek(key)
      if (entry) reads.entries.push(entry)
      else reads.absent.push(key)
      return entry
    },
    put: (entry) => cache.put(entry),
    refreshConfirmedBefore: (keys, beforeMs) => cache.refreshConfirmedBefore(keys, beforeMs),
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

function createRecordingChain(chain: ChainTracker, reads: SimulationReads): ChainTracker {
  // The tracker's getters read its closure, not `this`: everything but the two checks is inherited.
  const recording = Object.create(chain) as ChainTracker
  return Object.assign(recording, {
    getBlockhashStatus(blockhash: Uint8Array) {
      const status = chain.getBlockhashStatus(blockhash)
      // A copy: the bytes are a view into the caller's transaction, which it may reuse.
      if (status !== 'unknown') reads.blockhashes.push({ blockhash: blockhash.slice(), status })
      return status
    },
    checkBlockhash(blockhash: Uint8Array, signal?: AbortSignal) {
      const copy = blockhash.slice()
      return chain.checkBlockhash(blockhash, signal).then((valid) => {
        reads.blockhashes.push({ blockhash: copy, status: valid ? 'valid' : 'expired' })
        return valid
      })
    },
  })
}

function createRecordingSymbols(symbols: TokenSymbols, reads: SimulationReads): TokenSymbols {
  return {
    get(mint, facts, signal) {
      const symbol = symbols.get(mint, facts, signal)
      // Whether it arrives before the deadline is a race: the answer is not kept either way.
      if (symbol instanceof Promise) reads.complete = false
      else reads.symbols.push({ mint, facts, symbol })
      return symbol
    },
  }
}

function createRecordingLiquidity(liquidity: PoolLiquidityCache, reads: SimulationReads): PoolLiquidityCache {
  return {
    get(mint) {
      const value = liquidity.get(mint)
      // Not cached yet: the vector loads it until the deadline, and the next request may know it.
      if (value === undefined) reads.complete = false
      else reads.liquidity.push({ mint, value })
      return value
    },
    load(mint, signal) {
      reads.complete = false
      return liquidity.load(mint, signal)
    },
    get size() {
      return liquidity.size
    },
  }
}

function createRecordingVectors(vectors: VectorDependencies, cache: AccountCache, reads: SimulationReads): VectorDependencies {
  const { getTenantBlocks } = vectors.program
  const { getPoolActivity, getUpcomingLeaderRate } = vectors.mev
  const { liquidity } = vectors.rug
  return {
    ...vectors,
    program: {
      ...vectors.program,
      ...(getTenantBlocks
        ? {
            getTenantBlocks(tenantId: string) {
              const blocks = getTenantBlocks(tenantId)
              if (!(blocks instanceof Promise)) {
                reads.tenantBlocks = { tenantId, blocks }
                return blocks
              }
              return blocks.then((loaded) => {
                reads.tenantBlocks = { tenantId, blocks: loaded }
                return loaded
              })
            },
          }
        : {}),
    },
    rug: {
      ...vectors.rug,
      cache,
      symbols: createRecordingSymbols(vectors.rug.symbols, reads),
      ...(liquidity ? { liquidity: createRecordingLiquidity(liquidity, reads) } : {}),
    },
    mev: {
      ...vectors.mev,
      ...(getPoolActivity
        ? {
            getPoolActivity(pool: PoolKey) {
              const activity = getPoolActivity(pool)
              reads.pools.push({ pool, activity })
              return activity
            },
          }
        : {}),
      ...(getUpcomingLeaderRate
        ? {
            getUpcomingLeaderRate(slot: number) {
              const rate = getUpcomingLeaderRate(slot)
              reads.leaderRates.push({ slot, rate })
              return rate
            },
          }
        : {}),
    },
  }
}

/** Dependencies for one simulation that record what it reads into `reads`. */
export function createSimulationReads(
  deps: SimulateDependencies,
  options: { replaceRecentBlockhash?: boolean | undefined },
): { deps: SimulateDependencies; reads: SimulationReads } {
  const clock = deps.chain.clock
  const reads: SimulationReads = {
    slot: deps.chain.slot,
    clock,
    latestBlockhash: options.replaceRecentBlockhash === true ? deps.chain.latestBlockhash : undefined,
    blacklistVersion: deps.vectors.program.blacklist.version,
    entries: [],
    entryKeys: undefined,
    absent: [],
    blockhashes: [],
    priorityFees: undefined,
    tenantBlocks: undefined,
    pools: [],
    leaderRates: [],
    liquidity: [],
    symbols: [],
    loaded: undefined,
    complete: clock !== undefined,
  }
  const cache = createRecordingCache(deps.cache, reads)
  const recording: SimulateDependencies = {
    ...deps,
    cache,
    chain: createRecordingChain(deps.chain, reads),
    priorityFees: {
      get(keys, writable) {
        const answer = deps.priorityFees.get(keys, writable)
        reads.priorityFees = { keys, writable, answer }
        return answer
      },
      invalidate: () => deps.priorityFees.invalidate(),
    },
    getDecimals(mint) {
      cache.peek(mint) // recorded: the decimals are the mint entry's
      return deps.getDecimals(mint)
    },
    onAccountsUsed(accounts) {
      reads.loaded = accounts
      deps.onAccountsUsed?.(accounts)
    },
    vectors: createRecordingVectors(deps.vectors, cache, reads),
  }
  return { deps: recording, reads }
}

function isSameFees(a: SourcedPriorityFees, b: SourcedPriorityFees): boolean {
  if (a === b) return true
  const x = a.fees
  const y = b.fees
  return (
    a.source === b.source && x.low === y.low && x.medium === y.medium && x.high === y.high && x.very_high === y.very_high && x.samples === y.samples
  )
}

function isSameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === b) return true
  return a !== undefined && b !== undefined && Buffer.compare(a, b) === 0
}

/**
 * Whether everything `reads` recorded would read the same now. With `asRead`, the accounts are
 * read as a simulation reads them (LRU recency, background refresh of stale entries), so an
 * answer served from cache keeps the account cache as fresh as a simulation would; without it
 * they are only peeked at.
 */
export function isSimulationCurrent(reads: SimulationReads, deps: SimulateDependencies, asRead: boolean): boolean {
  const { chain } = deps
  if (chain.slot !== reads.slot || chain.clock !== reads.clock) return false
  if (deps.vectors.program.blacklist.version !== reads.blacklistVersion) return false
  if (reads.latestBlockhash !== undefined && !isSameBytes(chain.latestBlockhash, reads.latestBlockhash)) return false
  for (const { blockhash, status } of reads.blockhashes) if (chain.getBlockhashStatus(blockhash) !== status) return false
  for (let i = 0; i < reads.absent.length; i++) if (deps.cache.peek(reads.absent[i] as AccountKey) !== undefined) return false
  const fees = reads.priorityFees
  if (fees && !isSameFees(deps.priorityFees.get(fees.keys, fees.writable), fees.answer)) return false
  const { mev, rug, program } = deps.vectors
  for (const { pool, activity } of reads.pools) if (mev.getPoolActivity?.(pool) !== activity) return false
  for (const { slot, rate } of reads.leaderRates) if (mev.getUpcomingLeaderRate?.(slot) !== rate) return false
  for (const { mint, value } of reads.liquidity) if (rug.liquidity?.get(mint) !== value) return false
  for (const { mint, facts, symbol } of reads.symbols) {
    const now = rug.symbols.get(mint, facts)
    if (now instanceof Promise) {
      now.catch(ignore) // the simulation that follows shares the read
      return false
    }
    if (now !== symbol) return false
  }
  if (reads.tenantBlocks && program.getTenantBlocks) {
    const blocks = program.getTenantBlocks(reads.tenantBlocks.tenantId)
    if (blocks instanceof Promise) {
      blocks.catch(ignore)
      return false
    }
    if (blocks !== reads.tenantBlocks.blocks) return false
  }
  if (!asRead) return isSameAccountsPeeked(reads.entries, deps.cache)
  reads.entryKeys ??= reads.entries.map((entry) => entry.key)
  return isSameAccountsRead(reads.entries, reads.entryKeys, deps.cache)
}

// The version changes exactly when the content does (account-cache.ts), whatever the source of the write.
function isSameAccountsPeeked(entries: readonly AccountEntry[], cache: AccountCache): boolean {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as AccountEntry
    if (cache.peek(entry.key)?.version !== entry.version) return false
  }
  return true
}

function isSameAccountsRead(entries: readonly AccountEntry[], keys: readonly AccountKey[], cache: AccountCache): boolean {
  const now = cache.getMany(keys)
  if (now instanceof Promise) {
    now.catch(ignore) // an entry left the cache: the simulation that follows shares the fetch
    return false
  }
  for (let i = 0; i < entries.length; i++) if ((now[i] as AccountEntry).version !== (entries[i] as AccountEntry).version) return false
  return true
}
