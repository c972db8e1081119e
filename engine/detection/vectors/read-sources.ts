/**
 * Everything a detection vector may read besides the transaction and its simulation (the
 * VectorContext): a vector is handed only the sources it declares (vector-registry.ts), and the
 * result cache wraps every source to record what a simulation read (simulate/read-recorder.ts),
 * so a cached answer is re-checked against all of it (simulate/simulation-reads.ts). A source
 * added here is a compile error in the recorder until it says how it is recorded — or that it
 * cannot change while the process runs.
 */
import type { PoolActivity } from '../mev/sandwich-detector.js'
import type { PoolKey } from '../mev/pool-key.js'
import type { ProgramBlacklist } from '../programs/program-blacklist.js'
import type { AccountCache } from '../../hot-path/state/account-cache.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { PoolLiquidityCache } from '../tokens/pool-liquidity-cache.js'
import type { TokenSymbols } from '../tokens/token-symbols.js'
import type { CounterpartyHistory } from '../wallets/counterparty-history.js'

export interface ReadSources {
  /** Accounts (mints, pools, holders): recorded by version. */
  accounts: AccountCache
  /** The curated blacklist: recorded by its version. */
  programBlacklist: ProgramBlacklist
  /** A tenant's own blocked programs: recorded per tenant; undefined with no user service. */
  tenantBlocks: ((tenantId: string) => ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>>) | undefined
  /** Recent sandwiches on a pool (by its two vaults): recorded per pool; undefined without a geyser stream. */
  poolActivity: ((pool: PoolKey) => Pick<PoolActivity, 'sandwiches' | 'attackers'> | undefined) | undefined
  /** The highest sandwich rate (0–1) among the leaders after a slot; null: unknown. Recorded per slot. */
  upcomingLeaderRate: ((slot: number) => number | null) | undefined
  /** Token symbols from metadata: recorded per mint (one still loading keeps the answer out of the cache). */
  tokenSymbols: TokenSymbols
  /** Pool liquidity per mint: recorded per mint; undefined: not screened. */
  poolLiquidity: PoolLiquidityCache | undefined
  /** Jupiter's banned list, shipped: fixed while the process runs. */
  bannedTokens: ReadonlyMap<AccountKey, string>
  /** Whom each wallet has dealt with: recorded per wallet; undefined: every recipient is a stranger. */
  counterparties: CounterpartyHistory | undefined
  /** Well-known mints, shipped: fixed while the process runs. */
  establishedMints: ReadonlyMap<AccountKey, string>
}

export type ReadSourceName = keyof ReadSources
