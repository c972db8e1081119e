/** Builds real wire transactions with @solana/kit for tests (unsigned unless a signer signs). */
import {
  type Address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type KeyPairSigner,
  type TransactionSigner,
  compressTransactionMessageUsingAddressLookupTables,
  type AddressesByLookupTableAddress,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'

export interface BuildOptions {
  feePayer: Address
  blockhash: string
  instructions: Instruction[]
  version?: 0 | 'legacy'
  computeUnitLimit?: number
  computeUnitPriceMicroLamports?: bigint
  lookupTables?: AddressesByLookupTableAddress
  /** Keypairs to sign with; without them the signature slots stay zero. */
  signers?: KeyPairSigner[]
}

/** The wire bytes of a transaction. */
export async function buildTransaction(options: BuildOptions): Promise<Uint8Array> {
  const budget: Instruction[] = []
  if (options.computeUnitLimit !== undefined) budget.push(getSetComputeUnitLimitInstruction({ units: options.computeUnitLimit }))
  if (options.computeUnitPriceMicroLamports !== undefined) {
    budget.push(getSetComputeUnitPriceInstruction({ microLamports: options.computeUnitPriceMicroLamports }))
  }
  let message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(options.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(options.blockhash), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions([...budget, ...options.instructions], m),
  )
  if (options.lookupTables && options.version === 0) {
    message = compressTransactionMessageUsingAddressLookupTables(message as never, options.lookupTables) as typeof message
  }
  let transaction = compileTransaction(message)
  if (options.signers)
    transaction = await signTransaction(
      options.signers.map((s) => s.keyPair),
      transaction,
    )
  return new Uint8Array(getTransactionEncoder().encode(transaction))
}

/** A signer-shaped placeholder for an address we do not hold the key of (unsigned transactions). */
export function asSigner(address: Address): TransactionSigner {
  return { address, signTransactions: async () => [] } as unknown as TransactionSigner
}

/** A system transfer instruction. */
export function transferSol(from: Address, to: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({ source: asSigner(from), destination: to, amount: lamports })
}

/** An SPL Token transfer instruction between token accounts. */
export function transferToken(source: Address, destination: Address, owner: Address, amount: bigint): Instruction {
  return getTransferInstruction({ source, destination, authority: asSigner(owner), amount })
}

/** Base64 of wire bytes. */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}
