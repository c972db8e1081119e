/**
 * The transaction's signature for its history record: the first signature slot, base58, or null
 * when the slot is empty (an unsigned transaction) or absent. Base58 still costs ≈9 µs for 64
 * bytes (lib/base58.ts), so it runs when history is flushed, never on the request path.
 */
import type { SimulationRecord } from '../accounts/contract/index.js'
import { toBase58 } from '../lib/base58.js'

const SIGNATURE_BYTES = 64

/** The first signature slot of wire-transaction bytes (a view, not a copy), or null when empty or absent. */
export function getFirstSignatureBytes(transaction: Uint8Array): Uint8Array | null {
  // The count is a compact-u16; any count ≥ 1 has its low 7 bits or a continuation byte set.
  const count = transaction[0]
  if (count === undefined || count === 0) return null
  const start = count & 0x80 ? ((transaction[1] ?? 0) & 0x80 ? 3 : 2) : 1
  const signature = transaction.subarray(start, start + SIGNATURE_BYTES)
  if (signature.length < SIGNATURE_BYTES || signature.every((byte) => byte === 0)) return null
  return signature
}

const signatureOfRecord = new WeakMap<SimulationRecord, Uint8Array>()

/** Keeps a queued record's signature bytes (getFirstSignatureBytes) beside it until it is written; none for an unsigned transaction. */
export function attachSignatureBytes(record: SimulationRecord, signature: Uint8Array | null): void {
  if (signature !== null) signatureOfRecord.set(record, signature)
}

/** The record with its `signature` filled in, base58, from the attached bytes (at flush time). */
export function getRecordWithSignature(record: SimulationRecord): SimulationRecord {
  const signature = signatureOfRecord.get(record)
  return signature ? { ...record, signature: toBase58(signature) } : record
}
