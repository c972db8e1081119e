/**
 * What a transaction the geyser stream carries contributes to the priority-fee window: its slot,
 * the price its SetComputeUnitPrice instruction set (0 without one) and the accounts its message
 * locks for writing (static keys by the header's counts, then `loaded_writable_addresses`).
 * Read straight from the stream's decoded message: no re-serialisation, no base58.
 */
import { COMPUTE_BUDGET_PROGRAM_ID } from '../decode/compute-budget.js'
import type { GeyserTransactionUpdate } from './geyser-subscription.js'
import type { LandedTransactionSample } from './priority-fee-window.js'

/** ComputeBudgetInstruction::SetComputeUnitPrice: tag 3, then a little-endian u64. */
const SET_COMPUTE_UNIT_PRICE = 3

function isComputeBudgetProgram(key: Uint8Array | undefined): boolean {
  return key !== undefined && key.length === 32 && Buffer.compare(key, COMPUTE_BUDGET_PROGRAM_ID) === 0
}

/** The sample of a streamed transaction; null for a vote or an update without a message. */
export function getStreamedTransactionSample(update: GeyserTransactionUpdate): LandedTransactionSample | null {
  const info = update.transaction
  const message = info?.transaction?.message
  const header = message?.header
  if (!info || info.isVote || !message || !header) return null
  const keys = message.accountKeys
  let price = 0n
  for (const instruction of message.instructions) {
    const data = instruction.data
    if (data.length >= 9 && data[0] === SET_COMPUTE_UNIT_PRICE && isComputeBudgetProgram(keys[instruction.programIdIndex])) {
      price = Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(1)
      break // a second one would have failed the transaction before it ran
    }
  }
  const writableAccounts: Uint8Array[] = []
  const signed = header.numRequiredSignatures
  const writableSigned = signed - header.numReadonlySignedAccounts
  const writableUnsignedEnd = keys.length - header.numReadonlyUnsignedAccounts
  for (let i = 0; i < keys.length; i++) {
    if (i < writableSigned || (i >= signed && i < writableUnsignedEnd)) writableAccounts.push(keys[i] as Uint8Array)
  }
  for (const key of info.meta?.loadedWritableAddresses ?? []) writableAccounts.push(key)
  return { slot: Number(update.slot), priceMicroLamports: price, writableAccounts }
}
