/**
 * Variants of the families above, written after the analysis to probe it the way a held-out set
 * would: the same techniques reached another way (a nonce account emptied rather than
 * re-authorised, a sweep split between two strangers or sent to the co-signing fee payer, a link
 * in a shortener's form) and everyday transactions close to a drain (half the balance to a new
 * key, a whole balance back to a counterparty).
 */
import { getWithdrawNonceAccountInstruction } from '@solana-program/system'
import { getMemoInstruction } from '../helpers/memo-instruction.js'
import { asSigner, transferSol } from '../helpers/transactions.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createNonceAccount } from './nonce-setup.js'

const SOL = 1_000_000_000n

export const VARIANTS: readonly TransactionCase[] = [
  {
    id: 'nonce-account-emptied',
    title: "The wallet's durable-nonce account emptied to a stranger (WithdrawNonceAccount)",
    kind: 'drain',
    technique: 'the value of an account the wallet controls, not of the wallet itself, sent away',
    source: SOURCES.drainerAnatomy,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const nonce = await createNonceAccount(context, victim, victim.address)
      const attacker = await context.createKey()
      const held = (await context.readAccount(nonce.account))?.lamports ?? 0n
      context.check(held > 0n, `the nonce account holds ${held} lamports`)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getWithdrawNonceAccountInstruction({
            nonceAccount: nonce.account,
            recipientAccount: attacker.address,
            nonceAuthority: asSigner(victim.address),
            withdrawAmount: held,
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'sol-sweep-split-between-strangers',
    title: 'Almost the whole SOL balance split between two fresh keys (55 % and 40 %)',
    kind: 'drain',
    technique: 'a sweep in several transfers, none of which alone is the whole balance',
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const victim = await context.fund(10n * SOL)
      const [first, second] = [await context.createKey(), await context.createKey()]
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          transferSol(victim.address, first.address, 55n * (SOL / 10n)),
          transferSol(victim.address, second.address, 4n * SOL),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'sol-sweep-to-cosigning-fee-payer',
    title: 'A "gasless claim": the attacker pays the fee and co-signs, the wallet sends it 97 % of its SOL',
    kind: 'drain',
    technique: 'co-signer bypass for SOL: the receiver signing is no exemption',
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      const victim = await context.fund(10n * SOL)
      const attacker = await context.fund(SOL)
      const transaction = await context.compile({
        feePayer: attacker.address,
        signers: [attacker],
        instructions: [transferSol(victim.address, attacker.address, (97n * 10n * SOL) / 100n)],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'memo-shortened-link',
    title: 'A dust transfer whose memo carries a shortened link (t.me/…)',
    kind: 'drain',
    technique: 'a phishing lure in a memo, written without a scheme',
    source: SOURCES.memoLinks,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const receiver = await context.fund(SOL) // funded: a 1-lamport transfer to a new account would fail for rent
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getMemoInstruction('Bonus unlocked: t.me/sol_bonus_claims', [victim.address]),
          transferSol(victim.address, receiver.address, 1n),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'sol-half-to-new-key',
    title: 'Half the SOL balance to a key the wallet never paid',
    kind: 'benign',
    technique: 'an ordinary payment to a new counterparty',
    source: SOURCES.paymentWithMemo,
    expected: 'approve',
    async build(context) {
      const victim = await context.fund(10n * SOL)
      const payee = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [transferSol(victim.address, payee.address, 5n * SOL)],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'sol-whole-balance-to-counterparty',
    title: 'The whole SOL balance moved to an address the wallet has paid before (its exchange deposit)',
    kind: 'benign',
    technique: 'emptying a wallet to a known counterparty',
    source: SOURCES.paymentWithMemo,
    expected: 'approve',
    async build(context) {
      const victim = await context.fund(10n * SOL)
      const exchange = await context.createKey()
      await context.send(victim, [transferSol(victim.address, exchange.address, SOL)])
      const left = (await context.readAccount(victim.address))?.lamports ?? 0n
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [transferSol(victim.address, exchange.address, left - 5_000n)], // all of it but the fee: the wallet closes
      })
      return { transaction, victim: victim.address }
    },
  },
]
