/**
 * Drains of the wallet's SOL: a priority fee that takes most of the balance beside a 1-lamport
 * transfer, (almost) the whole balance sent behind a "claim airdrop" memo, a transfer to a
 * lookalike of an address the wallet really paid (address poisoning), and a dust transfer whose
 * memo carries a phishing link.
 */
import { randomBytes } from 'node:crypto'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { createLookalikeAddress, isLookalike } from '../helpers/lookalike-address.js'
import { getMemoInstruction } from '../helpers/memo-instruction.js'
import { transferSol } from '../helpers/transactions.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'

const SOL = 1_000_000_000n
const BASE_FEE_LAMPORTS = 5_000n

/** A random multiplier of moderate size (below 2^64) for the lookalike's step. */
const randomU64 = () => randomBytes(8).readBigUInt64LE()

export const SOL_DRAINS: readonly TransactionCase[] = [
  {
    id: 'priority-fee-drain',
    title: 'A compute-unit price so high the fee takes most of the balance, beside a 1-lamport transfer',
    kind: 'drain',
    technique: 'SetComputeUnitPrice inflating the prioritization fee (paid by the fee payer to the leader)',
    source: SOURCES.fees,
    expected: 'block',
    async build(context) {
      const victim = await context.fund(SOL)
      const receiver = await context.fund(SOL)
      const units = 100_000
      // fee = units × price / 10^6 lamports: 9.5 × 10^9 micro-lamports a unit makes 0.95 SOL.
      const priceMicroLamports = 9_500_000_000n
      const fee = BASE_FEE_LAMPORTS + (BigInt(units) * priceMicroLamports) / 1_000_000n
      context.check(fee * 10n >= SOL * 9n, `the fee (${fee} lamports) is at least 90 % of the payer's ${SOL}`)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getSetComputeUnitLimitInstruction({ units }),
          getSetComputeUnitPriceInstruction({ microLamports: priceMicroLamports }),
          transferSol(victim.address, receiver.address, 1n),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'claim-airdrop-sol-sweep',
    title: 'Almost the whole SOL balance sent to a fresh key behind a "claim airdrop" memo',
    kind: 'drain',
    technique: 'fake airdrop claim: SystemProgram.transfer of the computed balance',
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const claimer = await context.createKey()
      const balance = (await context.readAccount(victim.address))?.lamports ?? 0n
      // What a drainer leaves: enough for the fee and to keep the wallet rent-exempt.
      const lamports = balance - 5_000_000n
      context.check(lamports * 100n >= balance * 99n, `${lamports} lamports is at least 99 % of the wallet's ${balance}`)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [getMemoInstruction('claim airdrop', [victim.address]), transferSol(victim.address, claimer.address, lamports)],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'address-poisoning-lookalike',
    title: 'A transfer to a lookalike of an address the wallet paid before (same first and last 4 characters)',
    kind: 'drain',
    technique: 'address poisoning: the lookalike copied from the history instead of the real counterparty',
    source: SOURCES.addressPoisoning,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const friend = await context.createKey()
      await context.send(victim, [transferSol(victim.address, friend.address, SOL)])
      const lookalike = createLookalikeAddress(friend.address, randomU64)
      context.check(isLookalike(friend.address, lookalike), `${lookalike} shares the first and last 4 characters of ${friend.address}`)
      context.check((await context.readAccount(friend.address))?.lamports === SOL, 'the genuine payment to the real address landed')
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [transferSol(victim.address, lookalike, 2n * SOL)],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'memo-with-link',
    title: 'A dust transfer whose memo says "Claim your reward at https://…"',
    kind: 'drain',
    technique: 'phishing link in a memo (dusting)',
    source: SOURCES.memoLinks,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          transferSol(victim.address, stranger.address, 1_000_000n),
          getMemoInstruction('Claim your reward at https://sol-reward-claim.example/airdrop', [victim.address]),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
]
