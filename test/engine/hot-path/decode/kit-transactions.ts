/**
 * Transactions built with @solana/kit for the decoder and fee tests: compiled by kit, encoded by
 * kit, unsigned (all-zero signature slots) unless signed explicitly.
 */
import { randomBytes } from 'node:crypto'
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getAddressEncoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type AddressesByLookupTableAddress,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

const addressDecoder = getAddressDecoder()
const addressEncoder = getAddressEncoder()

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address
export const DEFAULT_BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash

export function randomAddress(): Address {
  return addressDecoder.decode(randomBytes(32))
}

export function toAddressBytes(address: Address): Uint8Array {
  return new Uint8Array(addressEncoder.encode(address))
}

export function toAddress(bytes: Uint8Array): Address {
  return addressDecoder.decode(bytes)
}

/** A signer placeholder: enough for kit to compile the account as a signer; never signs. */
export function placeholderSigner(address: Address): TransactionSigner {
  return { address } as TransactionSigner
}

export function transferInstruction(from: Address, to: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({ source: placeholderSigner(from), destination: to, amount: lamports })
}

export function memoInstruction(text: string, signers: Address[] = []): Instruction {
  return {
    programAddress: MEMO_PROGRAM,
    accounts: signers.map((address) => ({ address, role: AccountRole.READONLY_SIGNER })),
    data: new TextEncoder().encode(text),
  }
}

export interface BuildOptions {
  version: 'legacy' | 0
  feePayer: Address
  instructions: Instruction[]
  blockhash?: Blockhash
  lookupTables?: AddressesByLookupTableAddress
}

/** The wire bytes kit produces for an unsigned transaction. */
export function buildWireTransaction(options: BuildOptions): Uint8Array {
  const lifetime = { blockhash: options.blockhash ?? DEFAULT_BLOCKHASH, lastValidBlockHeight: 0n }
  const encoder = getTransactionEncoder()
  if (options.version === 'legacy') {
    if (options.lookupTables !== undefined) throw new Error('legacy transactions cannot use lookup tables')
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(options.feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(options.instructions, m),
    )
    return new Uint8Array(encoder.encode(compileTransaction(message)))
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(options.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(options.instructions, m),
  )
  const compressed =
    options.lookupTables === undefined ? message : compressTransactionMessageUsingAddressLookupTables(message, options.lookupTables)
  return new Uint8Array(encoder.encode(compileTransaction(compressed)))
}
