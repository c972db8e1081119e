/**
 * Everyday SOL transactions a wallet must let through: paying a friend part of the balance,
 * paying a counterparty paid before, a Solana Pay transfer (reference key, order-id memo), a
 * plain memo, a normal priority fee, a payment through the wallet's own durable nonce, and
 * receiving SOL from another signer.
 */
import { AccountRole } from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getMemoInstruction } from '../helpers/memo-instruction.js'
import { transferSol } from '../helpers/transactions.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createNonceAccount } from './nonce-setup.js'

const SOL = 1_000_000_000n

export const SOL_BENIGN: readonly TransactionCase[] = [
  {
    id: 'sol-to-friend',
    title: '1 SOL of 10 sent to a friend',
    kind: 'benign',
    technique: 'System transfer of part of the balance',
    source: SOURCES.sendSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const friend = await context.createKey()
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [transferSol(wallet.address, friend.address, SOL)],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sol-to-previous-counterparty',
    title: 'SOL sent to a counterparty the wallet paid before',
    kind: 'benign',
    technique: "System transfer to an address from the wallet's own history",
    source: SOURCES.sendSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const shop = await context.createKey()
      await context.send(wallet, [transferSol(wallet.address, shop.address, SOL / 2n)])
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [transferSol(wallet.address, shop.address, SOL / 4n)],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'solana-pay-transfer',
    title: 'A Solana Pay transfer: memo with the order id, reference key on the transfer',
    kind: 'benign',
    technique: 'Solana Pay transfer request (memo immediately before the transfer, reference as a read-only key)',
    source: SOURCES.solanaPay,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const merchant = await context.fund(SOL)
      const reference = await context.createKey()
      const transfer = transferSol(wallet.address, merchant.address, SOL / 5n)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getMemoInstruction('order 4815-162342'),
          { ...transfer, accounts: [...(transfer.accounts ?? []), { address: reference.address, role: AccountRole.READONLY }] },
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'plain-memo',
    title: 'A memo and nothing else',
    kind: 'benign',
    technique: 'SPL Memo signed by the wallet',
    source: SOURCES.paymentWithMemo,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getMemoInstruction('gm, paid invoice 2024-117', [wallet.address])],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'compute-budget-normal-price',
    title: 'A payment with a compute-unit limit and a normal price',
    kind: 'benign',
    technique: 'SetComputeUnitLimit + SetComputeUnitPrice (50,000 micro-lamports) + transfer',
    source: SOURCES.fees,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const friend = await context.createKey()
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getSetComputeUnitLimitInstruction({ units: 20_000 }),
          getSetComputeUnitPriceInstruction({ microLamports: 50_000n }),
          transferSol(wallet.address, friend.address, SOL / 10n),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'own-durable-nonce-payment',
    title: "A payment through the wallet's own durable nonce (its own account, its own authority)",
    kind: 'benign',
    technique: "AdvanceNonceAccount of the wallet's nonce account, then a transfer (offline / delayed signing)",
    source: SOURCES.durableNonce,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const nonce = await createNonceAccount(context, wallet, wallet.address)
      const friend = await context.createKey()
      const transaction = await context.compile({
        feePayer: wallet.address,
        nonce,
        instructions: [transferSol(wallet.address, friend.address, SOL / 2n)],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'receive-sol-from-signer',
    title: 'SOL received from a friend who signs; the wallet pays the fee',
    kind: 'benign',
    technique: 'System transfer into the wallet from another signer',
    source: SOURCES.sendSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const friend = await context.fund()
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [friend],
        instructions: [transferSol(friend.address, wallet.address, 2n * SOL)],
      })
      return { transaction, victim: wallet.address }
    },
  },
]
