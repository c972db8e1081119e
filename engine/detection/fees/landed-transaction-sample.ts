/**
 * What a landed transaction contributes to the priority-fee window: its slot, its compute-unit
 * price and the accounts it writes, read from the wire bytes with the hot-path decoders.
 *
 * Writable means requested writable by the message: the header's writable static keys, then the
 * addresses loaded writable from lookup tables. The bank's later demotions (sysvars, invoked
 * programs) are left out on purpose: a transaction that asks for a write lock on them is rare,
 * and getRecentPrioritizationFees counts the message's write locks the same way.
 */
import { getComputeBudget } from '../../hot-path/decode/compute-budget.js'
import { decodeWireTransaction, getStaticKey, isStaticKeyWritable, type WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import type { LandedTransactionSample } from '../../hot-path/geyser/priority-fee-window.js'

/**
 * The sample of a decoded transaction. `loadedWritable` are the addresses its lookups loaded
 * writable (geyser's `loaded_writable_addresses`), in message order; without them only static
 * keys count. Null when the given addresses do not match the lookups, or when the compute-budget
 * instructions are invalid (such a transaction cannot have landed).
 */
export function getDecodedTransactionSample(
  tx: WireTransaction,
  slot: number,
  loadedWritable?: readonly Uint8Array[],
): LandedTransactionSample | null {
  if (loadedWritable !== undefined && loadedWritable.length !== tx.loadedWritableCount) return null
  const budget = getComputeBudget(tx)
  if (budget.error !== undefined) return null
  const writableAccounts: Uint8Array[] = []
  for (let i = 0; i < tx.staticKeyCount; i++) if (isStaticKeyWritable(tx, i)) writableAccounts.push(getStaticKey(tx, i))
  if (loadedWritable !== undefined) for (const key of loadedWritable) writableAccounts.push(key)
  return { slot, priceMicroLamports: budget.unitPriceMicroLamports, writableAccounts }
}

/**
 * The sample of a landed transaction given as wire bytes, or null when the bytes do not decode.
 * The keys are views into `wire`: record the sample before the buffer is reused.
 */
export function getLandedTransactionSample(
  wire: Uint8Array,
  slot: number,
  loadedWritable?: readonly Uint8Array[],
): LandedTransactionSample | null {
  let tx: WireTransaction
  try {
    tx = decodeWireTransaction(wire)
  } catch {
    return null
  }
  return getDecodedTransactionSample(tx, slot, loadedWritable)
}
