/**
 * A bundle's dry run: its transactions run in order on the live SVM, each seeing what the ones
 * before it wrote, and every account they wrote is put back before the trial returns. LiteSVM
 * has no copy of its state to run against and no way to forget a committed transaction (a
 * reverted one would answer AlreadyProcessed for ever), so the trial simulates — the simulation's
 * post accounts carry the fee and every writable account — and writes those accounts by hand.
 * Only a bundle whose trial passes is then committed, one transaction at a time, by the chain's
 * own send: the same state and slot give the same outcome.
 */
import { fromNativeTransactionError, type TransactionErrorJson } from '../../lib/transaction-error.js'
import { getDeletionAccount, type NativeAccount, type NativeLiteSvm } from '../../lib/native-svm.js'
import { isFailedResult } from './execution-result.js'
import type { TransactionFacts } from './transaction-facts.js'

/** The trial's verdict: every transaction would succeed, or the first that would not, and why. */
export type BundleTrialOutcome = { readonly ok: true } | { readonly ok: false; readonly index: number; readonly err: TransactionErrorJson }

export type BundleTrialOptions = {
  readonly svm: NativeLiteSvm
  /** Whether a transaction's blockhash (or durable nonce) is current; read after the earlier ones ran. */
  readonly isLifetimeValid: (facts: TransactionFacts) => boolean
}

/** Runs the bundle's transactions in order without committing any; the SVM is as before afterwards. */
export function runBundleTrial(
  options: BundleTrialOptions,
  transactions: ReadonlyArray<{ readonly bytes: Uint8Array; readonly facts: TransactionFacts }>,
): BundleTrialOutcome {
  const { svm } = options
  // Each written account as it was before the bundle (null: it did not exist), keyed by base64.
  const saved = new Map<string, { key: Uint8Array; account: NativeAccount | null }>()
  const signatures = new Set<string>()
  try {
    for (const [index, { bytes, facts }] of transactions.entries()) {
      if (!options.isLifetimeValid(facts)) return { ok: false, index, err: 'BlockhashNotFound' }
      // Simulation does not record what it ran, so a transaction repeated inside the bundle is caught here.
      if (signatures.has(facts.signature)) return { ok: false, index, err: 'AlreadyProcessed' }
      signatures.add(facts.signature)
      const result = svm.simulateVersionedTransaction(bytes)
      if (isFailedResult(result)) return { ok: false, index, err: fromNativeTransactionError(result.err()) }
      // LiteSVM's post accounts are the transaction's writable accounts, fee already charged.
      for (const entry of result.postAccounts()) {
        const key = entry.address
        const id = Buffer.from(key).toString('base64')
        if (!saved.has(id)) saved.set(id, { key, account: svm.getAccount(key) })
        svm.setAccount(key, entry.account())
      }
    }
    return { ok: true }
  } finally {
    for (const { key, account } of saved.values()) svm.setAccount(key, account ?? getDeletionAccount())
  }
}
