/**
 * The hot-path decoder of a wire transaction (legacy or v0): one pass over one buffer, no base58,
 * no copies. Keys, instruction accounts and data stay as subarrays of the input, so the caller
 * must not mutate the input while the result is in use.
 *
 * It applies the checks Agave applies before a transaction reaches the bank (bincode layout,
 * `VersionedTransaction::sanitize`, `Message::sanitize` for legacy and v0, no duplicate keys),
 * and rejects trailing bytes as the TPU's transaction view does. Every failure is a ServiceError
 * `invalid_transaction` with a precise message, never another exception.
 */
import { createServiceError } from '../../../lib/errors.js'

/** Solana's PACKET_DATA_SIZE: the largest transaction a validator accepts, in bytes. */
export const PACKET_DATA_SIZE = 1232

/** v0 messages may address at most 256 accounts: indexes are u8. */
const MAX_ACCOUNT_KEYS = 256

export interface WireInstruction {
  programIdIndex: number
  /** Indexes into the full account-key list (static, then loaded writable, then loaded readonly). */
  accountIndexes: Uint8Array
  data: Uint8Array
}

export interface WireLookup {
  tableKey: Uint8Array
  writableIndexes: Uint8Array
  readonlyIndexes: Uint8Array
}

export interface WireTransaction {
  bytes: Uint8Array
  version: 'legacy' | 0
  signatureCount: number
  /** Signature i = bytes.subarray(signaturesOffset + 64 * i, + 64); all zeroes when unsigned. */
  signaturesOffset: number
  /** The signed message runs from here to the end of `bytes`. */
  messageOffset: number
  numRequiredSignatures: number
  numReadonlySigned: number
  numReadonlyUnsigned: number
  staticKeyCount: number
  /** Static key i = bytes.subarray(staticKeysOffset + 32 * i, + 32). */
  staticKeysOffset: number
  /** Accounts loaded from lookup tables: the sum of every lookup's writable and readonly indexes. */
  loadedKeyCount: number
  /** Of `loadedKeyCount`, those loaded writable (they come first in the full key list). */
  loadedWritableCount: number
  recentBlockhash: Uint8Array
  instructions: WireInstruction[]
  /** Always empty for a legacy transaction. */
  lookups: WireLookup[]
}

function fail(message: string): never {
  throw createServiceError('invalid_transaction', message)
}

// End offset of the last compact-u16 read. A module-level slot instead of a returned pair keeps
// the reader allocation-free; decoding is synchronous, so nothing can interleave.
let shortVecEnd = 0

/**
 * Reads a compact-u16 (Solana's short_vec length) at `offset`: 1–3 bytes, 7 bits each, little
 * end first. Rejects what Agave rejects: a missing byte, a zero continuation byte (an alias of a
 * shorter encoding), and a value that does not fit 16 bits.
 */
function readShortVec(bytes: Uint8Array, offset: number, what: string): number {
  const length = bytes.length
  if (offset >= length) fail(`truncated: ${what} length missing at byte ${offset}`)
  const b0 = bytes[offset]!
  if (b0 < 0x80) {
    shortVecEnd = offset + 1
    return b0
  }
  if (offset + 1 >= length) fail(`truncated: ${what} length cut at byte ${offset + 1}`)
  const b1 = bytes[offset + 1]!
  if (b1 === 0) fail(`non-canonical compact-u16 ${what} length at byte ${offset}`)
  if (b1 < 0x80) {
    shortVecEnd = offset + 2
    return (b0 & 0x7f) | (b1 << 7)
  }
  if (offset + 2 >= length) fail(`truncated: ${what} length cut at byte ${offset + 2}`)
  const b2 = bytes[offset + 2]!
  if (b2 === 0) fail(`non-canonical compact-u16 ${what} length at byte ${offset}`)
  if (b2 > 3) fail(`compact-u16 ${what} length at byte ${offset} overflows 16 bits`)
  shortVecEnd = offset + 3
  return (b0 & 0x7f) | ((b1 & 0x7f) << 7) | (b2 << 14)
}

// Duplicate-key check in O(n): an open-addressing set over the first four bytes of each static
// key, reused across calls (a generation stamp marks the live slots, so nothing is cleared or
// allocated). A head collision falls back to comparing the remaining 28 bytes.
const SET_SLOTS = 512 // a power of two, at least twice MAX_ACCOUNT_KEYS
const slotGeneration = new Uint32Array(SET_SLOTS)
const slotKeyIndex = new Uint16Array(SET_SLOTS)
const keyHeads = new Int32Array(MAX_ACCOUNT_KEYS)
let setGeneration = 0

function readHead(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)
}

function isSameKeyTail(bytes: Uint8Array, a: number, b: number): boolean {
  for (let k = 4; k < 32; k++) if (bytes[a + k] !== bytes[b + k]) return false
  return true
}

/** Index of the first static key that repeats an earlier one, or -1. */
function findDuplicateStaticKey(bytes: Uint8Array, keysOffset: number, count: number): number {
  setGeneration = (setGeneration + 1) >>> 0 || 1
  for (let i = 0; i < count; i++) {
    const at = keysOffset + 32 * i
    const head = readHead(bytes, at)
    let slot = Math.imul(head, 0x9e3779b1) >>> 23 // top 9 bits: 0 .. 511
    while (slotGeneration[slot] === setGeneration) {
      const j = slotKeyIndex[slot]!
      if (keyHeads[j] === head && isSameKeyTail(bytes, keysOffset + 32 * j, at)) return i
      slot = (slot + 1) & (SET_SLOTS - 1)
    }
    slotGeneration[slot] = setGeneration
    slotKeyIndex[slot] = i
    keyHeads[i] = head
  }
  return -1
}

/** Decodes and sanitizes a wire transaction; throws ServiceError `invalid_transaction`. */
export function decodeWireTransaction(bytes: Uint8Array): WireTransaction {
  const length = bytes.length
  if (length === 0) fail('empty transaction')
  if (length > PACKET_DATA_SIZE) {
    fail(`transaction is ${length} bytes, more than the ${PACKET_DATA_SIZE}-byte packet limit`)
  }

  const signatureCount = readShortVec(bytes, 0, 'signature')
  const signaturesOffset = shortVecEnd
  let o = signaturesOffset + 64 * signatureCount
  if (o > length) fail(`truncated: ${signatureCount} signatures need ${64 * signatureCount} bytes`)

  const messageOffset = o
  if (o >= length) fail('truncated: message missing')
  let version: 'legacy' | 0 = 'legacy'
  const prefix = bytes[o]!
  if (prefix & 0x80) {
    const v = prefix & 0x7f
    if (v !== 0) fail(`unsupported transaction version ${v}`)
    version = 0
    o++
  }

  if (o + 3 > length) fail('truncated: message header')
  const numRequiredSignatures = bytes[o]!
  const numReadonlySigned = bytes[o + 1]!
  const numReadonlyUnsigned = bytes[o + 2]!
  o += 3
  if (numRequiredSignatures === 0) fail('message requires no signature: it has no fee payer')
  if (signatureCount !== numRequiredSignatures) {
    fail(`transaction has ${signatureCount} signatures but its message requires ${numRequiredSignatures}`)
  }
  if (numReadonlySigned >= numRequiredSignatures) {
    fail(`${numReadonlySigned} of ${numRequiredSignatures} signers are read-only: the fee payer must be writable`)
  }

  const staticKeyCount = readShortVec(bytes, o, 'account key')
  const staticKeysOffset = shortVecEnd
  o = staticKeysOffset + 32 * staticKeyCount
  if (o > length) fail(`truncated: ${staticKeyCount} account keys need ${32 * staticKeyCount} bytes`)
  if (numRequiredSignatures + numReadonlyUnsigned > staticKeyCount) {
    fail(
      `header describes ${numRequiredSignatures} signers and ${numReadonlyUnsigned} read-only unsigned ` +
        `accounts but the message has ${staticKeyCount} account keys`,
    )
  }

  if (o + 32 > length) fail('truncated: recent blockhash')
  const recentBlockhash = bytes.subarray(o, o + 32)
  o += 32

  const instructionCount = readShortVec(bytes, o, 'instruction')
  o = shortVecEnd
  // Each instruction takes at least 3 bytes; checking first keeps a forged count from
  // allocating a 65,535-slot array.
  if (instructionCount * 3 > length - o) {
    fail(`truncated: ${instructionCount} instructions cannot fit in ${length - o} bytes`)
  }
  const instructions = new Array<WireInstruction>(instructionCount)
  let maxAccountIndex = -1
  for (let i = 0; i < instructionCount; i++) {
    if (o >= length) fail(`truncated: instruction ${i} of ${instructionCount}`)
    const programIdIndex = bytes[o]!
    if (programIdIndex === 0) fail(`instruction ${i}: the fee payer (index 0) cannot be a program`)
    if (programIdIndex >= staticKeyCount) {
      fail(`instruction ${i}: program index ${programIdIndex} is not one of the ${staticKeyCount} static keys`)
    }
    const accountCount = readShortVec(bytes, o + 1, 'instruction account')
    const accountsStart = shortVecEnd
    const accountsEnd = accountsStart + accountCount
    if (accountsEnd > length) fail(`truncated: accounts of instruction ${i}`)
    for (let k = accountsStart; k < accountsEnd; k++) {
      const index = bytes[k]!
      if (index > maxAccountIndex) maxAccountIndex = index
    }
    const dataLength = readShortVec(bytes, accountsEnd, 'instruction data')
    const dataStart = shortVecEnd
    o = dataStart + dataLength
    if (o > length) fail(`truncated: data of instruction ${i}`)
    instructions[i] = {
      programIdIndex,
      accountIndexes: bytes.subarray(accountsStart, accountsEnd),
      data: bytes.subarray(dataStart, o),
    }
  }

  const lookups: WireLookup[] = []
  let loadedKeyCount = 0
  let loadedWritableCount = 0
  if (version === 0) {
    const lookupCount = readShortVec(bytes, o, 'address table lookup')
    o = shortVecEnd
    for (let i = 0; i < lookupCount; i++) {
      if (o + 32 > length) fail(`truncated: table key of address table lookup ${i}`)
      const tableKey = bytes.subarray(o, o + 32)
      const writableCount = readShortVec(bytes, o + 32, 'lookup writable index')
      const writableStart = shortVecEnd
      const writableEnd = writableStart + writableCount
      if (writableEnd > length) fail(`truncated: writable indexes of address table lookup ${i}`)
      const readonlyCount = readShortVec(bytes, writableEnd, 'lookup readonly index')
      const readonlyStart = shortVecEnd
      o = readonlyStart + readonlyCount
      if (o > length) fail(`truncated: readonly indexes of address table lookup ${i}`)
      if (writableCount + readonlyCount === 0) fail(`address table lookup ${i} loads no account`)
      loadedWritableCount += writableCount
      loadedKeyCount += writableCount + readonlyCount
      lookups.push({
        tableKey,
        writableIndexes: bytes.subarray(writableStart, writableEnd),
        readonlyIndexes: bytes.subarray(readonlyStart, o),
      })
    }
  }

  if (o !== length) fail(`${length - o} trailing bytes after the message`)

  const totalKeyCount = staticKeyCount + loadedKeyCount
  if (totalKeyCount > MAX_ACCOUNT_KEYS) {
    fail(`message addresses ${totalKeyCount} accounts, more than ${MAX_ACCOUNT_KEYS}`)
  }
  if (maxAccountIndex >= totalKeyCount) {
    // Cold path: name the first instruction at fault.
    for (let i = 0; i < instructionCount; i++) {
      const indexes = instructions[i]!.accountIndexes
      for (let k = 0; k < indexes.length; k++) {
        if (indexes[k]! >= totalKeyCount) {
          fail(`instruction ${i}: account index ${indexes[k]} is out of range (${totalKeyCount} account keys)`)
        }
      }
    }
  }
  const duplicate = findDuplicateStaticKey(bytes, staticKeysOffset, staticKeyCount)
  if (duplicate >= 0) fail(`account key ${duplicate} appears twice in the message`)

  return {
    bytes,
    version,
    signatureCount,
    signaturesOffset,
    messageOffset,
    numRequiredSignatures,
    numReadonlySigned,
    numReadonlyUnsigned,
    staticKeyCount,
    staticKeysOffset,
    loadedKeyCount,
    loadedWritableCount,
    recentBlockhash,
    instructions,
    lookups,
  }
}

/** Static key `i` (0 is the fee payer) as a 32-byte view into the transaction bytes. */
export function getStaticKey(tx: WireTransaction, i: number): Uint8Array {
  const at = tx.staticKeysOffset + 32 * i
  return tx.bytes.subarray(at, at + 32)
}

/** Signature `i` as a 64-byte view into the transaction bytes. */
export function getSignature(tx: WireTransaction, i: number): Uint8Array {
  const at = tx.signaturesOffset + 64 * i
  return tx.bytes.subarray(at, at + 64)
}

/** The signed message bytes (what the signatures cover). */
export function getMessageBytes(tx: WireTransaction): Uint8Array {
  return tx.bytes.subarray(tx.messageOffset)
}

/** Whether static key `i` must sign. */
export function isStaticKeySigner(tx: WireTransaction, i: number): boolean {
  return i < tx.numRequiredSignatures
}

/**
 * Whether static key `i` is requested writable by the header: the first signers minus the last
 * `numReadonlySigned` of them, then the unsigned keys minus the last `numReadonlyUnsigned`.
 * (The runtime further demotes reserved keys such as sysvars and invoked programs; that is a
 * bank rule, not a message rule.)
 */
export function isStaticKeyWritable(tx: WireTransaction, i: number): boolean {
  if (i < tx.numRequiredSignatures) return i < tx.numRequiredSignatures - tx.numReadonlySigned
  return i < tx.staticKeyCount - tx.numReadonlyUnsigned
}
