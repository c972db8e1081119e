/**
 * The pools a simulated transaction swaps on, from its balance changes (the contract's
 * BalanceChange), by the same rule as swap-flows.ts reads the stream: two token accounts of one
 * owner that is not the trader, one paid in, one paid out. The pool key is the same, so the
 * simulated swap can be looked up in what the stream saw (sandwich-detector.ts).
 */
import { LRUCache } from 'lru-cache'
import type { BalanceChange } from '../../contract/simulate-response.js'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'
import { type PoolKey, type PoolSide, getPoolSide, toPoolKey } from './pool-key.js'

/** One pool leg of a simulated swap. */
export interface SimulatedSwap {
  readonly pool: PoolKey
  /** Which vault pays the trader (compare with the sides of sandwiches seen on the pool). */
  readonly side: PoolSide
  readonly gaveMint: string
  readonly gotMint: string
  readonly gaveAmount: bigint
  readonly gotAmount: bigint
}

export interface SimulatedSwapOptions {
  /** The trader (base58); default the fee payer, the first SOL change. */
  trader?: string
  /** Raw key of a base58 vault address; default a memoised decode (vaults recur). */
  toKey?: (address: string) => AccountKey
}

const keys = new LRUCache<string, AccountKey>({ max: 10_000 })

function toKeyMemoised(address: string): AccountKey {
  let key = keys.get(address)
  if (key === undefined) {
    key = fromBase58Address(address)
    keys.set(address, key)
  }
  return key
}

/** The pool legs a simulation's balance changes show (usually none or one). */
export function getSimulatedSwaps(changes: readonly BalanceChange[], options: SimulatedSwapOptions = {}): SimulatedSwap[] {
  const trader = options.trader ?? changes.find((change) => change.mint === null)?.account
  const toKey = options.toKey ?? toKeyMemoised
  const byOwner = new Map<string, BalanceChange[]>()
  for (const change of changes) {
    if (change.mint === null || change.owner === null || change.owner === trader || change.delta === '0') continue
    const group = byOwner.get(change.owner)
    if (group) group.push(change)
    else byOwner.set(change.owner, [change])
  }
  const swaps: SimulatedSwap[] = []
  for (const group of byOwner.values()) {
    if (group.length !== 2) continue
    const [a, b] = group as [BalanceChange, BalanceChange]
    const into = BigInt(a.delta) > 0n ? a : b
    const out = into === a ? b : a
    if (BigInt(into.delta) <= 0n || BigInt(out.delta) >= 0n || into.mint === out.mint) continue
    const intoKey = toKey(into.account)
    const outKey = toKey(out.account)
    swaps.push({
      pool: toPoolKey(intoKey, outKey),
      side: getPoolSide(outKey, intoKey),
      gaveMint: into.mint as string,
      gotMint: out.mint as string,
      gaveAmount: BigInt(into.delta),
      gotAmount: -BigInt(out.delta),
    })
  }
  return swaps
}
