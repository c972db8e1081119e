/**
 * The one module that touches LiteSVM's private native API (`litesvm/dist/internal.js`), for the
 * engine and localnet alike. The public wrapper re-validates addresses and re-encodes transactions:
 * 10 accounts cost 0.4–1.3 ms through it and ≈5 µs here (docs/architecture.md#hot-path-rules).
 * litesvm is pinned to an exact version and test/engine/hot-path/svm/native-svm-api.test.ts fails when this
 * surface changes.
 */
import { createRequire } from 'node:module'
import type * as Internal from 'litesvm/dist/internal.js'

const require = createRequire(import.meta.url)
const internal = require('litesvm/dist/internal.js') as typeof Internal

export const LITESVM_VERSION = (require('litesvm/package.json') as { version: string }).version

export type NativeSvm = Internal.LiteSvm
export type NativeAccount = Internal.Account
export type NativeSimulation = Internal.SimulatedTransactionInfo
export type NativeFailure = Internal.FailedTransactionMetadata
export type NativeMetadata = Internal.TransactionMetadata
export type NativeTransactionError = ReturnType<Internal.FailedTransactionMetadata['err']>

export type NativeLiteSvm = Internal.LiteSvm
export type { FailedTransactionMetadata, SimulatedTransactionInfo, TransactionMetadata } from 'litesvm/dist/internal.js'

/** The native classes localnet builds its chain from (the engine uses the factories below). */
export const { LiteSvm, Account, Clock, EpochSchedule } = internal

/** Every export of the native module, by name: what bench/engine-crossings.ts wraps to count N-API calls. */
export function getNativeExports(): Readonly<Record<string, unknown>> {
  return internal
}

/**
 * Creates a long-lived SVM for simulation: builtins, sysvars and SPL programs as LiteSVM ships
 * them, signature verification off (signatures are not verified on simulate), LiteSVM's
 * own blockhash check off (it knows one blockhash; the engine checks against the chain's recent
 * ones), and no transaction history (simulations never commit, and replays must not collide).
 */
export function createNativeSvm(): NativeSvm {
  const svm = new internal.LiteSvm()
  svm.setSigverify(false)
  svm.setBlockhashCheck(false)
  svm.setTransactionHistory(0n)
  return svm
}

/** Builds the native account object the SVM stores (done once per cached account version). */
export function createNativeAccount(
  lamports: bigint,
  data: Uint8Array,
  owner: Uint8Array,
  executable: boolean,
  rentEpoch: bigint,
): NativeAccount {
  return new internal.Account(lamports, data, owner, executable, rentEpoch)
}

const EMPTY = new Uint8Array(0)
const ZERO_OWNER = new Uint8Array(32)
let deletion: NativeAccount | undefined

/** An account with zero lamports: writing it removes the address from the SVM. */
export function getDeletionAccount(): NativeAccount {
  deletion ??= new internal.Account(0n, EMPTY, ZERO_OWNER, false, 0n)
  return deletion
}

/** Whether a native simulate (or send) result is a failure. */
export function isNativeFailure(result: NativeSimulation | NativeMetadata | NativeFailure): result is NativeFailure {
  return result instanceof internal.FailedTransactionMetadata
}

/** Sets the SVM's clock sysvar. */
export function setNativeClock(
  svm: NativeSvm,
  clock: { slot: bigint; epochStartTimestamp: bigint; epoch: bigint; leaderScheduleEpoch: bigint; unixTimestamp: bigint },
): void {
  svm.setClock(new internal.Clock(clock.slot, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, clock.unixTimestamp))
}
