/**
 * The transfer demo: a fresh wallet, airdropped 2 SOL on the local chain, sends 0.001 SOL to a
 * fresh address. Signed, so it can be executed (localnet/example/transfer-transaction.ts is the
 * same transaction built from Node).
 */
import { lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { buildSignedTransaction, createDemoRpc, createFreshAddress, createFundedWallet, type DemoTransaction } from './demo-chain.ts'
import { formatSol } from '../components/format.ts'

const TRANSFER_LAMPORTS = 1_000_000n

export async function buildTransferDemo(rpcUrl: string, signal?: AbortSignal): Promise<DemoTransaction> {
  const rpc = createDemoRpc(rpcUrl)
  const [{ signer: payer }, recipient] = await Promise.all([createFundedWallet(rpc, signal), createFreshAddress()])
  const transaction = await buildSignedTransaction(
    rpc,
    payer,
    [getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(TRANSFER_LAMPORTS) })],
    signal,
  )
  return {
    transaction,
    wallet: payer.address,
    description: `A fresh wallet (${payer.address}), airdropped 2 SOL, sends ${formatSol(TRANSFER_LAMPORTS)} to a fresh address (${recipient}). Signed: it can be executed.`,
  }
}
