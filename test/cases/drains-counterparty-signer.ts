/**
 * A counterparty's signature is no leniency for the wallet: a "presale" of a Token-2022 token the
 * co-signing seller controls (permanent delegate, transfer hook, a 100 % transfer fee, accounts
 * frozen by default), the buyer paying SOL, from its wallet or from an account it controls; and
 * SOL that leaves the wallet through an account it controls or creates (its wrapped-SOL account,
 * a new account) or into a stake account whose withdrawer is the co-signer; and a sweep to a key
 * whose only history with the wallet is a dust transfer it signed. Written before the
 * engine followed the signer who receives or loses the value, to show that it does.
 */
import type { Address, Instruction, KeyPairSigner } from '@solana/kit'
import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getWithdrawNonceAccountInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system'
import {
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { getThawAccountInstruction, getTransferCheckedInstruction } from '@solana-program/token-2022'
import { NATIVE_MINT } from '../../localnet/seed/native-mints.js'
import { getInitializeStakeInstruction, STAKE_ACCOUNT_SIZE, STAKE_PROGRAM } from '../helpers/stake-instructions.js'
import { asSigner, transferSol } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createNonceAccount } from './nonce-setup.js'
import {
  createTrapMint,
  getAta2022,
  getCreateAta2022Instruction,
  getMintTo2022Instruction,
  type TrapExtension,
} from './token-2022-setup.js'
import { createAta, createHolding, getAta } from './token-setup.js'

const SOL = 1_000_000_000n
/** What the buyer pays, and the 1,000 tokens (6 decimals) it gets. */
const PRICE = 2n * SOL
const TOKENS = 1_000_000_000n

/** How the buyer pays: from its wallet, or from the durable-nonce account it controls. */
type Payment = 'wallet' | 'nonce_account'

/**
 * A presale: the buyer's Token-2022 account created, the price paid to the seller, and the seller
 * (who co-signs) minting the tokens into it, thawing it first when accounts start frozen. The
 * seller holds the mint authority and the trap.
 */
async function buildPresale(context: CaseContext, trap: TrapExtension, payment: Payment = 'wallet') {
  const [buyer, seller] = await Promise.all([context.fund(), context.fund()])
  const mint = await createTrapMint(context, seller, trap)
  const account = await getAta2022(buyer.address, mint)
  const pay: Instruction[] = []
  if (payment === 'wallet') pay.push(transferSol(buyer.address, seller.address, PRICE))
  else {
    const nonce = await createNonceAccount(context, buyer, buyer.address)
    await context.send(buyer, [transferSol(buyer.address, nonce.account, 3n * SOL)])
    pay.push(
      getWithdrawNonceAccountInstruction({
        nonceAccount: nonce.account,
        recipientAccount: seller.address,
        nonceAuthority: asSigner(buyer.address),
        withdrawAmount: PRICE,
      }),
    )
  }
  const instructions: Instruction[] = [getCreateAta2022Instruction(buyer.address, account, buyer.address, mint)]
  if (trap === 'default_frozen') instructions.push(getThawAccountInstruction({ account, mint, owner: asSigner(seller.address) }))
  instructions.push(...pay, getMintTo2022Instruction(mint, account, seller.address, TOKENS))
  const transaction = await context.compile({ feePayer: buyer.address, signers: [seller], instructions })
  return { transaction, victim: buyer.address }
}

/** A presale out of the seller's own supply: TransferChecked from its account, the seller co-signing. */
async function buildPresaleFromSupply(context: CaseContext, trap: TrapExtension) {
  const [buyer, seller] = await Promise.all([context.fund(), context.fund()])
  const mint = await createTrapMint(context, seller, trap)
  const supply = await getAta2022(seller.address, mint)
  await context.send(seller, [
    getCreateAta2022Instruction(seller.address, supply, seller.address, mint),
    getMintTo2022Instruction(mint, supply, seller.address, 100n * TOKENS),
  ])
  const account = await getAta2022(buyer.address, mint)
  const transaction = await context.compile({
    feePayer: buyer.address,
    signers: [seller],
    instructions: [
      getCreateAta2022Instruction(buyer.address, account, buyer.address, mint),
      transferSol(buyer.address, seller.address, PRICE),
      getTransferCheckedInstruction({
        source: supply,
        mint,
        destination: account,
        authority: asSigner(seller.address),
        amount: TOKENS,
        decimals: 6,
      }),
    ],
  })
  return { transaction, victim: buyer.address }
}

/** `lamports` of the wallet wrapped, sent as wrapped SOL to `to`'s new wrapped-SOL account, and its own account closed. */
export async function getWrappedSendInstructions(wallet: Address, to: Address, lamports: bigint): Promise<Instruction[]> {
  const [own, theirs] = await Promise.all([getAta(wallet, NATIVE_MINT), getAta(to, NATIVE_MINT)])
  const payer = asSigner(wallet)
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: own, owner: wallet, mint: NATIVE_MINT }),
    transferSol(wallet, own, lamports),
    getSyncNativeInstruction({ account: own }),
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: theirs, owner: to, mint: NATIVE_MINT }),
    getTransferInstruction({ source: own, destination: theirs, authority: payer, amount: lamports }),
    getCloseAccountInstruction({ account: own, destination: wallet, owner: payer }),
  ]
}

/** `lamports` put by the wallet into a new account (whose key `relay` signs), which sends them on to `to`. */
export function getRelayedSendInstructions(wallet: Address, relay: KeyPairSigner, to: Address, lamports: bigint): Instruction[] {
  return [
    getCreateAccountInstruction({ payer: asSigner(wallet), newAccount: relay, lamports, space: 0, programAddress: SYSTEM_PROGRAM_ADDRESS }),
    transferSol(relay.address, to, lamports),
  ]
}

/** `lamports` of the wallet put in a new stake account (whose key `stake` signs) with `withdrawer` as staker and withdrawer. */
export function getStakeForOtherInstructions(wallet: Address, stake: KeyPairSigner, withdrawer: Address, lamports: bigint): Instruction[] {
  return [
    getCreateAccountInstruction({
      payer: asSigner(wallet),
      newAccount: stake,
      lamports,
      space: STAKE_ACCOUNT_SIZE,
      programAddress: STAKE_PROGRAM,
    }),
    getInitializeStakeInstruction(stake.address, withdrawer, withdrawer),
  ]
}

/**
 * A new nonce account funded by the wallet with `lamports` more than its rent, `authority` its
 * nonce authority, which withdraws those lamports to itself in the same transaction (it signs).
 */
export function getNonceWithdrawnByOtherInstructions(
  wallet: Address,
  nonce: KeyPairSigner,
  authority: KeyPairSigner,
  lamports: bigint,
  rent: bigint,
): Instruction[] {
  return [
    getCreateAccountInstruction({
      payer: asSigner(wallet),
      newAccount: nonce,
      lamports: lamports + rent,
      space: 80,
      programAddress: SYSTEM_PROGRAM_ADDRESS,
    }),
    getInitializeNonceAccountInstruction({ nonceAccount: nonce.address, nonceAuthority: authority.address }),
    getWithdrawNonceAccountInstruction({
      nonceAccount: nonce.address,
      recipientAccount: authority.address,
      nonceAuthority: authority,
      withdrawAmount: lamports,
    }),
  ]
}

function presale(trap: TrapExtension, what: string, build = buildPresale): TransactionCase {
  return {
    id: `presale-${trap.replaceAll('_', '-')}-of-cosigning-seller`,
    title: `A "presale": the wallet pays 2 SOL for a Token-2022 token whose ${what} the co-signing seller holds`,
    kind: 'drain',
    technique: `honeypot token sold for SOL: the seller co-signs and controls its ${what}`,
    source: SOURCES.token2022Honeypots,
    expected: 'block',
    build: (context) => build(context, trap),
  }
}

export const COUNTERPARTY_SIGNER_DRAINS: readonly TransactionCase[] = [
  presale('permanent_delegate', 'permanent delegate', buildPresaleFromSupply),
  presale('transfer_hook', 'transfer hook (one that refuses every transfer)'),
  presale('confiscatory_fee', '100 % transfer fee'),
  presale('default_frozen', 'frozen-by-default accounts (it thaws the buyer, and can freeze it again)'),
  {
    id: 'presale-paid-from-nonce-account',
    title: "A presale paid from the wallet's durable-nonce account: a permanent-delegate token of the co-signing seller",
    kind: 'drain',
    technique: 'honeypot token sold for SOL withdrawn from an account the buyer controls, not from its wallet',
    source: SOURCES.token2022Honeypots,
    expected: 'block',
    build: (context) => buildPresale(context, 'permanent_delegate', 'nonce_account'),
  },
  {
    id: 'sol-sweep-through-wrapped-sol',
    title: "96 % of the SOL wrapped and sent as wrapped SOL to a stranger, the wallet's wrapped-SOL account closed after",
    kind: 'drain',
    technique: "a sweep routed through the wallet's own wrapped-SOL account: no SOL transfer to the stranger",
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const stranger = await context.createKey()
      const instructions = await getWrappedSendInstructions(wallet.address, stranger.address, 96n * (SOL / 10n))
      return { transaction: await context.compile({ feePayer: wallet.address, instructions }), victim: wallet.address }
    },
  },
  {
    id: 'sol-sweep-through-new-account',
    title: 'A sweep through a new account: the wallet funds it with 96 % of its SOL, and it sends them on to a stranger',
    kind: 'drain',
    technique: 'a sweep routed through an account the transaction creates (its key co-signs) before it lands',
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const [relay, stranger] = [await context.createKey(), await context.createKey()]
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [relay],
        instructions: getRelayedSendInstructions(wallet.address, relay, stranger.address, 96n * (SOL / 10n)),
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sweep-and-close-to-cosigning-fee-payer',
    title: "The wallet's token account emptied into the fee payer's and closed to it, the fee payer co-signing",
    kind: 'drain',
    technique: 'co-signer bypass for a close: the rent destination signing is no exemption for the owner',
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      const [wallet, attacker] = await Promise.all([context.fund(), context.fund()])
      const holding = await createHolding(context, wallet.address, { amount: TOKENS })
      const theirs = await createAta(context, attacker, attacker.address, holding.mint)
      const owner = asSigner(wallet.address)
      const transaction = await context.compile({
        feePayer: attacker.address,
        signers: [attacker],
        instructions: [
          getTransferInstruction({ source: holding.account, destination: theirs, authority: owner, amount: TOKENS }),
          getCloseAccountInstruction({ account: holding.account, destination: attacker.address, owner }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sweep-of-unfunded-wallet-the-fee-payer-funds',
    title: 'A wallet holding only tokens (no SOL account) gets 0.001 SOL from the co-signing fee payer, and all its tokens go to it',
    kind: 'drain',
    technique: 'co-signer bypass: the attacker funds the wallet in the same transaction, so the wallet looks like an account it created',
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      const wallet = await context.createKey()
      const attacker = await context.fund()
      const holding = await createHolding(context, wallet.address, { amount: TOKENS })
      const theirs = await createAta(context, attacker, attacker.address, holding.mint)
      context.check((await context.readAccount(wallet.address)) === null, 'the wallet has no SOL account: it holds only tokens')
      const transaction = await context.compile({
        feePayer: attacker.address,
        signers: [attacker],
        instructions: [
          transferSol(attacker.address, wallet.address, SOL / 1_000n),
          getTransferInstruction({ source: holding.account, destination: theirs, authority: asSigner(wallet.address), amount: TOKENS }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sweep-to-key-that-dusted-the-wallet',
    title: 'The whole SOL balance to a key whose only history with the wallet is a 1,000-lamport dust transfer it signed',
    kind: 'drain',
    technique: "dusting to enter the wallet's history (as address poisoners do), then a sweep to that key",
    source: SOURCES.addressPoisoning,
    expected: 'block',
    async build(context) {
      const [wallet, attacker] = await Promise.all([context.fund(10n * SOL), context.fund(SOL)])
      await context.send(attacker, [transferSol(attacker.address, wallet.address, 1_000n)])
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [transferSol(wallet.address, attacker.address, 99n * (SOL / 10n))],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sol-through-new-nonce-account-of-cosigner',
    title: 'A new durable-nonce account funded with 95 % of the SOL, its authority the co-signer, who withdraws it at once',
    kind: 'drain',
    technique:
      'CreateAccount + InitializeNonceAccount (the attacker as authority) + WithdrawNonceAccount to the attacker: SOL that leaves an account the wallet created by no transfer',
    source: SOURCES.drainerAnatomy,
    expected: 'block',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const [attacker, nonce] = [await context.fund(SOL), await context.createKey()]
      const amount = (95n * 10n * SOL) / 100n
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [nonce, attacker],
        instructions: getNonceWithdrawnByOtherInstructions(wallet.address, nonce, attacker, amount, await context.getRent(80n)),
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'sol-into-stake-account-of-cosigner',
    title: 'A "staking" transaction: 95 % of the SOL put in a new stake account whose withdrawer is the co-signer',
    kind: 'drain',
    technique: 'CreateAccount + Stake Initialize with the attacker as staker and withdrawer; the attacker signs for the new account',
    source: SOURCES.stakeAccounts,
    expected: 'block',
    async build(context) {
      const wallet = await context.fund(10n * SOL)
      const [attacker, stake] = [await context.createKey(), await context.createKey()]
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [stake],
        instructions: getStakeForOtherInstructions(wallet.address, stake, attacker.address, (95n * 10n * SOL) / 100n),
      })
      return { transaction, victim: wallet.address }
    },
  },
]
