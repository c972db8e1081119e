/**
 * The floor + read paths' work (bench/README.md, `svm-floor+read` and `svm-floor+min-read`), shared
 * by the micro benchmark and bench/engine-crossings.ts.
 */
import { isNativeFailure, type NativeFailure, type NativeSimulation } from '../../lib/native-svm.js'

/**
 * What engine/hot-path/simulate/simulate-transaction.ts reads out of a native result (each a N-API call):
 * meta, logs, units, then per post account its address, lamports, owner and data
 * (balance-changes.ts toPostAccountMap), or the error. Without building the engine's objects.
 */
export function readNativeResult(result: NativeSimulation | NativeFailure): number {
  const meta = result.meta()
  let reads = meta.logs().length + Number(meta.computeUnitsConsumed())
  if (isNativeFailure(result)) return reads + (result.err() ? 1 : 0)
  for (const pair of result.postAccounts()) {
    const account = pair.account()
    reads += pair.address.length + Number(account.lamports() & 1n) + account.owner().length + account.data().length
  }
  return reads
}

/**
 * What every successful simulate reads of a native result whatever the vectors, since each post
 * account is read once and mapped by position (engine/hot-path/svm/post-accounts.ts): meta, logs,
 * units, the post accounts and each one's lamports (the balance changes). Owners and data come on
 * top only where a vector or a token balance needs them.
 */
export function readNeededNativeResult(result: NativeSimulation | NativeFailure): number {
  const meta = result.meta()
  let reads = meta.logs().length + Number(meta.computeUnitsConsumed())
  if (isNativeFailure(result)) return reads + (result.err() ? 1 : 0)
  for (const pair of result.postAccounts()) reads += Number(pair.account().lamports() & 1n)
  return reads
}
