/**
 * The full account-key list of a decoded transaction, in the order instruction account indexes
 * address it: static keys, then every lookup's writable addresses (lookups in message order),
 * then every lookup's readonly addresses. Keys are 32-byte views into the transaction bytes and
 * into the table data, never copies.
 */
import { decodeLookupTable, getActiveAddressCount, getLookupTableLayoutError, LOOKUP_TABLE_META_SIZE } from './lookup-table.js'
import { isStaticKeyWritable, type WireTransaction } from './wire-transaction.js'

/**
 * `writable` is what the message requests. The bank later demotes some requested-writable keys
 * (sysvars and other reserved ids, programs an instruction invokes); the SVM applies that itself.
 */
export type AccountKeysResult =
  | { ok: true; keys: Uint8Array[]; writable: boolean[]; signer: boolean[] }
  | { ok: false; reason: 'lookup_table_not_found'; tableKey: Uint8Array }
  | { ok: false; reason: 'lookup_table_invalid'; tableKey: Uint8Array; message: string }
  | { ok: false; reason: 'lookup_table_index_out_of_range'; tableKey: Uint8Array; index: number }
  /** The same address twice in the full list (Agave: AccountLoadedTwice). */
  | { ok: false; reason: 'duplicate_account_key'; key: Uint8Array; index: number }

/** The table keys a transaction's lookups name, in message order (a table may repeat). */
export function getLookupTableKeys(tx: WireTransaction): Uint8Array[] {
  const keys = new Array<Uint8Array>(tx.lookups.length)
  for (let i = 0; i < tx.lookups.length; i++) keys[i] = tx.lookups[i]!.tableKey
  return keys
}

function isSameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let k = 0; k < 32; k++) if (a[k] !== b[k]) return false
  return true
}

/**
 * Resolves every account key of `tx`. `getTableData` returns a lookup table account's data, or
 * undefined when the account does not exist (the caller checks that its owner is the lookup
 * table program). With `currentSlot`, addresses appended to a table in that slot are not yet
 * usable, as on chain; without it every stored address is.
 */
export function resolveAccountKeys(
  tx: WireTransaction,
  getTableData: (tableKey: Uint8Array) => Uint8Array | undefined,
  currentSlot?: bigint,
): AccountKeysResult {
  const total = tx.staticKeyCount + tx.loadedKeyCount
  const keys = new Array<Uint8Array>(total)
  const writable = new Array<boolean>(total)
  const signer = new Array<boolean>(total)
  const bytes = tx.bytes
  for (let i = 0; i < tx.staticKeyCount; i++) {
    const at = tx.staticKeysOffset + 32 * i
    keys[i] = bytes.subarray(at, at + 32)
    writable[i] = isStaticKeyWritable(tx, i)
    signer[i] = i < tx.numRequiredSignatures
  }

  let w = tx.staticKeyCount
  let r = tx.staticKeyCount + tx.loadedWritableCount
  for (const lookup of tx.lookups) {
    const tableKey = lookup.tableKey
    const data = getTableData(tableKey)
    if (data === undefined) return { ok: false, reason: 'lookup_table_not_found', tableKey }
    const error = getLookupTableLayoutError(data)
    if (error !== undefined) return { ok: false, reason: 'lookup_table_invalid', tableKey, message: error }
    let usable = (data.length - LOOKUP_TABLE_META_SIZE) / 32
    if (currentSlot !== undefined) usable = getActiveAddressCount(decodeLookupTable(data), currentSlot)

    for (let k = 0; k < lookup.writableIndexes.length; k++) {
      const index = lookup.writableIndexes[k]!
      if (index >= usable) return { ok: false, reason: 'lookup_table_index_out_of_range', tableKey, index }
      const at = LOOKUP_TABLE_META_SIZE + 32 * index
      keys[w] = data.subarray(at, at + 32)
      writable[w] = true
      signer[w++] = false
    }
    for (let k = 0; k < lookup.readonlyIndexes.length; k++) {
      const index = lookup.readonlyIndexes[k]!
      if (index >= usable) return { ok: false, reason: 'lookup_table_index_out_of_range', tableKey, index }
      const at = LOOKUP_TABLE_META_SIZE + 32 * index
      keys[r] = data.subarray(at, at + 32)
      writable[r] = false
      signer[r++] = false
    }
  }

  // Static keys were checked by the decoder; only loaded keys can repeat one now.
  for (let i = tx.staticKeyCount; i < total; i++) {
    const key = keys[i]!
    for (let j = 0; j < i; j++) {
      if (keys[j]![0] === key[0] && isSameKey(keys[j]!, key)) {
        return { ok: false, reason: 'duplicate_account_key', key, index: i }
      }
    }
  }
  return { ok: true, keys, writable, signer }
}
