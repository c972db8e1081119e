/**
 * A bundle simulated as the relay's auction runs it: in order, each transaction on the state the
 * previous one left, all of them or none. It runs on a scratch SVM of its own (the engine's
 * simulation SVM never holds a bundle's intermediate state) fed from the same account cache; once
 * the bundle has run, every account it wrote is discarded so the next run starts from the cache.
 * Loading may wait on the chain (cold accounts); from the first write to the last discard the run
 * is synchronous, so concurrent lints never see each other's state.
 */
import { createNativeSvm, isNativeFailure, setNativeClock } from '../../../lib/native-svm.js'
import { fromNativeTransactionError, type TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { loadAccounts, type LoadResult } from '../../hot-path/svm/load-accounts.js'
import type { AccountCache } from '../../hot-path/state/account-cache.js'
import { fromAccountKey, toAccountKey, type AccountKey } from '../../hot-path/state/account-key.js'
import type { AccountEntry } from '../../hot-path/state/cached-account.js'
import type { ChainTracker } from '../../hot-path/state/chain-tracker.js'
import { createSvmState } from '../../hot-path/svm/svm-state.js'

export interface BundleStepResult {
  ok: boolean
  /** The transaction's error (Solana's JSON shape) when it failed on chain terms. */
  error: TransactionErrorJson | null
  /** Why it failed, for people: the error, or what could not be loaded. */
  reason: string | null
  computeUnits: number | null
}

export interface BundleSimulation {
  /** One result per transaction run; the run stops at the first failure (the rest did not run). */
  steps: BundleStepResult[]
  /** Each transaction's resolved keys (static, then loaded from lookup tables); null when they could not be resolved. */
  keys: Array<readonly AccountKey[] | null>
  /** Each transaction's accounts as the cache knows them (null as for keys). */
  entries: Array<readonly AccountEntry[] | null>
  /** Lamports the tip accounts gained over the whole bundle (0 when it failed). */
  tipLamports: bigint
}

export interface SequentialSimulator {
  run(transactions: readonly WireTransaction[], tipAccounts: ReadonlySet<AccountKey>, signal?: AbortSignal): Promise<BundleSimulation>
}

/** Creates the simulator and its scratch SVM, kept at the chain's clock. */
export function createSequentialSimulator(options: { cache: AccountCache; chain: ChainTracker }): SequentialSimulator {
  const { cache, chain } = options
  const svm = createNativeSvm()
  const state = createSvmState(svm)
  const setClock = (clock: NonNullable<ChainTracker['clock']>) => setNativeClock(svm, clock)
  if (chain.clock) setClock(chain.clock)
  chain.onClock(setClock)

  function getLamports(key: AccountKey): bigint {
    return svm.getAccount(fromAccountKey(key))?.lamports() ?? 0n
  }

  return {
    async run(transactions, tipAccounts, signal) {
      const slot = BigInt(chain.slot)
      // Each load is a promise only when it has to wait on RPC (MaybePromise): Promise.all takes both.
      const loads: LoadResult[] = await Promise.all(transactions.map((tx) => Promise.resolve(loadAccounts(tx, cache, slot, signal))))
      const keys = loads.map((load) => (load.ok ? load.accounts.keys : null))
      const entries = loads.map((load) => (load.ok ? load.accounts.entries : null))
      const steps: BundleStepResult[] = []
      const written = new Set<AccountKey>()
      const tipBefore = new Map<AccountKey, bigint>()
      try {
        for (let i = 0; i < transactions.length; i++) {
          const load = loads[i] as LoadResult
          if (!load.ok) {
            steps.push({ ok: false, error: null, reason: load.failure.reason, computeUnits: null })
            break
          }
          const accounts = load.accounts
          state.sync(accounts.tables)
          state.sync(accounts.dependencies)
          state.sync(accounts.entries)
          // A tip account's balance before the bundle touched it: what the earlier transactions left, else the cache's.
          for (const key of accounts.keys) if (tipAccounts.has(key) && !tipBefore.has(key)) tipBefore.set(key, getLamports(key))
          const result = svm.simulateVersionedTransaction((transactions[i] as WireTransaction).bytes)
          const computeUnits = Number(result.meta().computeUnitsConsumed())
          if (isNativeFailure(result)) {
            const error = fromNativeTransactionError(result.err())
            steps.push({ ok: false, error, reason: JSON.stringify(error), computeUnits })
            break
          }
          const writable = new Set<AccountKey>()
          for (let k = 0; k < accounts.keys.length; k++) if (accounts.writable[k]) writable.add(accounts.keys[k] as AccountKey)
          for (const post of result.postAccounts()) {
            const key = toAccountKey(post.address)
            if (!writable.has(key)) continue
            svm.setAccount(post.address, post.account())
            written.add(key)
          }
          steps.push({ ok: true, error: null, reason: null, computeUnits })
        }
        let tipLamports = 0n
        if (steps.length === transactions.length && steps.every((step) => step.ok)) {
          for (const [key, before] of tipBefore) {
            const gained = getLamports(key) - before
            if (gained > 0n) tipLamports += gained
          }
        }
        return { steps, keys, entries, tipLamports }
      } finally {
        for (const key of written) state.discard(key)
      }
    },
  }
}
