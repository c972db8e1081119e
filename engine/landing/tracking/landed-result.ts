/**
 * What a landed transaction did, read from the geyser stream's transaction update or from
 * `getTransaction` (json encoding): success, fee, compute units and every balance change, SOL per
 * account and tokens per token account. Both sources reduce to this one shape, which
 * compare-outcome.ts holds against the prediction.
 */
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import { toBase58 } from '../../../lib/base58.js'
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'

export interface LandedBalanceChange {
  account: string
  /** null for SOL. */
  mint: string | null
  delta: bigint
}

export interface LandedResult {
  slot: number
  /** Whether it failed on chain; the JSON error when the source told it. */
  failed: boolean
  transactionError: TransactionErrorJson | null
  feeLamports: bigint | null
  computeUnits: number | null
  /** Non-zero changes only. */
  balanceChanges: LandedBalanceChange[]
}

interface TokenBalanceLike {
  accountIndex: number
  mint: string
  amount: string
}

/** SOL deltas per account key, then token deltas per token account (pre and post lists may differ: created or closed accounts). */
function collectChanges(
  keys: readonly string[],
  preBalances: readonly (string | number | bigint)[],
  postBalances: readonly (string | number | bigint)[],
  preTokens: readonly TokenBalanceLike[],
  postTokens: readonly TokenBalanceLike[],
): LandedBalanceChange[] {
  const changes: LandedBalanceChange[] = []
  for (let i = 0; i < keys.length; i++) {
    const pre = preBalances[i]
    const post = postBalances[i]
    if (pre === undefined || post === undefined) continue
    const delta = BigInt(post) - BigInt(pre)
    if (delta !== 0n) changes.push({ account: keys[i] as string, mint: null, delta })
  }
  const tokens = new Map<string, { account: string; mint: string; delta: bigint }>()
  const add = (balance: TokenBalanceLike, sign: 1n | -1n) => {
    const account = keys[balance.accountIndex]
    if (account === undefined) return
    const id = `${account}:${balance.mint}`
    const entry = tokens.get(id) ?? { account, mint: balance.mint, delta: 0n }
    entry.delta += sign * BigInt(balance.amount)
    tokens.set(id, entry)
  }
  for (const balance of preTokens) add(balance, -1n)
  for (const balance of postTokens) add(balance, 1n)
  for (const entry of tokens.values()) if (entry.delta !== 0n) changes.push(entry)
  return changes
}

/** The JSON `getTransaction` answer (encoding json, maxSupportedTransactionVersion 0) as a landed result. */
export interface RpcTransactionJson {
  slot: number
  meta: {
    err: TransactionErrorJson | null
    fee: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: Array<{ accountIndex: number; mint: string; uiTokenAmount: { amount: string } }> | null
    postTokenBalances?: Array<{ accountIndex: number; mint: string; uiTokenAmount: { amount: string } }> | null
    computeUnitsConsumed?: number
    loadedAddresses?: { writable: string[]; readonly: string[] } | null
  } | null
  transaction: { message: { accountKeys: Array<string | { pubkey: string }> } }
}

const toTokenBalances = (list: NonNullable<RpcTransactionJson['meta']>['preTokenBalances']) =>
  (list ?? []).map((balance) => ({ accountIndex: balance.accountIndex, mint: balance.mint, amount: balance.uiTokenAmount.amount }))

/** A landed result from `getTransaction`; null when the node has no meta for it. */
export function fromRpcTransaction(json: RpcTransactionJson): LandedResult | null {
  const meta = json.meta
  if (!meta) return null
  const keys = json.transaction.message.accountKeys.map((key) => (typeof key === 'string' ? key : key.pubkey))
  if (meta.loadedAddresses) keys.push(...meta.loadedAddresses.writable, ...meta.loadedAddresses.readonly)
  return {
    slot: json.slot,
    failed: meta.err !== null,
    transactionError: meta.err,
    feeLamports: BigInt(meta.fee),
    computeUnits: meta.computeUnitsConsumed ?? null,
    balanceChanges: collectChanges(
      keys,
      meta.preBalances,
      meta.postBalances,
      toTokenBalances(meta.preTokenBalances),
      toTokenBalances(meta.postTokenBalances),
    ),
  }
}

/**
 * A landed result from the stream. The stream's error is Agave's bincode, not JSON: the tracker
 * reads the JSON error over RPC when `failed` (a cold path, once per failed transaction).
 */
export function fromGeyserTransaction(update: GeyserTransactionUpdate): LandedResult | null {
  const info = update.transaction
  const meta = info?.meta
  const message = info?.transaction?.message
  if (!info || !meta || !message) return null
  const keys = [...message.accountKeys, ...meta.loadedWritableAddresses, ...meta.loadedReadonlyAddresses].map((key) => toBase58(key))
  const tokens = (list: typeof meta.preTokenBalances) =>
    list.map((balance) => ({ accountIndex: balance.accountIndex, mint: balance.mint, amount: balance.uiTokenAmount?.amount ?? '0' }))
  return {
    slot: Number(update.slot),
    failed: meta.err !== undefined && meta.err !== null,
    transactionError: null,
    feeLamports: BigInt(meta.fee),
    computeUnits: meta.computeUnitsConsumed === undefined || meta.computeUnitsConsumed === null ? null : Number(meta.computeUnitsConsumed),
    balanceChanges: collectChanges(
      keys,
      meta.preBalances,
      meta.postBalances,
      tokens(meta.preTokenBalances),
      tokens(meta.postTokenBalances),
    ),
  }
}
