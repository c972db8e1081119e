/** Turns a plan into a signed wire transaction with @solana/kit and the official program clients. */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction } from '@solana-program/token'
import { DEMO_MINT, DEMO_MINT_DECIMALS } from '../seed/demo-state.js'
import type { TrafficPlan } from './traffic-plan.js'
import type { TrafficWallet } from './traffic-wallet.js'

export type RecentBlockhash = { readonly blockhash: Blockhash; readonly lastValidBlockHeight: bigint }

export type SignedTransaction = { readonly signature: Signature; readonly wire: Base64EncodedWireTransaction }

/** Compiles and signs `instructions` paid by `feePayer`; every signer named in them signs. */
export async function signInstructions(
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  lifetime: RecentBlockhash,
): Promise<SignedTransaction> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  return { signature: getSignatureFromTransaction(transaction), wire: getBase64EncodedWireTransaction(transaction) }
}

/** The instructions of a plan: its ComputeBudget pair (unless it has none), then the transfer. */
export function getPlanInstructions(plan: TrafficPlan, wallets: readonly TrafficWallet[]): Instruction[] {
  const from = wallets[plan.from]
  const to = wallets[plan.to]
  if (!from || !to) throw new RangeError(`plan names wallet ${plan.from} or ${plan.to} of ${wallets.length}`)
  const instructions: Instruction[] = []
  if (plan.budget.computeUnitLimit !== null) {
    instructions.push(
      getSetComputeUnitLimitInstruction({ units: plan.budget.computeUnitLimit }),
      getSetComputeUnitPriceInstruction({ microLamports: plan.budget.priceMicroLamports }),
    )
  }
  instructions.push(
    plan.asset === 'sol'
      ? getTransferSolInstruction({ source: from.signer, destination: to.signer.address, amount: plan.amount })
      : getTransferCheckedInstruction({
          source: from.tokenAccount,
          mint: DEMO_MINT,
          destination: to.tokenAccount,
          authority: from.signer,
          amount: plan.amount,
          decimals: DEMO_MINT_DECIMALS,
        }),
  )
  return instructions
}

/** Signs a plan's transaction with the sending wallet. */
export function buildPlanTransaction(
  plan: TrafficPlan,
  wallets: readonly TrafficWallet[],
  lifetime: RecentBlockhash,
): Promise<SignedTransaction> {
  const from = wallets[plan.from]
  if (!from) throw new RangeError(`plan names wallet ${plan.from} of ${wallets.length}`)
  return signInstructions(from.signer, getPlanInstructions(plan, wallets), lifetime)
}
