/**
 * A fresh wallet's signed SOL transfer on a test stack's localnet, optionally paying a relay tip
 * itself: what the landing tests (execute, send, submit, the relay) send. The wallet is airdropped
 * 2 SOL first; the blockhash is localnet's latest.
 */
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit'
import type { Stack } from './stack.js'
import { buildTransaction, transferSol } from './transactions.js'

const SOL = 1_000_000_000n

export interface StackTransfer {
  bytes: Uint8Array
  payer: KeyPairSigner
  receiver: KeyPairSigner
}

/** Signs a transfer of `lamports` (default 0.1 SOL) to a fresh receiver, with a transfer of `tip` to a tip account when given. */
export async function createStackTransfer(
  stack: Stack,
  options: { lamports?: bigint; tip?: { account: string; lamports: bigint } } = {},
): Promise<StackTransfer> {
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 2n * SOL)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const { tip } = options
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [
      transferSol(payer.address, receiver.address, options.lamports ?? SOL / 10n),
      ...(tip ? [transferSol(payer.address, tip.account as Address, tip.lamports)] : []),
    ],
    signers: [payer],
  })
  return { bytes, payer, receiver }
}
