/**
 * A localnet wallet for the SDK's tests: airdropped (or not), it builds SOL transfers as
 * @solana/kit Transaction objects, signed or not, so the tests hand the SDK what a kit user has.
 */
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Transaction,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

export interface SdkWallet {
  payer: KeyPairSigner
  /** A transfer of `amountLamports` to a fresh address, with a fresh blockhash. */
  transfer(amountLamports: bigint, options?: { signed?: boolean }): Promise<Transaction>
  /** The same, as base64 wire bytes. */
  transferBase64(amountLamports: bigint, options?: { signed?: boolean }): Promise<string>
}

/** A fresh wallet on the localnet at `rpcUrl`, airdropped `airdropLamports` (none when 0). */
export async function createSdkWallet(rpcUrl: string, airdropLamports = 2_000_000_000n): Promise<SdkWallet> {
  const rpc = createSolanaRpc(rpcUrl)
  const payer = await generateKeyPairSigner()
  // localnet credits an airdrop at once.
  if (airdropLamports > 0n) await rpc.requestAirdrop(payer.address, lamports(airdropLamports)).send()
  const transfer = async (amountLamports: bigint, options: { signed?: boolean } = {}): Promise<Transaction> => {
    const recipient = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: payer, destination: recipient.address, amount: lamports(amountLamports) }),
          m,
        ),
    )
    const compiled = compileTransaction(message)
    return options.signed ? await signTransaction([payer.keyPair], compiled) : compiled
  }
  return {
    payer,
    transfer,
    transferBase64: async (amountLamports, options) => getBase64EncodedWireTransaction(await transfer(amountLamports, options)),
  }
}
