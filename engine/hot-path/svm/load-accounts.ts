/**
 * Loads every account a transaction touches from the cache: its lookup tables first, then the
 * full key list, then what those accounts depend on (an upgradeable program's programdata, a
 * token account's mint). Answers synchronously when everything is cached.
 */
import { resolveAccountKeys, getLookupTableKeys } from '../decode/account-keys.js'
import type { WireTransaction } from '../decode/wire-transaction.js'
import type { AccountCache } from '../state/account-cache.js'
import { type AccountKey, toAccountKey } from '../state/account-key.js'
import type { AccountEntry, CachedAccount } from '../state/cached-account.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, BPF_LOADER_UPGRADEABLE } from './well-known-programs.js'
import { createFailure, type Failure } from './failure.js'
import { getTokenFields } from '../state/token-account.js'

export interface LoadedAccounts {
  keys: AccountKey[]
  /** The same keys as 32-byte views into the transaction and its lookup tables (for decoders that read bytes). */
  rawKeys: Uint8Array[]
  writable: boolean[]
  /** Entry of key i. */
  entries: AccountEntry[]
  /** Accounts the SVM also needs that the message does not name (programdata, mints). */
  dependencies: AccountEntry[]
  /** Lookup tables, so the SVM can resolve the v0 message too. */
  tables: AccountEntry[]
}

export type LoadResult = { ok: true; accounts: LoadedAccounts } | { ok: false; failure: Failure; tables: AccountEntry[] }

type MaybePromise<T> = T | Promise<T>

/** The upgradeable loader's Program account: u32 tag 2, then the programdata address. */
function getProgramDataKey(entry: CachedAccount): AccountKey | undefined {
  if (!entry.executable || entry.data.length < 36 || entry.data[0] !== 2) return undefined
  if (toAccountKey(entry.owner) !== BPF_LOADER_UPGRADEABLE) return undefined
  return toAccountKey(entry.data.subarray(4, 36))
}

/** What else the SVM needs for this account, worked out once per cached version. */
function getDependencyKey(entry: CachedAccount): AccountKey | null {
  if (entry.dependencyKey === undefined) entry.dependencyKey = getProgramDataKey(entry) ?? getTokenFields(entry)?.mint ?? null
  return entry.dependencyKey
}

function getDependencyKeys(entries: readonly AccountEntry[], named: readonly AccountKey[]): AccountKey[] {
  const out: AccountKey[] = []
  for (const entry of entries) {
    if (!entry.exists) continue
    const dependency = getDependencyKey(entry)
    if (dependency !== null && !named.includes(dependency) && !out.includes(dependency)) out.push(dependency)
  }
  return out
}

function then<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}

type KeyFailure = Extract<LoadResult, { ok: false }>

/** A message without lookups reads no table: no map of tables is built for it. */
function getNoTable(): undefined {
  return undefined
}

function createTableReader(tables: readonly AccountEntry[]): (tableKey: Uint8Array) => Uint8Array | undefined {
  const byKey = new Map<AccountKey, AccountEntry>()
  for (const table of tables) byKey.set(table.key, table)
  return (tableKey) => {
    const entry = byKey.get(toAccountKey(tableKey))
    return entry?.exists ? entry.data : undefined
  }
}

function resolveKeys(
  tx: WireTransaction,
  tables: AccountEntry[],
  slot: bigint,
): KeyFailure | { ok: true; keys: Uint8Array[]; writable: boolean[] } {
  for (const table of tables) {
    if (table.exists && toAccountKey(table.owner) !== ADDRESS_LOOKUP_TABLE_PROGRAM) {
      return { ok: false, failure: createFailure('program_error', 'transaction rejected: InvalidAddressLookupTableOwner'), tables }
    }
  }
  const resolved = resolveAccountKeys(tx, tables.length === 0 ? getNoTable : createTableReader(tables), slot)
  if (resolved.ok) return resolved
  switch (resolved.reason) {
    case 'lookup_table_not_found':
      return { ok: false, failure: createFailure('account_not_found', 'an address lookup table of the transaction does not exist'), tables }
    case 'lookup_table_index_out_of_range':
      return {
        ok: false,
        failure: createFailure('account_not_found', `address lookup table entry ${resolved.index} does not exist`),
        tables,
      }
    case 'lookup_table_invalid':
      return {
        ok: false,
        failure: createFailure('program_error', `transaction rejected: InvalidAddressLookupTableData (${resolved.message})`),
        tables,
      }
    case 'duplicate_account_key':
      return { ok: false, failure: createFailure('program_error', 'transaction rejected: AccountLoadedTwice'), tables }
  }
}

/** Loads the accounts of `tx`; a promise only when something had to be fetched. */
export function loadAccounts(tx: WireTransaction, cache: AccountCache, slot: bigint, signal?: AbortSignal): MaybePromise<LoadResult> {
  const tableKeys = tx.lookups.length === 0 ? [] : getLookupTableKeys(tx).map(toAccountKey)
  return then(cache.getMany(tableKeys, signal), (tables) => {
    const resolved = resolveKeys(tx, tables, slot)
    if (!resolved.ok) return resolved
    const keys = resolved.keys.map(toAccountKey)
    return then(cache.getMany(keys, signal), (entries) => {
      const dependencyKeys = getDependencyKeys(entries, keys)
      return then(dependencyKeys.length === 0 ? [] : cache.getMany(dependencyKeys, signal), (dependencies) => ({
        ok: true as const,
        accounts: { keys, rawKeys: resolved.keys, writable: resolved.writable, entries, dependencies, tables },
      }))
    })
  })
}
