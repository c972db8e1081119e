/**
 * The floor: a bare LiteSVM holding exactly the accounts the engine's SVM was given for a
 * transaction (copied from the engine's cache after a warm simulate), with the engine's clock and
 * settings (lib/native-svm.ts). Timing `simulateVersionedTransaction(bytes)` on it is the least a
 * simulate can cost on this machine (bench/README.md). The same accounts also go into LiteSVM's
 * public wrapper, for the public-API reference path.
 */
import { type Address, address, lamports } from '@solana/kit'
import { Clock, LiteSVM } from 'litesvm'
import { createNativeAccount, createNativeSvm, setNativeClock, type NativeSvm } from '../../lib/native-svm.js'
import { decodeWireTransaction } from '../../engine/hot-path/decode/wire-transaction.js'
import type { Engine } from '../../engine/engine.js'
import { loadAccounts } from '../../engine/hot-path/svm/load-accounts.js'
import { fromAccountKey, toAccountKey, toBase58Address } from '../../engine/hot-path/state/account-key.js'
import type { AccountEntry, CachedAccount } from '../../engine/hot-path/state/cached-account.js'
import { NATIVE_LOADER, SYSVAR_OWNER } from '../../engine/hot-path/svm/well-known-programs.js'

/** The accounts of one transaction as the engine holds them, in write order (programs last). */
export interface CopiedAccounts {
  accounts: CachedAccount[]
  /** Addresses the engine knows do not exist (left out of the floor SVM, as the engine does). */
  missing: number
}

/**
 * The accounts the engine writes into its SVM for `bytes`: message keys, lookup tables and
 * dependencies (programdata, mints), minus missing ones and those LiteSVM manages itself
 * (sysvars, builtins). Throws unless they are all in the cache already (run the engine first).
 */
export function copyEngineAccounts(engine: Engine, bytes: Uint8Array): CopiedAccounts {
  const loaded = loadAccounts(decodeWireTransaction(bytes), engine.cache, BigInt(engine.chain.slot))
  if (loaded instanceof Promise) throw new Error('the engine cache is not warm for this transaction')
  if (!loaded.ok) throw new Error(`the engine cannot load this transaction's accounts: ${loaded.failure.reason}`)
  const all: AccountEntry[] = [...loaded.accounts.tables, ...loaded.accounts.entries, ...loaded.accounts.dependencies]
  const plain: CachedAccount[] = []
  const programs: CachedAccount[] = []
  let missing = 0
  for (const entry of all) {
    if (!entry.exists) {
      missing++
      continue
    }
    const owner = toAccountKey(entry.owner)
    if (owner === SYSVAR_OWNER || owner === NATIVE_LOADER) continue
    // A program write compiles the ELF from the programdata the SVM holds then: programs last.
    ;(entry.executable ? programs : plain).push(entry)
  }
  return { accounts: [...plain, ...programs], missing }
}

/** A native SVM configured as the engine's, holding `copied` and the engine's clock. */
export function createFloorSvm(engine: Engine, copied: CopiedAccounts): NativeSvm {
  const svm = createNativeSvm()
  if (engine.chain.clock) setNativeClock(svm, engine.chain.clock)
  for (const account of copied.accounts) {
    const native = createNativeAccount(account.lamports, account.data, account.owner, account.executable, account.rentEpoch)
    svm.setAccount(fromAccountKey(account.key), native)
  }
  return svm
}

/** LiteSVM's public wrapper with the same accounts, clock and checks off (reference path). */
export function createPublicLiteSvm(engine: Engine, copied: CopiedAccounts): LiteSVM {
  const svm = new LiteSVM().withSigverify(false).withBlockhashCheck(false).withTransactionHistory(0n)
  const clock = engine.chain.clock
  if (clock) svm.setClock(new Clock(clock.slot, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, clock.unixTimestamp))
  for (const account of copied.accounts) {
    svm.setAccount({
      address: toAddress(account),
      data: account.data,
      executable: account.executable,
      lamports: lamports(account.lamports),
      programAddress: address(toBase58Address(toAccountKey(account.owner))),
      space: BigInt(account.data.length),
    })
  }
  return svm
}

function toAddress(account: CachedAccount): Address {
  return address(toBase58Address(account.key))
}
