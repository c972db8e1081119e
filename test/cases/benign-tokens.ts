/**
 * Everyday SPL Token transactions a wallet must let through: sending part of a balance (Transfer,
 * TransferChecked, to an existing or a just-created account), creating associated accounts,
 * a small approval to a known DEX authority, revoking a delegate, closing an empty account to
 * itself, burning some of its tokens, minting as the mint's own authority, and a sponsor-paid
 * (gasless) transfer.
 */
import { address } from '@solana/kit'
import {
  getApproveInstruction,
  getBurnInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getRevokeInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { asSigner } from '../helpers/transactions.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createAta, createHolding, createMint, getAta, plantTokenAccount, SAMO, USDC, USDC_DECIMALS } from './token-setup.js'

/** Raydium AMM v4's pool authority: the PDA every v4 swap moves pool tokens with. */
const RAYDIUM_AMM_V4_AUTHORITY = address('5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1')
/** 1,000 tokens of 6 decimals. */
const BALANCE = 1_000_000_000n

export const TOKEN_BENIGN: readonly TransactionCase[] = [
  {
    id: 'token-transfer-part',
    title: "100 of the wallet's 1,000 tokens sent to a friend's existing account",
    kind: 'benign',
    technique: 'SPL Transfer of part of a balance',
    source: SOURCES.transferTokens,
    expected: 'approve',
    async build(context) {
      const [wallet, friend] = await Promise.all([context.fund(), context.fund()])
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const destination = await createAta(context, friend, friend.address, holding.mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getTransferInstruction({ source: holding.account, destination, authority: asSigner(wallet.address), amount: BALANCE / 10n }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'token-transfer-checked-part',
    title: "250 of the wallet's 1,000 tokens sent with TransferChecked",
    kind: 'benign',
    technique: 'SPL TransferChecked of part of a balance',
    source: SOURCES.transferTokens,
    expected: 'approve',
    async build(context) {
      const [wallet, friend] = await Promise.all([context.fund(), context.fund()])
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const destination = await createAta(context, friend, friend.address, holding.mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getTransferCheckedInstruction({
            source: holding.account,
            mint: holding.mint,
            destination,
            authority: asSigner(wallet.address),
            amount: BALANCE / 4n,
            decimals: holding.decimals,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'create-usdc-account',
    title: "The wallet's USDC account created (idempotent)",
    kind: 'benign',
    technique: 'Associated Token Account CreateIdempotent for USDC',
    source: SOURCES.createTokenAccount,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const ata = await getAta(wallet.address, USDC)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet.address), ata, owner: wallet.address, mint: USDC }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'create-token-account',
    title: "The wallet's account for a traded token (SAMO) created (idempotent)",
    kind: 'benign',
    technique: 'Associated Token Account CreateIdempotent for a token without authorities, in a pool',
    source: SOURCES.createTokenAccount,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const ata = await getAta(wallet.address, SAMO)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet.address), ata, owner: wallet.address, mint: SAMO }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'create-friend-account-and-send',
    title: "A friend's new token account created, then part of the balance sent to it",
    kind: 'benign',
    technique: "CreateIdempotent of the recipient's account + TransferChecked (what wallets send)",
    source: SOURCES.transferTokens,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const friend = await context.createKey()
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const destination = await getAta(friend.address, holding.mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: asSigner(wallet.address),
            ata: destination,
            owner: friend.address,
            mint: holding.mint,
          }),
          getTransferCheckedInstruction({
            source: holding.account,
            mint: holding.mint,
            destination,
            authority: asSigner(wallet.address),
            amount: 42_000_000n,
            decimals: holding.decimals,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'receive-usdc-from-friend',
    title: 'USDC received from a friend who signs; the wallet creates its USDC account and pays the fee',
    kind: 'benign',
    technique:
      "receiving an issuer-managed token (mint and freeze authority held by Circle): CreateIdempotent + the friend's TransferChecked",
    source: SOURCES.transferTokens,
    expected: 'approve',
    async build(context) {
      const [wallet, friend] = await Promise.all([context.fund(), context.fund()])
      const source = await plantTokenAccount(context, friend.address, USDC, 500n * 10n ** BigInt(USDC_DECIMALS))
      const destination = await getAta(wallet.address, USDC)
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [friend],
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: asSigner(wallet.address),
            ata: destination,
            owner: wallet.address,
            mint: USDC,
          }),
          getTransferCheckedInstruction({
            source,
            mint: USDC,
            destination,
            authority: asSigner(friend.address),
            amount: 25n * 10n ** BigInt(USDC_DECIMALS),
            decimals: USDC_DECIMALS,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'approve-1-usdc-to-dex',
    title: 'An approval of 1 USDC (of 50) to the Raydium AMM v4 authority',
    kind: 'benign',
    technique: 'Approve of a small, bounded amount to a known DEX authority',
    source: SOURCES.raydiumAuthority,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const account = await plantTokenAccount(context, wallet.address, USDC, 50n * 10n ** BigInt(USDC_DECIMALS))
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getApproveInstruction({
            source: account,
            delegate: RAYDIUM_AMM_V4_AUTHORITY,
            owner: asSigner(wallet.address),
            amount: 1_000_000n,
          }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'revoke-delegate',
    title: 'A delegate the wallet approved earlier revoked',
    kind: 'benign',
    technique: 'SPL Revoke',
    source: SOURCES.revokeDelegate,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const delegate = await context.createKey()
      await context.send(wallet, [
        getApproveInstruction({ source: holding.account, delegate: delegate.address, owner: wallet, amount: BALANCE / 2n }),
      ])
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getRevokeInstruction({ source: holding.account, owner: asSigner(wallet.address) })],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'close-empty-account-to-self',
    title: 'An empty token account closed, its rent back to the wallet',
    kind: 'benign',
    technique: 'SPL CloseAccount of an empty account to its owner',
    source: SOURCES.closeAccount,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const issuer = await context.fund()
      const mint = await createMint(context, { payer: issuer, authority: issuer.address, decimals: 6 })
      const account = await createAta(context, wallet, wallet.address, mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getCloseAccountInstruction({ account, destination: wallet.address, owner: asSigner(wallet.address) })],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'burn-part-of-own-tokens',
    title: "100 of the wallet's 1,000 tokens burned",
    kind: 'benign',
    technique: 'SPL Burn of part of a balance',
    source: SOURCES.burnTokens,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getBurnInstruction({ account: holding.account, mint: holding.mint, authority: asSigner(wallet.address), amount: BALANCE / 10n }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'mint-to-self',
    title: 'Tokens minted into its own account by the wallet that is the mint authority',
    kind: 'benign',
    technique: 'SPL MintTo by the mint authority into its own account',
    source: SOURCES.mintTokens,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const mint = await createMint(context, { payer: wallet, authority: wallet.address, decimals: 6 })
      const account = await createAta(context, wallet, wallet.address, mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getMintToInstruction({ mint, token: account, mintAuthority: asSigner(wallet.address), amount: BALANCE })],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sponsored-token-transfer',
    title: 'A gasless transfer: a sponsor pays the fee, the wallet sends 10 of its 1,000 tokens to a third party',
    kind: 'benign',
    technique: 'fee sponsorship: fee payer is a different co-signer, the user sends a small part of its balance',
    source: SOURCES.feeSponsorship,
    expected: 'approve',
    async build(context) {
      // The user holds tokens and no SOL at all: the point of a sponsor.
      const wallet = await context.createKey()
      const [sponsor, shop] = await Promise.all([context.fund(), context.fund()])
      const holding = await createHolding(context, wallet.address, { amount: BALANCE })
      const destination = await createAta(context, shop, shop.address, holding.mint)
      const transaction = await context.compile({
        feePayer: sponsor.address,
        signers: [sponsor],
        instructions: [
          getTransferInstruction({ source: holding.account, destination, authority: asSigner(wallet.address), amount: BALANCE / 100n }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
]
