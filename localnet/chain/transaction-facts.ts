/**
 * What the chain needs to know about a wire transaction before and after LiteSVM runs it: its id
 * (first signature), the blockhash (or nonce) it references, its compute-unit price, the accounts
 * it writes, and whether it is a durable-nonce transaction. Decoded with kit's codecs.
 */
import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit'

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const SET_COMPUTE_UNIT_PRICE = 3
const ADVANCE_NONCE_ACCOUNT = 4
/** An address lookup table's data starts with this fixed-size header, then 32-byte addresses. */
const LOOKUP_TABLE_META_SIZE = 56

export type TransactionFacts = {
  /** Base58 of the first signature, the transaction's id; all '1's when it is unsigned. */
  readonly signature: string
  readonly signatureBytes: Uint8Array
  /** The recent blockhash, or the nonce value for a durable-nonce transaction. */
  readonly lifetimeToken: string
  readonly priceMicroLamports: bigint
  /** Writable accounts named in the message itself (lookup-table ones are resolved separately). */
  readonly writableStaticAccounts: readonly Address[]
  readonly writableLookups: ReadonlyArray<{ table: Address; indexes: readonly number[] }>
  /** The nonce account when the first instruction is System AdvanceNonceAccount, else null. */
  readonly nonceAccount: Address | null
}

/** Thrown when bytes are not a wire transaction; the RPC answers it as invalid params. */
export class TransactionDecodeError extends Error {
  override readonly name = 'TransactionDecodeError'
}

const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const base58 = getBase58Decoder()
const UNSIGNED = '1'.repeat(64)

function readU32(data: ReadonlyUint8Array | undefined): number | undefined {
  if (!data || data.length < 4) return undefined
  return ((data[0] as number) | ((data[1] as number) << 8) | ((data[2] as number) << 16)) + (data[3] as number) * 2 ** 24
}

function readU64(data: ReadonlyUint8Array, offset: number): bigint {
  let value = 0n
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(data[offset + i] as number)
  return value
}

/** Decodes the facts of a wire transaction (legacy or v0); throws TransactionDecodeError. */
export function decodeTransactionFacts(bytes: Uint8Array): TransactionFacts {
  let transaction: ReturnType<typeof transactionDecoder.decode>
  let message: ReturnType<typeof messageDecoder.decode>
  try {
    transaction = transactionDecoder.decode(bytes)
    message = messageDecoder.decode(transaction.messageBytes)
  } catch (cause) {
    throw new TransactionDecodeError(cause instanceof Error ? cause.message : String(cause))
  }
  const first = Object.values(transaction.signatures)[0]
  const signatureBytes = first ? new Uint8Array(first) : new Uint8Array(64)
  const signature = first ? base58.decode(first) : UNSIGNED
  const { header, staticAccounts } = message
  const writableSigners = header.numSignerAccounts - header.numReadonlySignerAccounts
  const writableStaticAccounts = staticAccounts.filter(
    (_, i) => i < writableSigners || (i >= header.numSignerAccounts && i < staticAccounts.length - header.numReadonlyNonSignerAccounts),
  )
  let priceMicroLamports = 0n
  let nonceAccount: Address | null = null
  let writableLookups: TransactionFacts['writableLookups'] = []
  if (message.version !== 1) {
    for (const [index, instruction] of message.instructions.entries()) {
      const program = staticAccounts[instruction.programAddressIndex]
      const data = instruction.data
      if (program === COMPUTE_BUDGET_PROGRAM && data?.[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) {
        priceMicroLamports = readU64(data, 1)
      }
      const nonceIndex = instruction.accountIndices?.[0]
      if (index === 0 && program === SYSTEM_PROGRAM && readU32(data) === ADVANCE_NONCE_ACCOUNT && nonceIndex !== undefined) {
        nonceAccount = staticAccounts[nonceIndex] ?? null
      }
    }
    if (message.version === 0 && message.addressTableLookups) {
      writableLookups = message.addressTableLookups.map((lookup) => ({
        table: lookup.lookupTableAddress,
        indexes: lookup.writableIndexes,
      }))
    }
  }
  return {
    signature,
    signatureBytes,
    lifetimeToken: message.lifetimeToken,
    priceMicroLamports,
    writableStaticAccounts,
    writableLookups,
    nonceAccount,
  }
}

/** The addresses a v0 transaction writes through lookup tables, read from the tables' data. */
export function getWritableLookupAccounts(
  facts: TransactionFacts,
  getAccountData: (address: Address) => Uint8Array | undefined,
): Address[] {
  const out: Address[] = []
  for (const { table, indexes } of facts.writableLookups) {
    const data = getAccountData(table)
    if (!data) continue
    for (const index of indexes) {
      const start = LOOKUP_TABLE_META_SIZE + index * 32
      if (start + 32 <= data.length) out.push(base58.decode(data.subarray(start, start + 32)) as Address)
    }
  }
  return out
}
