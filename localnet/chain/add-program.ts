/**
 * Adding a program without leaving debris: LiteSVM writes the program account and its
 * ProgramData account before it verifies the ELF, so a refused file would otherwise leave a
 * program that points at nothing runnable.
 */
import { Account, type NativeAccount, type NativeLiteSvm } from '../../lib/native-svm.js'

const UPGRADEABLE_LOADER_PROGRAM_TAG = 2
const PROGRAM_ACCOUNT_SIZE = 36

/** The ProgramData address an upgradeable-loader program account points at, if it is one. */
export function getProgramDataAddress(account: NativeAccount | null): Uint8Array | undefined {
  if (!account) return undefined
  const data = account.data()
  if (data.length !== PROGRAM_ACCOUNT_SIZE || data[0] !== UPGRADEABLE_LOADER_PROGRAM_TAG) return undefined
  return data.subarray(4, 36)
}

function restore(svm: NativeLiteSvm, key: Uint8Array, account: NativeAccount | null): void {
  // Setting 0 lamports removes an account.
  svm.setAccount(key, account ?? new Account(0n, new Uint8Array(0), new Uint8Array(32), false, 0n))
}

/** Adds a program; when LiteSVM refuses it, puts back the accounts it had overwritten and rethrows. */
export function addProgramAtomically(svm: NativeLiteSvm, programKey: Uint8Array, bytes: Uint8Array): void {
  const before = svm.getAccount(programKey)
  const beforeDataKey = getProgramDataAddress(before)
  const beforeData = beforeDataKey ? svm.getAccount(beforeDataKey) : null
  try {
    svm.addProgram(programKey, bytes)
  } catch (err) {
    const writtenDataKey = getProgramDataAddress(svm.getAccount(programKey))
    restore(svm, programKey, before)
    if (writtenDataKey) {
      const same = beforeDataKey !== undefined && Buffer.compare(beforeDataKey, writtenDataKey) === 0
      restore(svm, writtenDataKey, same ? beforeData : null)
    }
    throw err
  }
}
