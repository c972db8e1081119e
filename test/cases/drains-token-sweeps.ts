/**
 * Drains that move the wallet's tokens out in the transaction itself: several token accounts
 * emptied at once, emptied and closed so the rent goes too, an NFT sent to a stranger, and a
 * sweep signed against the attacker's durable nonce so it can be sent whenever the attacker likes.
 */
import {
  AuthorityType,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { none, type Address, type Instruction } from '@solana/kit'
import { asSigner } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createNonceAccount } from './nonce-setup.js'
import { createAta, createHolding, createMint, createUsdcBalance, getAta, mintTo, type TokenBalance } from './token-setup.js'

/** The attacker's token account for the holding's mint (created in the transaction, paid by `payer`), then the whole balance into it. */
async function getSweepInstructions(holding: TokenBalance, victim: Address, attacker: Address, payer: Address): Promise<Instruction[]> {
  const destination = await getAta(attacker, holding.mint)
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(payer), ata: destination, owner: attacker, mint: holding.mint }),
    getTransferInstruction({ source: holding.account, destination, authority: asSigner(victim), amount: holding.amount }),
  ]
}

/** Balances of three tokens: 1,250 USDC, 25,000 of one token and 7.5 of another. */
async function createHoldings(context: CaseContext, owner: Address): Promise<TokenBalance[]> {
  return Promise.all([
    createUsdcBalance(context, owner, 1_250_000_000n),
    ...[25_000_000_000n, 7_500_000n].map((amount) => createHolding(context, owner, { amount })),
  ])
}

export const TOKEN_SWEEP_DRAINS: readonly TransactionCase[] = [
  {
    id: 'sweep-several-token-accounts',
    title: "Three token accounts of the wallet emptied into the attacker's accounts at once",
    kind: 'drain',
    technique: 'multi-asset drainer: every token balance transferred in one transaction',
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const attacker = await context.createKey()
      const holdings = await createHoldings(context, victim.address)
      const instructions = (
        await Promise.all(holdings.map((holding) => getSweepInstructions(holding, victim.address, attacker.address, victim.address)))
      ).flat()
      return { transaction: await context.compile({ feePayer: victim.address, instructions }), victim: victim.address }
    },
  },
  {
    id: 'sweep-and-close-to-attacker',
    title: 'Token accounts emptied, then closed with their rent going to the attacker',
    kind: 'drain',
    technique: "sweep, then CloseAccount of the wallet's token accounts to the attacker's address",
    source: SOURCES.slowmistEvmToSolana,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const attacker = await context.createKey()
      const holdings = (await createHoldings(context, victim.address)).slice(0, 2)
      const instructions: Instruction[] = []
      for (const holding of holdings) {
        instructions.push(...(await getSweepInstructions(holding, victim.address, attacker.address, victim.address)))
        instructions.push(
          getCloseAccountInstruction({ account: holding.account, destination: attacker.address, owner: asSigner(victim.address) }),
        )
      }
      return { transaction: await context.compile({ feePayer: victim.address, instructions }), victim: victim.address }
    },
  },
  {
    id: 'nft-to-stranger',
    title: "The wallet's NFT (0 decimals, supply 1) sent to a stranger",
    kind: 'drain',
    technique: 'NFT drainer: TransferChecked of a supply-1 token to a stranger',
    source: SOURCES.nftDrain,
    expected: 'block',
    async build(context) {
      const [victim, creator] = await Promise.all([context.fund(), context.fund()])
      const mint = await createMint(context, { payer: creator, authority: creator.address, decimals: 0 })
      const account = await createAta(context, creator, victim.address, mint)
      await mintTo(context, { mint, authority: creator, account, amount: 1n })
      // Supply fixed at 1, as a minted NFT's is (Metaplex hands the authority to its edition account).
      await context.send(creator, [
        getSetAuthorityInstruction({ owned: mint, owner: creator, authorityType: AuthorityType.MintTokens, newAuthority: none() }),
      ])
      const stranger = await context.createKey()
      const destination = await getAta(stranger.address, mint)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: asSigner(victim.address),
            ata: destination,
            owner: stranger.address,
            mint,
          }),
          getTransferCheckedInstruction({
            source: account,
            mint,
            destination,
            authority: asSigner(victim.address),
            amount: 1n,
            decimals: 0,
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'durable-nonce-sweep',
    title: "A sweep signed against the attacker's durable nonce (attacker's nonce account, attacker co-signs)",
    kind: 'drain',
    technique: "durable nonce on someone else's nonce account, then a drain: the signed transaction never expires",
    source: SOURCES.slowmistEvmToSolana,
    expected: 'block',
    async build(context) {
      const [victim, attacker] = await Promise.all([context.fund(), context.fund()])
      // USDC: the attacker, a signer here, receives an established token (nothing else to flag).
      const holding = await createUsdcBalance(context, victim.address, 1_250_000_000n)
      const nonce = await createNonceAccount(context, attacker, attacker.address)
      const transaction = await context.compile({
        feePayer: victim.address,
        signers: [attacker],
        nonce,
        instructions: await getSweepInstructions(holding, victim.address, attacker.address, victim.address),
      })
      return { transaction, victim: victim.address }
    },
  },
]
