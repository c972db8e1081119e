/**
 * Keeps the long-lived SVM's accounts in step with the account cache. An account is written only
 * when the cached version differs from the one the SVM holds; program accounts are written after
 * every other account of the same call, because a write compiles the ELF from the programdata the
 * SVM holds at that moment (programdata first, then the program account:
 * docs/architecture.md#hot-path-rules). For the same reason a new programdata version rewrites the
 * program account that points to it.
 */
import type { AccountKey } from '../state/account-key.js'
import { fromAccountKey, toAccountKey } from '../state/account-key.js'
import type { AccountEntry, CachedAccount } from '../state/cached-account.js'
import { createNativeAccount, getDeletionAccount, type NativeAccount, type NativeSvm } from '../../../lib/native-svm.js'
import { BPF_LOADER_UPGRADEABLE, NATIVE_LOADER, SYSVAR_OWNER } from './well-known-programs.js'

export interface SvmStateStats {
  accountWrites: number
  programWrites: number
  deletions: number
}

export interface SvmState {
  /** Writes what changed among `entries` into the SVM. */
  sync(entries: readonly AccountEntry[]): void
  /** Drops an address the cache evicted, so the SVM's memory stays bounded by the cache's. */
  forget(key: AccountKey): void
  /**
   * Removes an address whatever the SVM holds for it (a state a bundle's simulation left), so the
   * next sync writes the cached version again.
   */
  discard(key: AccountKey): void
  readonly stats: Readonly<SvmStateStats>
}

/** Whether the SVM manages this account itself (sysvars, builtin programs) and must not be overwritten. */
function isSvmManaged(entry: CachedAccount): boolean {
  const owner = toAccountKey(entry.owner)
  return owner === SYSVAR_OWNER || owner === NATIVE_LOADER
}

/** The programdata address of an upgradeable loader Program account (u32 tag 2, then the address). */
function getProgramDataKey(entry: CachedAccount): AccountKey | undefined {
  if (entry.data.length < 36 || entry.data[0] !== 2 || toAccountKey(entry.owner) !== BPF_LOADER_UPGRADEABLE) return undefined
  return toAccountKey(entry.data.subarray(4, 36))
}

/** The native account the SVM is given for `entry` (built once per cached version). */
export function getNativeAccount(entry: CachedAccount): NativeAccount {
  entry.native ??= createNativeAccount(entry.lamports, entry.data, entry.owner, entry.executable, entry.rentEpoch)
  return entry.native as NativeAccount
}

/** Creates the sync between cache and SVM. */
export function createSvmState(svm: NativeSvm): SvmState {
  const held = new Map<AccountKey, number>()
  const pubkeys = new Map<AccountKey, Uint8Array>()
  const stats: SvmStateStats = { accountWrites: 0, programWrites: 0, deletions: 0 }
  const programs: CachedAccount[] = []
  /** Programdata address → the program account the SVM holds for it. */
  const programByData = new Map<AccountKey, CachedAccount>()

  function getPubkey(key: AccountKey): Uint8Array {
    let pubkey = pubkeys.get(key)
    if (!pubkey) {
      pubkey = fromAccountKey(key)
      pubkeys.set(key, pubkey)
    }
    return pubkey
  }

  function write(entry: CachedAccount): void {
    svm.setAccount(getPubkey(entry.key), getNativeAccount(entry))
    held.set(entry.key, entry.version)
  }

  function forget(key: AccountKey): void {
    if (!held.has(key)) return
    svm.setAccount(getPubkey(key), getDeletionAccount())
    held.delete(key)
    pubkeys.delete(key)
    for (const [dataKey, program] of programByData) if (program.key === key) programByData.delete(dataKey)
    stats.deletions++
  }

  function discard(key: AccountKey): void {
    svm.setAccount(getPubkey(key), getDeletionAccount())
    held.delete(key)
    pubkeys.delete(key)
    for (const [dataKey, program] of programByData) if (program.key === key) programByData.delete(dataKey)
  }

  function sync(entries: readonly AccountEntry[]): void {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as AccountEntry
      if (held.get(entry.key) === entry.version) continue
      if (!entry.exists) {
        forget(entry.key)
        continue
      }
      if (isSvmManaged(entry)) continue
      if (entry.executable) {
        programs.push(entry)
        continue
      }
      write(entry)
      stats.accountWrites++
      const program = programByData.get(entry.key)
      if (program && held.has(program.key) && !programs.includes(program)) programs.push(program)
    }
    if (programs.length === 0) return
    for (const program of programs) {
      write(program)
      stats.programWrites++
      const dataKey = getProgramDataKey(program)
      if (dataKey !== undefined) programByData.set(dataKey, program)
    }
    programs.length = 0
  }

  return { sync, forget, discard, stats }
}
