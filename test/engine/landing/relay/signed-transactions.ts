/** Real signed wire transactions (base64) for the relay tests: distinct, so each has its own signature. */
import { generateKeyPairSigner, getBase58Decoder, getTransactionDecoder } from '@solana/kit'
import { buildTransaction, toBase64, transferSol } from '../../../helpers/transactions.js'

const BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'

/** `count` self-transfers of 1..count lamports, signed by one fresh key. */
export async function createSignedTransactions(count: number): Promise<string[]> {
  const signer = await generateKeyPairSigner()
  const transactions: string[] = []
  for (let i = 1; i <= count; i++) {
    const wire = await buildTransaction({
      feePayer: signer.address,
      blockhash: BLOCKHASH,
      instructions: [transferSol(signer.address, signer.address, BigInt(i))],
      signers: [signer],
    })
    transactions.push(toBase64(wire))
  }
  return transactions
}

/** The first signature of a base64 wire transaction, base58 (read with kit). */
export function getFirstSignature(base64: string): string {
  const transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'))
  return getBase58Decoder().decode(Object.values(transaction.signatures)[0]!)
}
