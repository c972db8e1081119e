/**
 * What a transaction tips the relay: the lamports of its System Transfer instructions to one of the
 * relay's tip accounts, the rule findTipPayments (tip-payments.ts) reads for the bundle lint.
 * This one runs on every simulate, so it returns the sum alone and allocates nothing until an
 * instruction has a transfer's exact shape (12 bytes of data, tag 2): a transaction without one
 * costs a loop over its instructions' data lengths.
 */
import type { WireInstruction, WireTransaction } from '../decode/wire-transaction.js'
import { getStaticKey } from '../decode/wire-transaction.js'
import { toAccountKey, type AccountKey } from '../state/account-key.js'
import { SYSTEM_PROGRAM } from '../svm/well-known-programs.js'

/** System program instruction 2: Transfer { lamports: u64 }, a u32 tag then the amount (12 bytes). */
const SYSTEM_TRANSFER = 2
const TRANSFER_DATA_LENGTH = 12

/**
 * The lamports `tx` pays to `tipAccounts` by System Transfer, or null when it pays none (not
 * bundle-bound). `keys` is its resolved key list (static, then loaded from lookup tables); null
 * when it could not be resolved, and then a transfer to a loaded key is not read.
 */
export function getTipLamports(
  tx: WireTransaction,
  keys: readonly AccountKey[] | null,
  tipAccounts: ReadonlySet<AccountKey>,
): bigint | null {
  let total: bigint | null = null
  const { instructions } = tx
  for (let i = 0; i < instructions.length; i++) {
    const { data, accountIndexes, programIdIndex } = instructions[i] as WireInstruction
    if (data.length !== TRANSFER_DATA_LENGTH || data[0] !== SYSTEM_TRANSFER || data[1] !== 0 || data[2] !== 0 || data[3] !== 0) continue
    if (accountIndexes.length < 2 || getKey(tx, keys, programIdIndex) !== SYSTEM_PROGRAM) continue
    const destination = getKey(tx, keys, accountIndexes[1] as number)
    if (destination === undefined || !tipAccounts.has(destination)) continue
    // Only a tip pays for the view: the amount is a little-endian u64 after the tag.
    total = (total ?? 0n) + Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(4)
  }
  return total
}

function getKey(tx: WireTransaction, keys: readonly AccountKey[] | null, index: number): AccountKey | undefined {
  if (keys) return keys[index]
  return index < tx.staticKeyCount ? toAccountKey(getStaticKey(tx, index)) : undefined
}
