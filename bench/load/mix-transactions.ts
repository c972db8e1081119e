/** Building unsigned v0 wire transactions with @solana/kit for the mix and the cold run. */
import { createHash, randomBytes } from 'node:crypto'
import {
  type Address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** An address nobody holds: sha256 of a label. */
export function getLabelAddress(label: string): Address {
  return getAddressDecoder().decode(createHash('sha256').update(label).digest())
}

/** A fresh address no chain or cache has seen. */
export function getRandomAddress(): Address {
  return getAddressDecoder().decode(randomBytes(32))
}

/** A signer-shaped placeholder: the transaction stays unsigned (zero signature slots). */
export function asSigner(address: Address): TransactionSigner {
  return { address, signTransactions: async () => [] } as unknown as TransactionSigner
}

/** The wire bytes of an unsigned v0 transaction, its accounts compressed into `tables` when given. */
export function buildV0(
  feePayer: Address,
  blockhash: string,
  instructions: Instruction[],
  tables?: Record<Address, Address[]>,
): Uint8Array {
  let message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(blockhash), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  if (tables) message = compressTransactionMessageUsingAddressLookupTables(message, tables) as typeof message
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** A system transfer of `lamports` from `from` (the fee payer) to `to`. */
export function buildSolTransfer(from: Address, to: Address, lamports: bigint, blockhash: string): Uint8Array {
  return buildV0(from, blockhash, [getTransferSolInstruction({ source: asSigner(from), destination: to, amount: lamports })])
}
