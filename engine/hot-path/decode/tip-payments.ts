/**
 * Tips a transaction pays the relay: System Transfer instructions to one of the relay's tip
 * accounts. One rule, read two ways: `getTipLamports` for simulate (every call: the sum alone, no
 * allocation until an instruction has a transfer's exact shape) and `findTipPayments` for the bundle
 * lint (each payment, and whether its account came from a lookup table). The sequential simulation
 * confirms tips from balances (a tip paid through a program's CPI shows only there).
 */
import type { WireInstruction, WireTransaction } from './wire-transaction.js'
import { getStaticKey } from './wire-transaction.js'
import { toAccountKey, type AccountKey } from '../state/account-key.js'
import { SYSTEM_PROGRAM } from '../svm/well-known-programs.js'

/** System program instruction 2: Transfer { lamports: u64 }, a u32 tag then the amount (12 bytes). */
const SYSTEM_TRANSFER = 2
const TRANSFER_DATA_LENGTH = 12

export interface TipPayment {
  account: AccountKey
  lamports: bigint
  /** The tip account came from an address lookup table, not the message's own keys. */
  viaLookupTable: boolean
}

function getKey(tx: WireTransaction, keys: readonly AccountKey[] | null, index: number): AccountKey | undefined {
  if (keys) return keys[index]
  return index < tx.staticKeyCount ? toAccountKey(getStaticKey(tx, index)) : undefined
}

/**
 * The tip `instruction` pays, or null when it is no System Transfer to a tip account. `keys` is the
 * transaction's resolved key list (static, then loaded from lookup tables); null when it could not
 * be resolved, and then a transfer to a loaded key is not read.
 */
function readTipPayment(
  tx: WireTransaction,
  keys: readonly AccountKey[] | null,
  tipAccounts: ReadonlySet<AccountKey>,
  instruction: WireInstruction,
): TipPayment | null {
  const { data, accountIndexes, programIdIndex } = instruction
  if (data.length !== TRANSFER_DATA_LENGTH || data[0] !== SYSTEM_TRANSFER || data[1] !== 0 || data[2] !== 0 || data[3] !== 0) return null
  if (accountIndexes.length < 2 || getKey(tx, keys, programIdIndex) !== SYSTEM_PROGRAM) return null
  const index = accountIndexes[1] as number
  const account = getKey(tx, keys, index)
  if (account === undefined || !tipAccounts.has(account)) return null
  // Only a tip pays for the view: the amount is a little-endian u64 after the tag.
  const lamports = Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(4)
  return { account, lamports, viaLookupTable: index >= tx.staticKeyCount }
}

/** The lamports `tx` pays to `tipAccounts` by System Transfer, or null when it pays none (not bundle-bound). */
export function getTipLamports(
  tx: WireTransaction,
  keys: readonly AccountKey[] | null,
  tipAccounts: ReadonlySet<AccountKey>,
): bigint | null {
  let total: bigint | null = null
  const { instructions } = tx
  for (let i = 0; i < instructions.length; i++) {
    const payment = readTipPayment(tx, keys, tipAccounts, instructions[i] as WireInstruction)
    if (payment) total = (total ?? 0n) + payment.lamports
  }
  return total
}

/** Each tip transfer of `tx`, in instruction order. */
export function findTipPayments(
  tx: WireTransaction,
  keys: readonly AccountKey[] | null,
  tipAccounts: ReadonlySet<AccountKey>,
): TipPayment[] {
  const payments: TipPayment[] = []
  for (const instruction of tx.instructions) {
    const payment = readTipPayment(tx, keys, tipAccounts, instruction)
    if (payment) payments.push(payment)
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
