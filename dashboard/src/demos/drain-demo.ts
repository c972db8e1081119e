/**
 * The drain demo: what a wallet drainer asks a victim to sign. A fresh wallet, airdropped 2 SOL,
 * sends all its SOL but 0.005 SOL (what drainers leave for the fee and rent) to a fresh key it
 * has never dealt with, and assigns itself to another program, which would control whatever
 * lamports come in later. Two of the case set's drains in one (test/cases: `claim-airdrop-sol-sweep`
 * and `assign-wallet-to-program`, both `block` under the default policy): findings
 * `whole_balance_transfer` and `owner_reassigned`, both critical.
 */
import { lamports } from '@solana/kit'
import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system'
import { buildSignedTransaction, createDemoRpc, createFreshAddress, createFundedWallet, type DemoTransaction } from './demo-chain.ts'
import { formatSol } from '../components/format.ts'

/** Left in the wallet: enough for the fee, and to stay rent-exempt. */
const LEFT_LAMPORTS = 5_000_000n

export async function buildDrainDemo(rpcUrl: string, signal?: AbortSignal): Promise<DemoTransaction> {
  const rpc = createDemoRpc(rpcUrl)
  const [{ signer: victim, balance }, attacker, attackerProgram] = await Promise.all([
    createFundedWallet(rpc, signal),
    createFreshAddress(),
    createFreshAddress(),
  ])
  const swept = balance - LEFT_LAMPORTS
  const transaction = await buildSignedTransaction(
    rpc,
    victim,
    [
      getTransferSolInstruction({ source: victim, destination: attacker, amount: lamports(swept) }),
      getAssignInstruction({ account: victim, programAddress: attackerProgram }),
    ],
    signal,
  )
  return {
    transaction,
    wallet: victim.address,
    description: `A fresh wallet (${victim.address}), airdropped 2 SOL, sends ${formatSol(swept)} of its ${formatSol(balance)} to a key it never dealt with (${attacker}) and assigns itself to another program (${attackerProgram}).`,
  }
}
