/**
 * The full message of a landed transaction, for observers (the geyser stream): header, keys,
 * instructions, lookups, and the addresses its lookup tables resolved to. Decoded with kit only
 * when someone listens, so the send path pays nothing otherwise.
 */
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit'
import { fromAddressBytes } from './local-account.js'

/** An address lookup table's data starts with this fixed-size header, then 32-byte addresses. */
const LOOKUP_TABLE_META_SIZE = 56

export type LandedInstruction = {
  readonly programIdIndex: number
  readonly accounts: readonly number[]
  readonly data: Uint8Array
}

export type LandedLookup = {
  readonly table: Address
  readonly writableIndexes: readonly number[]
  readonly readonlyIndexes: readonly number[]
}

export type LandedMessage = {
  readonly signatures: readonly Uint8Array[]
  /** false for a legacy message. */
  readonly versioned: boolean
  readonly numRequiredSignatures: number
  readonly numReadonlySignedAccounts: number
  readonly numReadonlyUnsignedAccounts: number
  readonly staticKeys: readonly Address[]
  /** 32 bytes: the recent blockhash, or the nonce value of a durable-nonce transaction. */
  readonly recentBlockhash: Uint8Array
  readonly instructions: readonly LandedInstruction[]
  readonly lookups: readonly LandedLookup[]
  readonly loadedWritable: readonly Address[]
  readonly loadedReadonly: readonly Address[]
}

const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const base58 = getBase58Encoder()

function resolve(data: Uint8Array | undefined, indexes: readonly number[]): Address[] {
  const out: Address[] = []
  if (!data) return out
  for (const index of indexes) {
    const start = LOOKUP_TABLE_META_SIZE + index * 32
    if (start + 32 <= data.length) out.push(fromAddressBytes(data.subarray(start, start + 32)))
  }
  return out
}

/** Decodes a wire transaction the chain accepted; lookup tables are read through `getAccountData`. */
export function decodeLandedMessage(bytes: Uint8Array, getAccountData: (address: Address) => Uint8Array | undefined): LandedMessage {
  const transaction = transactionDecoder.decode(bytes)
  const message = messageDecoder.decode(transaction.messageBytes)
  const signatures = Object.values(transaction.signatures).map((s) => (s ? new Uint8Array(s) : new Uint8Array(64)))
  const instructions =
    message.version === 1
      ? []
      : message.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: ix.accountIndices ?? [],
          data: ix.data ? new Uint8Array(ix.data) : new Uint8Array(0),
        }))
  const lookups =
    message.version === 0 && message.addressTableLookups
      ? message.addressTableLookups.map((lookup) => ({
          table: lookup.lookupTableAddress,
          writableIndexes: lookup.writableIndexes,
          readonlyIndexes: lookup.readonlyIndexes,
        }))
      : []
  const loadedWritable: Address[] = []
  const loadedReadonly: Address[] = []
  for (const lookup of lookups) {
    const data = getAccountData(lookup.table)
    loadedWritable.push(...resolve(data, lookup.writableIndexes))
    loadedReadonly.push(...resolve(data, lookup.readonlyIndexes))
  }
  return {
    signatures,
    versioned: message.version !== 'legacy',
    numRequiredSignatures: message.header.numSignerAccounts,
    numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
    numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    staticKeys: message.staticAccounts,
    recentBlockhash: new Uint8Array(base58.encode(message.lifetimeToken)),
    instructions,
    lookups,
    loadedWritable,
    loadedReadonly,
  }
}

/** Every account key in Agave's order: static, then lookup writable, then lookup readonly. */
export function getLandedAccountKeys(message: LandedMessage): Address[] {
  return [...message.staticKeys, ...message.loadedWritable, ...message.loadedReadonly]
}

/** Whether the key at `index` (in getLandedAccountKeys order) is writable. */
export function isLandedKeyWritable(message: LandedMessage, index: number): boolean {
  const staticCount = message.staticKeys.length
  if (index >= staticCount) return index < staticCount + message.loadedWritable.length
  const signers = message.numRequiredSignatures
  if (index < signers) return index < signers - message.numReadonlySignedAccounts
  return index < staticCount - message.numReadonlyUnsignedAccounts
}
