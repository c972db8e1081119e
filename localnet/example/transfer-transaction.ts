/**
 * An example transaction to paste into a simulate call: a fresh wallet is airdropped 2 SOL on
 * localnet and sends 0.001 SOL to another fresh address. Unsigned by default: the signature slot
 * stays zero, which simulate accepts (signatures are not verified there); `signed` signs it with
 * the fresh wallet's key, as execute and send require. Each call makes new wallets, so the bytes
 * differ from one call to the next.
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
  signTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

const AIRDROP_LAMPORTS = 2_000_000_000n
const TRANSFER_LAMPORTS = 1_000_000n

/** Builds the example transfer against the localnet at `rpcUrl`; resolves to its base64 wire bytes. */
export async function createExampleTransfer(rpcUrl: string, signal?: AbortSignal, signed = false): Promise<string> {
  const rpc = createSolanaRpc(rpcUrl)
  const [payer, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  // The airdrop lands in the open slot, and the service reads state at processed, where it is already
  // seen: no confirmation to wait for (a client reading at confirmed would wait one slot).
  await rpc.requestAirdrop(payer.address, lamports(AIRDROP_LAMPORTS)).send({ abortSignal: signal })
  const { value: lifetime } = await rpc.getLatestBlockhash().send({ abortSignal: signal })
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: recipient.address, amount: lamports(TRANSFER_LAMPORTS) }),
        m,
      ),
  )
  const compiled = compileTransaction(message)
  return getBase64EncodedWireTransaction(signed ? await signTransaction([payer.keyPair], compiled) : compiled)
}
