/**
 * What every detection vector reads: the decoded transaction, its accounts before and after the
 * simulation, the simulation's outcome, and the request's tenant and deadline. Built once per
 * simulate call from what the simulation already computed; nothing here is re-read or re-encoded.
 */
import type { ComputeBudget } from '../../hot-path/decode/compute-budget.js'
import type { WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import type { SourcedPriorityFees } from '../fees/priority-fee-source.js'
import type { TransactionFee } from '../fees/transaction-fee.js'
import type { TokenDelta } from '../../hot-path/svm/balance-changes.js'
import type { PostAccount } from '../../hot-path/svm/post-accounts.js'
import type { CallNode } from '../../hot-path/svm/call-tree.js'
import type { Failure } from '../../hot-path/svm/failure.js'
import type { BalanceChange } from '../../contract/simulate-response.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { AddressNamer } from '../../hot-path/state/address-names.js'
import type { AccountEntry } from '../../hot-path/state/cached-account.js'

export interface VectorContext {
  readonly tx: WireTransaction
  /** Every account key when the lookup tables resolved; otherwise only the static keys. */
  readonly keys: readonly AccountKey[]
  /** The same keys as 32-byte views (what byte-reading decoders take). */
  readonly rawKeys: readonly Uint8Array[]
  readonly keysResolved: boolean
  readonly writable: readonly boolean[]
  /** Accounts 0 .. signerCount − 1 signed (the fee payer is 0). */
  readonly signerCount: number
  /** The state of key i before the transaction; null when the accounts could not be loaded. */
  readonly entries: readonly AccountEntry[] | null
  /** The state after a successful simulation (accounts absent here did not change); null otherwise. */
  readonly post: ReadonlyMap<AccountKey, PostAccount> | null
  readonly success: boolean
  readonly failure: Failure | null
  readonly computeUnits: number | null
  readonly suggestedComputeLimit: number | null
  readonly logs: readonly string[]
  readonly callTree: readonly CallNode[]
  readonly balanceChanges: readonly BalanceChange[]
  /** The token rows of `balanceChanges` in raw keys and bigints (empty when nothing moved). */
  readonly tokenDeltas: readonly TokenDelta[]
  readonly fee: TransactionFee
  readonly budget: ComputeBudget
  readonly priorityFees: SourcedPriorityFees
  readonly name: AddressNamer
  /** The chain slot the state was read at. */
  readonly slot: number
  readonly epoch: bigint
  /** The chain clock's unix time (seconds), for venues whose math depends on it. */
  readonly unixTimestamp: bigint
  readonly tenantId: string | undefined
  /** performance.now() by which asynchronous vectors must have answered. */
  readonly deadline: number
  /** Inner instructions of the simulation, read from the SVM only when a vector asks (they cost N-API calls). */
  getInnerInstructions(): ReadonlyArray<ReadonlyArray<InnerInstruction>>
  /** What this request's vectors work out once and share: see `getOnce`. A new Map per request. */
  readonly memo: Map<MemoSlot<unknown>, unknown>
}

/** A named slot of a request's memo; `T` is the type of the value it holds. */
export interface MemoSlot<T> {
  readonly name: string
  /** Never set: carries `T`. */
  readonly value?: T
}

/** A slot for values of type `T` (one module-level constant per kind of value). */
export function createMemoSlot<T>(name: string): MemoSlot<T> {
  return { name }
}

/**
 * The value of `slot` for this request, computed by `compute` on first use (the swap analysis,
 * the controller lookup: several vectors read them).
 *
 * Kept on the request's context rather than in a module-level WeakMap keyed by the context: on
 * V8 11 (Node 20) a scavenge keeps every young key of an old WeakMap alive, so each request's
 * context, with its post accounts and their native LiteSVM handles, was promoted to the old
 * generation: ≈3 KB and 6 native handles a simulate, 12–15 ms scavenges, and old-generation
 * collections on the serving thread (bench/README.md#gc-per-request-weakmaps-promoted-every-simulate-fixed-2026-11-29).
 */
export function getOnce<T>(context: VectorContext, slot: MemoSlot<T>, compute: (context: VectorContext) => T): T {
  const memo = context.memo
  if (memo.has(slot)) return memo.get(slot) as T
  const value = compute(context)
  memo.set(slot, value)
  return value
}

/** A CPI the simulation made: indexes into `keys`, as the message's instructions have. */
export interface InnerInstruction {
  programIdIndex: number
  accountIndexes: Uint8Array
  data: Uint8Array
  stackHeight: number
}

/** The key of an instruction's `k`-th account, when it is known (lookup tables may not have resolved). */
export function getInstructionAccount(context: VectorContext, accountIndexes: Uint8Array, k: number): AccountKey | undefined {
  const index = accountIndexes[k]
  return index === undefined ? undefined : context.keys[index]
}

/** Whether `key` signed the transaction (keys are unique in a message, so its index tells). */
export function isSignerKey(context: VectorContext, key: AccountKey): boolean {
  for (let i = 0; i < context.signerCount; i++) if (context.keys[i] === key) return true
  return false
}

/** Whether account index `index` signed the transaction. */
export function isSignerIndex(context: VectorContext, index: number | undefined): boolean {
  return index !== undefined && index < context.signerCount
}
