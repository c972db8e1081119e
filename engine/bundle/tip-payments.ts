/**
 * Tips a transaction pays the relay: System Transfer instructions to one of the relay's tip
 * accounts. A bundle's tip is what its transactions pay these accounts; the lint reads it here
 * (before anything runs) and the sequential simulation confirms it from balances (a tip paid
 * through a program's CPI shows only there).
 */
import type { WireTransaction } from '../decode/wire-transaction.js'
import { getStaticKey } from '../decode/wire-transaction.js'
import { toAccountKey, type AccountKey } from '../state/account-key.js'
import { SYSTEM_PROGRAM } from '../svm/well-known-programs.js'

/** System program instruction 2: Transfer { lamports: u64 } (12 bytes of data). */
const SYSTEM_TRANSFER = 2

export interface TipPayment {
  account: AccountKey
  lamports: bigint
  /** The tip account came from an address lookup table, not the message's own keys. */
  viaLookupTable: boolean
}

/**
 * The tip transfers of `tx`. `keys` is its resolved key list (static, then loaded from lookup
 * tables); without it only static keys are known, and a transfer to a loaded key is not read.
 */
export function findTipPayments(
  tx: WireTransaction,
  keys: readonly AccountKey[] | null,
  tipAccounts: ReadonlySet<AccountKey>,
): TipPayment[] {
  const payments: TipPayment[] = []
  for (const instruction of tx.instructions) {
    const data = instruction.data
    if (data.length !== 12 || instruction.accountIndexes.length < 2) continue
    if (data[0] !== SYSTEM_TRANSFER || data[1] !== 0 || data[2] !== 0 || data[3] !== 0) continue
    if (getKey(tx, keys, instruction.programIdIndex) !== SYSTEM_PROGRAM) continue
    const index = instruction.accountIndexes[1] as number
    const destination = getKey(tx, keys, index)
    if (destination === undefined || !tipAccounts.has(destination)) continue
    const lamports = Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(4)
    payments.push({ account: destination, lamports, viaLookupTable: index >= tx.staticKeyCount })
  }
  return payments
}

/** The tip accounts among the keys `tx` loads from lookup tables. */
export function findTipAccountsInLookupTables(
  tx: WireTransaction,
  keys: readonly AccountKey[],
  tipAccounts: ReadonlySet<AccountKey>,
): AccountKey[] {
  const found: AccountKey[] = []
  for (let i = tx.staticKeyCount; i < keys.length; i++) if (tipAccounts.has(keys[i] as AccountKey)) found.push(keys[i] as AccountKey)
  return found
}

function getKey(tx: WireTransaction, keys: readonly AccountKey[] | null, index: number): AccountKey | undefined {
  if (keys) return keys[index]
  return index < tx.staticKeyCount ? toAccountKey(getStaticKey(tx, index)) : undefined
}
