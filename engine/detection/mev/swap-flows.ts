/**
 * The swaps a streamed transaction made, read from its balances alone, so every venue counts,
 * known or not. Per signer (trader): the mints it gave and got, tokens from its token accounts'
 * pre/post token balances and SOL from its lamports net of the fee (plus its token accounts'
 * lamports, so that wSOL wrapped, unwrapped, and rent put into or taken back from its own
 * accounts all net out: wSOL and native SOL count as one). A pool: two token accounts of one
 * owner that is not the trader, one paid in and one paid out, opposite to the trader's flows.
 *
 * Mints and owners arrive as base58 (Yellowstone's TokenBalance carries strings) and are compared
 * as such; keys come raw from the message. The only base58 work is naming the signers (the
 * caller memoises it), and only for transactions whose token balances show a pool.
 *
 * Not seen: pools whose SOL side is the lamports of a program account rather than a wSOL vault
 * (Pump.fun's bonding curve), and multi-hop legs through two pools of one authority in one
 * transaction (four vaults of one owner cannot be paired from balances).
 */
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { type PoolKey, type PoolSide, SOL_MINT, getPoolSide, toPoolKey } from './pool-key.js'

/** One pool leg of a swap. */
export interface SwapFlow {
  readonly slot: number
  /** Position of the transaction in its slot. */
  readonly index: number
  readonly signature: Uint8Array
  readonly trader: AccountKey
  readonly pool: PoolKey
  /** Which vault paid the trader (see PoolSide): equal sides bought the same token. */
  readonly side: PoolSide
  /** Mint paid into the pool and mint paid out (base58; wSOL and native SOL as SOL_MINT). */
  readonly gaveMint: string
  readonly gotMint: string
  /** What the vaults moved, in base units. */
  readonly gaveAmount: bigint
  readonly gotAmount: bigint
}

/** The base58 name of a signer's key (memoised by the caller: bots recur). */
export type SignerNamer = (key: AccountKey) => string

type TransactionInfo = NonNullable<GeyserTransactionUpdate['transaction']>
type TokenBalance = NonNullable<TransactionInfo['meta']>['preTokenBalances'][number]

interface TokenMove {
  readonly index: number
  readonly mint: string
  readonly owner: string
  pre: bigint
  post: bigint
}

/** Two accounts of one owner, one paid in, one paid out. */
interface PoolCandidate {
  readonly owner: string
  readonly into: TokenMove
  readonly out: TokenMove
  claimed: boolean
}

interface Trader {
  readonly key: AccountKey
  readonly name: string
  /** Net flow per mint (SOL under SOL_MINT); only non-zero entries. */
  readonly net: Map<string, bigint>
  claims: number
}

const NONE: readonly SwapFlow[] = Object.freeze([])

function toAmount(balance: TokenBalance): bigint {
  const amount = balance.uiTokenAmount?.amount
  return amount ? BigInt(amount) : 0n
}

function collectMoves(pre: readonly TokenBalance[], post: readonly TokenBalance[]): Map<number, TokenMove> {
  const moves = new Map<number, TokenMove>()
  for (let i = 0; i < pre.length; i++) {
    const balance = pre[i] as TokenBalance
    moves.set(balance.accountIndex, {
      index: balance.accountIndex,
      mint: balance.mint,
      owner: balance.owner,
      pre: toAmount(balance),
      post: 0n,
    })
  }
  for (let i = 0; i < post.length; i++) {
    const balance = post[i] as TokenBalance
    const move = moves.get(balance.accountIndex)
    if (move) move.post = toAmount(balance)
    else
      moves.set(balance.accountIndex, {
        index: balance.accountIndex,
        mint: balance.mint,
        owner: balance.owner,
        pre: 0n,
        post: toAmount(balance),
      })
  }
  return moves
}

function findPoolCandidates(groups: ReadonlyMap<string, TokenMove[]>): PoolCandidate[] {
  const pools: PoolCandidate[] = []
  for (const [owner, moves] of groups) {
    let into: TokenMove | undefined
    let out: TokenMove | undefined
    let changed = 0
    for (let i = 0; i < moves.length; i++) {
      const move = moves[i] as TokenMove
      if (move.post === move.pre) continue
      changed++
      if (move.post > move.pre) into = move
      else out = move
    }
    if (changed === 2 && into && out && into.mint !== out.mint) pools.push({ owner, into, out, claimed: false })
  }
  return pools
}

function addNet(net: Map<string, bigint>, mint: string, delta: bigint): void {
  if (delta === 0n) return
  const sum = (net.get(mint) ?? 0n) + delta
  if (sum === 0n) net.delete(mint)
  else net.set(mint, sum)
}

/** 2: the trader gave what the pool took and got what it paid; 1: one of the two; 0: neither. */
function getMatchScore(trader: Trader, pool: PoolCandidate): number {
  const gave = (trader.net.get(pool.into.mint) ?? 0n) < 0n ? 1 : 0
  const got = (trader.net.get(pool.out.mint) ?? 0n) > 0n ? 1 : 0
  return gave + got
}

/** The swaps of a streamed transaction (none for a vote, a failure or a plain transfer). */
export function getSwapFlows(update: GeyserTransactionUpdate, nameSigner: SignerNamer): readonly SwapFlow[] {
  const info = update.transaction
  const meta = info?.meta
  const message = info?.transaction?.message
  const header = message?.header
  if (!info || info.isVote || !meta || meta.err || !message || !header) return NONE
  // A pool moves two token accounts: anything less cannot be a swap.
  if (meta.preTokenBalances.length + meta.postTokenBalances.length < 2) return NONE
  const moves = collectMoves(meta.preTokenBalances, meta.postTokenBalances)
  const groups = new Map<string, TokenMove[]>()
  for (const move of moves.values()) {
    const group = groups.get(move.owner)
    if (group) group.push(move)
    else groups.set(move.owner, [move])
  }
  const pools = findPoolCandidates(groups)
  if (pools.length === 0) return NONE

  const staticKeys = message.accountKeys
  const lamportsDelta = (index: number): bigint => {
    const pre = meta.preBalances[index]
    const post = meta.postBalances[index]
    return pre === undefined || post === undefined ? 0n : BigInt(post) - BigInt(pre)
  }
  const traders: Trader[] = []
  for (let i = 0; i < header.numRequiredSignatures && i < staticKeys.length; i++) {
    const key = toAccountKey(staticKeys[i] as Uint8Array)
    const name = nameSigner(key)
    const net = new Map<string, bigint>()
    // Lamports of the wallet and of its token accounts: wSOL and rent moved among them net out.
    let sol = lamportsDelta(i) + (i === 0 ? BigInt(meta.fee) : 0n)
    for (const move of groups.get(name) ?? []) {
      sol += lamportsDelta(move.index)
      if (move.mint !== SOL_MINT) addNet(net, move.mint, move.post - move.pre)
    }
    addNet(net, SOL_MINT, sol)
    if (net.size > 0) traders.push({ key, name, net, claims: 0 })
  }
  if (traders.length === 0) return NONE

  const flows: SwapFlow[] = []
  const slot = Number(update.slot)
  const index = Number(info.index)
  const used = new Set<string>()
  const claim = (trader: Trader, pool: PoolCandidate): void => {
    pool.claimed = true
    const intoBytes = getKeyAt(message.accountKeys, meta, pool.into.index)
    const outBytes = getKeyAt(message.accountKeys, meta, pool.out.index)
    if (!intoBytes || !outBytes) return // an index past the keys: not a real update
    trader.claims++
    used.add(pool.owner)
    used.add(trader.name)
    const into = toAccountKey(intoBytes)
    const out = toAccountKey(outBytes)
    flows.push({
      slot,
      index,
      signature: info.signature,
      trader: trader.key,
      pool: toPoolKey(into, out),
      side: getPoolSide(out, into),
      gaveMint: pool.into.mint,
      gotMint: pool.out.mint,
      gaveAmount: pool.into.post - pool.into.pre,
      gotAmount: pool.out.pre - pool.out.post,
    })
  }
  // Full matches first, then half ones, signers in order: the fee payer is the trader before a
  // co-signer whose accounts mirror it (localnet's planted pools sign; mainnet pool PDAs cannot).
  for (const minScore of [2, 1]) {
    for (const trader of traders) {
      if (used.has(trader.name) && trader.claims === 0) continue
      for (const pool of pools) {
        if (pool.claimed || pool.owner === trader.name || used.has(pool.owner)) continue
        if (getMatchScore(trader, pool) >= minScore) claim(trader, pool)
      }
    }
  }
  // Middle legs of a multi-hop route match neither end of the trader's flows.
  const active = traders.filter((trader) => trader.claims > 0)
  if (active.length === 1) {
    const trader = active[0] as Trader
    for (const pool of pools) if (!pool.claimed && !used.has(pool.owner)) claim(trader, pool)
  }
  return flows.length === 0 ? NONE : flows
}

/** The raw key at `index` of the transaction's keys (static, lookup writable, lookup readonly). */
function getKeyAt(staticKeys: readonly Uint8Array[], meta: NonNullable<TransactionInfo['meta']>, index: number): Uint8Array | undefined {
  if (index < staticKeys.length) return staticKeys[index]
  const writable = meta.loadedWritableAddresses
  const offset = index - staticKeys.length
  return offset < writable.length ? writable[offset] : meta.loadedReadonlyAddresses[offset - writable.length]
}
