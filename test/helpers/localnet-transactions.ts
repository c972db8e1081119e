/** Builds signed wire transactions with @solana/kit for the localnet tests. */
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'

export type BuildOptions = {
  feePayer: KeyPairSigner
  blockhash: string
  instructions: readonly Instruction[]
  /** false leaves the signatures zeroed (an unsigned transaction). */
  sign?: boolean
  version?: 0 | 'legacy'
}

/** Compiles, optionally signs, and encodes a transaction. */
export async function buildTransaction(options: BuildOptions): Promise<Uint8Array> {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(options.feePayer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: options.blockhash as Blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(options.instructions, m),
  )
  const compiled = compileTransaction(message)
  const transaction = options.sign === false ? compiled : await signTransaction([options.feePayer.keyPair], compiled)
  return new Uint8Array(getTransactionEncoder().encode(transaction))
}

/** A SOL transfer from the fee payer, with an optional compute-unit price. */
export function buildTransfer(options: {
  from: KeyPairSigner
  to: Address
  lamports: bigint
  blockhash: string
  priceMicroLamports?: bigint
  sign?: boolean
  version?: 0 | 'legacy'
}): Promise<Uint8Array> {
  const instructions: Instruction[] = []
  if (options.priceMicroLamports !== undefined) {
    instructions.push(getSetComputeUnitPriceInstruction({ microLamports: options.priceMicroLamports }))
  }
  instructions.push(
    getTransferSolInstruction({ source: createNoopSigner(options.from.address), destination: options.to, amount: options.lamports }),
  )
  return buildTransaction({
    feePayer: options.from,
    blockhash: options.blockhash,
    instructions,
    ...(options.sign === undefined ? {} : { sign: options.sign }),
    ...(options.version === undefined ? {} : { version: options.version }),
  })
}

/** Base64 of wire bytes, as sendTransaction takes them with encoding "base64". */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}
