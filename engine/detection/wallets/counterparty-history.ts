/**
 * Whom a wallet has dealt with: the keys it has paid (SOL or tokens) and the signers that paid it
 * SOL — the signer whose own balance paid, not any co-signer, and more than dust (a poisoner's
 * calling card is a dust transfer from its look-alike: it must not make the look-alike known), read from its recent landed transactions over JSON-RPC (`getSignaturesForAddress`, then
 * `getTransaction` for each). The drain analysis uses it to tell a payment to a known counterparty
 * from a whole-balance transfer to a stranger, and to catch an address poisoned to look like a
 * counterparty. Read once per wallet and then every `ttlMs` in the background, coalesced; a wallet
 * whose history is cached answers synchronously, and only a wallet's first request waits for it. A chain that cannot answer (an RPC without the methods)
 * gives an empty history, cached like any other.
 */
import { LRUCache } from 'lru-cache'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { type AccountKey, fromBase58Address, toBase58Address } from '../../hot-path/state/account-key.js'

export interface Counterparties {
  /** Keys the wallet paid, and signers that paid it SOL (more than dust) out of their own balance. */
  readonly keys: ReadonlySet<AccountKey>
  /** When the history was read (ms since epoch). */
  readonly loadedAtMs: number
}

export interface CounterpartyHistory {
  /**
   * The wallet's counterparties when known; undefined: `load` it. A history older than the TTL is
   * still answered (the warm path never waits) while it is read again in the background.
   */
  get(wallet: AccountKey): Counterparties | undefined
  /**
   * Reads the wallet's history (one read per wallet at a time). It takes no request's signal: a
   * read shared by several requests runs to its end (bounded by the RPC client's timeout).
   */
  load(wallet: AccountKey): Promise<Counterparties>
}

export interface CounterpartyHistoryOptions {
  rpc: JsonRpcClient
  /** Transactions of the wallet read, newest first (default 20). */
  signatureLimit?: number
  /** How long a history is used before it is read again (default 30 s). */
  ttlMs?: number
  maxWallets?: number
  now?: () => number
}

interface SignatureInfo {
  signature: string
  err: unknown
}

interface TokenBalance {
  accountIndex: number
  owner?: string
  uiTokenAmount: { amount: string }
}

interface LandedTransaction {
  transaction: { message: { accountKeys: string[]; header: { numRequiredSignatures: number } } }
  meta: {
    err: unknown
    fee?: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
    loadedAddresses?: { writable: string[]; readonly: string[] }
  } | null
}

const EMPTY: ReadonlySet<AccountKey> = new Set()
/** SOL received below this (0.001 SOL) is dust: address poisoners send it from their look-alikes. */
export const DUST_LAMPORTS = 1_000_000
/** getTransaction calls in flight per wallet: the default 20 transactions take two round trips after the signatures. */
const READS_IN_PARALLEL = 10
const FAILED_READ_TTL_MS = 5_000

function toTokenAmounts(balances: readonly TokenBalance[] | undefined): Map<number, { owner: string | undefined; amount: bigint }> {
  const out = new Map<number, { owner: string | undefined; amount: bigint }>()
  for (const balance of balances ?? [])
    out.set(balance.accountIndex, { owner: balance.owner, amount: BigInt(balance.uiTokenAmount.amount) })
  return out
}

/** Adds the counterparties one landed transaction shows for `wallet`. */
export function addCounterparties(wallet: string, landed: LandedTransaction, out: Set<AccountKey>): void {
  const { meta } = landed
  if (!meta || meta.err !== null) return
  const { message } = landed.transaction
  const keys = [...message.accountKeys, ...(meta.loadedAddresses?.writable ?? []), ...(meta.loadedAddresses?.readonly ?? [])]
  const signers = message.header.numRequiredSignatures
  const walletIndex = keys.indexOf(wallet)
  const walletSigned = walletIndex >= 0 && walletIndex < signers
  const pre = toTokenAmounts(meta.preTokenBalances)
  const post = toTokenAmounts(meta.postTokenBalances)
  const walletGain = walletIndex >= 0 ? (meta.postBalances[walletIndex] ?? 0) - (meta.preBalances[walletIndex] ?? 0) : 0
  const gainers: string[] = []
  for (let i = 0; i < keys.length; i++) {
    if (i === walletIndex) continue
    if ((meta.postBalances[i] ?? 0) > (meta.preBalances[i] ?? 0)) gainers.push(keys[i] as string)
  }
  for (const [index, after] of post) {
    const before = pre.get(index)?.amount ?? 0n
    if (after.amount <= before || after.owner === undefined || after.owner === wallet) continue
    gainers.push(after.owner)
  }
  if (walletSigned) for (const key of gainers) out.add(fromBase58Address(key))
  // Tokens received make nobody known: a poisoner's fake or dust tokens would. SOL does, from the signer that paid it.
  if (walletGain < DUST_LAMPORTS) return
  for (let i = 0; i < signers; i++) {
    if (i === walletIndex || keys[i] === undefined) continue
    const spent = (meta.preBalances[i] ?? 0) - (meta.postBalances[i] ?? 0) - (i === 0 ? (meta.fee ?? 0) : 0)
    if (spent > 0) out.add(fromBase58Address(keys[i] as string))
  }
}

/** Creates the history reader over `rpc`. */
export function createCounterpartyHistory(options: CounterpartyHistoryOptions): CounterpartyHistory {
  const { rpc } = options
  const limit = options.signatureLimit ?? 20
  const ttlMs = options.ttlMs ?? 30_000
  const now = options.now ?? Date.now
  const cache = new LRUCache<AccountKey, Counterparties>({ max: options.maxWallets ?? 10_000 })
  const loading = new Map<AccountKey, Promise<Counterparties>>()

  async function read(wallet: AccountKey): Promise<Counterparties> {
    const address = toBase58Address(wallet)
    const keys = new Set<AccountKey>()
    let loadedAtMs = now()
    try {
      const signatures = await rpc.call<SignatureInfo[]>('getSignaturesForAddress', [address, { limit, commitment: 'confirmed' }])
      const landed = signatures.filter((info) => info.err === null).map((info) => info.signature)
      for (let i = 0; i < landed.length; i += READS_IN_PARALLEL) {
        const batch = landed.slice(i, i + READS_IN_PARALLEL)
        const transactions = await Promise.all(
          batch.map((signature) =>
            rpc.call<LandedTransaction | null>('getTransaction', [
              signature,
              { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
            ]),
          ),
        )
        for (const transaction of transactions) if (transaction) addCounterparties(address, transaction, keys)
      }
    } catch {
      // No history to read (the RPC lacks the methods, or failed): judged as a wallet with none,
      // and read again after FAILED_READ_TTL_MS rather than the whole TTL.
      loadedAtMs = now() - ttlMs + FAILED_READ_TTL_MS
    }
    const history: Counterparties = { keys: keys.size === 0 ? EMPTY : keys, loadedAtMs }
    cache.set(wallet, history)
    return history
  }

  function load(wallet: AccountKey): Promise<Counterparties> {
    const pending = loading.get(wallet)
    if (pending) return pending
    const started = read(wallet).finally(() => loading.delete(wallet))
    loading.set(wallet, started)
    return started
  }

  return {
    get(wallet) {
      const history = cache.get(wallet)
      if (history && now() - history.loadedAtMs > ttlMs) void load(wallet)
      return history
    },
    load,
  }
}
