/**
 * The other side of the counterparty rules: a token bought back by its own issuer (the wallet holds
 * its authorities: still its own token), tokens with a trap extension received without paying for
 * them (a gift, a merchant-paid claim: the wallet pays the fee and an account's rent at most, so
 * the token's risk warns and never blocks), and SOL routed through the wallet's wrapped-SOL account
 * or a new account to an ordinary payee.
 */
import type { Address, KeyPairSigner } from '@solana/kit'
import { getTransferCheckedInstruction } from '@solana-program/token-2022'
import { getMemoInstruction } from '../helpers/memo-instruction.js'
import { asSigner, transferSol } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { getRelayedSendInstructions, getWrappedSendInstructions } from './drains-counterparty-signer.js'
import { createTrapMint, getAta2022, getCreateAta2022Instruction, getMintTo2022Instruction } from './token-2022-setup.js'

const SOL = 1_000_000_000n
const TOKENS = 1_000_000_000n

/** `holder`'s Token-2022 account of a permanent-delegate token `issuer` made, holding 10,000 tokens. */
async function createTrapHolding(context: CaseContext, issuer: KeyPairSigner, holder: Address) {
  const mint = await createTrapMint(context, issuer, 'permanent_delegate')
  const account = await getAta2022(holder, mint)
  await context.send(issuer, [
    getCreateAta2022Instruction(issuer.address, account, holder, mint),
    getMintTo2022Instruction(mint, account, issuer.address, 10n * TOKENS),
  ])
  return { mint, account }
}

export const RECEIPT_BENIGN: readonly TransactionCase[] = [
  {
    id: 'buyback-own-permanent-delegate-token',
    title: 'An issuer buys back 1,000 of its own permanent-delegate tokens from a holder who co-signs, for 2 SOL',
    kind: 'benign',
    technique: 'buying a token whose mint authority and permanent delegate are the buyer itself (its own token)',
    source: SOURCES.permanentDelegate,
    expected: 'approve',
    async build(context) {
      const [wallet, holder] = await Promise.all([context.fund(), context.fund()])
      const { mint, account } = await createTrapHolding(context, wallet, holder.address)
      const own = await getAta2022(wallet.address, mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [holder],
        instructions: [
          getCreateAta2022Instruction(wallet.address, own, wallet.address, mint),
          transferSol(wallet.address, holder.address, 2n * SOL),
          getTransferCheckedInstruction({
            source: account,
            mint,
            destination: own,
            authority: asSigner(holder.address),
            amount: TOKENS,
            decimals: 6,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'gift-of-permanent-delegate-token',
    title: "A permanent-delegate token given by its issuer, who co-signs; the wallet pays the fee and its account's rent",
    kind: 'benign',
    technique: 'receiving a trap token for nothing: holding it costs nothing, so it warns and does not block',
    source: SOURCES.token2022Honeypots,
    expected: 'warn',
    async build(context) {
      const [wallet, friend] = await Promise.all([context.fund(), context.fund()])
      const { mint, account } = await createTrapHolding(context, friend, friend.address)
      const own = await getAta2022(wallet.address, mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [friend],
        instructions: [
          getCreateAta2022Instruction(wallet.address, own, wallet.address, mint),
          getTransferCheckedInstruction({
            source: account,
            mint,
            destination: own,
            authority: asSigner(friend.address),
            amount: TOKENS / 10n,
            decimals: 6,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'merchant-paid-claim-of-hook-token',
    title: "A claim paid by the merchant: it pays the fee and the wallet's account, and mints it 100 transfer-hook tokens",
    kind: 'benign',
    technique: 'fee sponsorship of a claim: the wallet signs a memo and pays nothing, the token it receives has a transfer hook',
    source: SOURCES.feeSponsorship,
    expected: 'warn',
    async build(context) {
      const [wallet, merchant] = await Promise.all([context.fund(), context.fund()])
      const mint = await createTrapMint(context, merchant, 'transfer_hook')
      const own = await getAta2022(wallet.address, mint)
      const transaction = await context.compile({
        feePayer: merchant.address,
        signers: [merchant],
        instructions: [
          getMemoInstruction('claim: loyalty reward', [wallet.address]),
          getCreateAta2022Instruction(merchant.address, own, wallet.address, mint),
          getMintTo2022Instruction(mint, own, merchant.address, TOKENS / 10n),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sol-half-through-wrapped-sol',
    title: 'Half the SOL paid as wrapped SOL to a new key: wrapped in its own account, sent, the account closed',
    kind: 'benign',
    technique: "a payment routed through the wallet's own wrapped-SOL account",
    source: SOURCES.wrappedSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const payee = await context.createKey()
      const instructions = await getWrappedSendInstructions(wallet.address, payee.address, 5n * SOL)
      return { transaction: await context.compile({ feePayer: wallet.address, instructions }), victim: wallet.address }
    },
  },
  {
    id: 'sol-half-through-new-account',
    title: 'Half the SOL paid through a new account the wallet funds, which sends it on to a new key',
    kind: 'benign',
    technique: 'a payment routed through an account the transaction creates (its key co-signs)',
    source: SOURCES.sendSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const [relay, payee] = [await context.createKey(), await context.createKey()]
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [relay],
        instructions: getRelayedSendInstructions(wallet.address, relay, payee.address, 5n * SOL),
      })
      return { transaction, victim: wallet.address }
    },
  },
]
