/**
 * What one simulation read that can change while the chain stays at one slot: every account
 * version the cache gave it (the transaction's accounts, lookup tables, programdata, token mints,
 * the mints the rug vector screens), the blockhash status, the Clock, the priority fees, the
 * blacklist's version, the tenant's blocks, pool activity, leader rates, liquidity, symbols and wallet histories
 * (recorded by read-recorder.ts). The result cache (result-cache.ts) answers again only while
 * every one of them would still read the same: within a slot accounts do change on mainnet, and a
 * cached answer must never be staler than a fresh one.
 *
 * Not recorded, because they cannot change without a new slot or a restart: the address names,
 * the banned and established token lists, the DEX names, and the SVM's own sysvars and builtins
 * (its Clock follows chain.clock, which is recorded). Recorded only as "still loading" (the
 * answer is then not kept): a symbol whose metadata account was still being read, a mint whose
 * liquidity was not cached yet.
 */
import type { SourcedPriorityFees } from '../../detection/fees/priority-fee-source.js'
import type { PoolKey } from '../../detection/mev/pool-key.js'
import type { AccountCache } from '../state/account-cache.js'
import type { AccountKey } from '../state/account-key.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { ChainClock } from '../state/chain-tracker.js'
import type { MintFacts } from '../../detection/tokens/mint-facts.js'
import type { MintLiquidity } from '../../detection/tokens/pool-liquidity.js'
import type { Counterparties } from '../../detection/wallets/counterparty-history.js'
import type { LoadedAccounts } from '../svm/load-accounts.js'
import type { SimulateDependencies } from './simulate-transaction.js'

/** What one simulation read, to tell later whether it would still read the same; records are only ever added. */
export interface SimulationReads {
  /** The chain slot when the simulation started. */
  slot: number
  /** The Clock sysvar object then (the tracker replaces it when it changes). */
  clock: ChainClock | undefined
  /** The latest blockhash, when the simulation swapped it in (replace_recent_blockhash). */
  latestBlockhash: Uint8Array | undefined
  blacklistVersion: number
  /** Every account handed out, and the version it had (not the entry: an old one holds its data alive). */
  readonly keys: AccountKey[]
  readonly versions: number[]
  /** Keys looked up and not cached (a mint whose decimals then read null). */
  readonly absent: AccountKey[]
  readonly blockhashes: Array<{ blockhash: Uint8Array; status: 'valid' | 'expired' }>
  readonly priorityFees: Array<{ keys: readonly AccountKey[]; writable: readonly boolean[]; answer: SourcedPriorityFees }>
  readonly tenantBlocks: Array<{ tenantId: string; blocks: ReadonlySet<AccountKey> }>
  readonly pools: Array<{ pool: PoolKey; activity: unknown }>
  readonly leaderRates: Array<{ slot: number; rate: number | null }>
  readonly liquidity: Array<{ mint: AccountKey; value: MintLiquidity }>
  readonly symbols: Array<{ mint: AccountKey; facts: MintFacts; symbol: string | null }>
  /** The wallet histories the drain analysis used (a history is replaced, never changed, when read again). */
  readonly counterparties: Array<{ wallet: AccountKey; value: Counterparties }>
  /** What the simulation loaded, so an answer from cache still tells the geyser hot set (recorded only with one). */
  loaded: LoadedAccounts | undefined
  /** False when the answer used something still loading, or no Clock was known (the time was the machine's). */
  complete: boolean
}

const ignore = (): void => undefined

function isSameFees(a: SourcedPriorityFees, b: SourcedPriorityFees): boolean {
  if (a === b) return true
  const x = a.fees
  const y = b.fees
  return (
    a.source === b.source &&
    x.low === y.low &&
    x.medium === y.medium &&
    x.high === y.high &&
    x.very_high === y.very_high &&
    x.samples === y.samples
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
  const { sources } = deps
  if (sources.programBlacklist.version !== reads.blacklistVersion) return false
  if (reads.latestBlockhash !== undefined && !isSameBytes(chain.latestBlockhash, reads.latestBlockhash)) return false
  for (const { blockhash, status } of reads.blockhashes) if (chain.getBlockhashStatus(blockhash) !== status) return false
  for (let i = 0; i < reads.absent.length; i++) if (deps.cache.peek(reads.absent[i] as AccountKey) !== undefined) return false
  for (const { keys, writable, answer } of reads.priorityFees) if (!isSameFees(deps.priorityFees.get(keys, writable), answer)) return false
  for (const { pool, activity } of reads.pools) if (sources.poolActivity?.(pool) !== activity) return false
  for (const { slot, rate } of reads.leaderRates) if (sources.upcomingLeaderRate?.(slot) !== rate) return false
  for (const { mint, value } of reads.liquidity) if (sources.poolLiquidity?.get(mint) !== value) return false
  for (const { wallet, value } of reads.counterparties) if (sources.counterparties?.get(wallet) !== value) return false
  for (const { mint, facts, symbol } of reads.symbols) {
    const now = sources.tokenSymbols.get(mint, facts)
    if (now instanceof Promise) {
      now.catch(ignore) // the simulation that follows shares the read
      return false
    }
    if (now !== symbol) return false
  }
  for (const { tenantId, blocks } of reads.tenantBlocks) {
    const now = sources.tenantBlocks?.(tenantId)
    if (now instanceof Promise) {
      now.catch(ignore)
      return false
    }
    if (now !== blocks) return false
  }
  return asRead ? isSameAccountsRead(reads, deps.cache) : isSameAccountsPeeked(reads, deps.cache)
}

// The version changes exactly when the content does (account-cache.ts), whatever the source of the write.
function isSameAccountsPeeked(reads: SimulationReads, cache: AccountCache): boolean {
  const { keys, versions } = reads
  for (let i = 0; i < keys.length; i++) if (cache.peek(keys[i] as AccountKey)?.version !== versions[i]) return false
  return true
}

function isSameAccountsRead(reads: SimulationReads, cache: AccountCache): boolean {
  const { keys, versions } = reads
  if (keys.length === 0) return true
  const now = cache.getMany(keys)
  if (now instanceof Promise) {
    now.catch(ignore) // an entry left the cache: the simulation that follows shares the fetch
    return false
  }
  for (let i = 0; i < keys.length; i++) if ((now[i] as AccountEntry).version !== versions[i]) return false
  return true
}
