/**
 * Drains that hand control of the wallet's tokens to someone else without moving a token in the
 * transaction itself: the token account's owner or close authority, a delegate for (almost) the
 * whole balance, the mint and freeze authority of a mint the wallet controls. The co-signer cases
 * make the receiver the fee payer, who signs too: a check that exempts "another signer of the
 * same transaction" lets them through.
 */
import { some, type Address, type Instruction, type KeyPairSigner } from '@solana/kit'
import {
  AuthorityType,
  getApproveCheckedInstruction,
  getApproveInstruction,
  getSetAuthorityInstruction,
  getTransferInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
} from '@solana-program/token'
import { asSigner } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createAta, createHolding, createMint, createUsdcBalance, getAta, mintTo, type Holding } from './token-setup.js'

const U64_MAX = 2n ** 64n - 1n
/** 1,000 tokens of 6 decimals. */
const BALANCE = 1_000_000_000n

interface Setup {
  victim: KeyPairSigner
  holding: Holding
  /** Funded: it can pay fees and co-sign. */
  attacker: KeyPairSigner
}

async function setUp(context: CaseContext): Promise<Setup> {
  const [victim, attacker] = await Promise.all([context.fund(), context.fund()])
  const holding = await createHolding(context, victim.address, { amount: BALANCE })
  return { victim, holding, attacker }
}

/** The attacker pays the fee and signs now; the victim's signature is what the wallet is asked for. */
function compileCoSigned(context: CaseContext, { attacker }: Setup, instructions: Instruction[]) {
  return context.compile({ feePayer: attacker.address, signers: [attacker], instructions })
}

function setOwner(holding: Holding, victim: Address, to: Address): Instruction {
  return getSetAuthorityInstruction({
    owned: holding.account,
    owner: asSigner(victim),
    authorityType: AuthorityType.AccountOwner,
    newAuthority: some(to),
  })
}

export const TOKEN_AUTHORITY_DRAINS: readonly TransactionCase[] = [
  {
    id: 'cosigner-owner-to-fee-payer',
    title: "The wallet's token account handed to the fee payer, who co-signs",
    kind: 'drain',
    technique: 'co-signer bypass: SetAuthority(AccountOwner) to the fee payer',
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      const setup = await setUp(context)
      const transaction = await compileCoSigned(context, setup, [setOwner(setup.holding, setup.victim.address, setup.attacker.address)])
      return { transaction, victim: setup.victim.address }
    },
  },
  {
    id: 'cosigner-approve-max-to-fee-payer',
    title: 'An unlimited delegate (u64::MAX) given to the fee payer, who co-signs',
    kind: 'drain',
    technique: 'co-signer bypass: Approve(u64::MAX) to the fee payer',
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      const setup = await setUp(context)
      const transaction = await compileCoSigned(context, setup, [
        getApproveInstruction({
          source: setup.holding.account,
          delegate: setup.attacker.address,
          owner: asSigner(setup.victim.address),
          amount: U64_MAX,
        }),
      ])
      return { transaction, victim: setup.victim.address }
    },
  },
  {
    id: 'cosigner-sweep-to-fee-payer',
    title: "The wallet's whole token balance sent to the fee payer's token account, the fee payer co-signing",
    kind: 'drain',
    technique: "co-signer bypass: sweep of the whole balance to the fee payer's token account",
    source: SOURCES.coinspectSimulation,
    expected: 'block',
    async build(context) {
      // USDC: the fee payer, a signer, receives an established token (nothing but the drain to flag).
      const [victim, attacker] = await Promise.all([context.fund(), context.fund()])
      const holding = await createUsdcBalance(context, victim.address, 1_250_000_000n)
      const destination = await getAta(attacker.address, holding.mint)
      const transaction = await context.compile({
        feePayer: attacker.address,
        signers: [attacker],
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({ payer: attacker, ata: destination, owner: attacker.address, mint: holding.mint }),
          getTransferInstruction({ source: holding.account, destination, authority: asSigner(victim.address), amount: holding.amount }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'owner-to-stranger',
    title: "The wallet's token account handed to a key that does not sign",
    kind: 'drain',
    technique: 'token account ownership transfer: SetAuthority(AccountOwner) to a non-signer',
    source: SOURCES.slowmistEvmToSolana,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [setOwner(holding, victim.address, stranger.address)],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'approve-max-to-stranger',
    title: 'An unlimited delegate (u64::MAX) given to a key that does not sign',
    kind: 'drain',
    technique: 'malicious delegate: Approve(u64::MAX) to a non-signer',
    source: SOURCES.delegateApproval,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getApproveInstruction({ source: holding.account, delegate: stranger.address, owner: asSigner(victim.address), amount: U64_MAX }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'sweep-to-stranger',
    title: "The wallet's whole token balance sent to a stranger's new token account",
    kind: 'drain',
    technique: "sweep of the whole balance to a non-signer's token account",
    source: SOURCES.goplusGuide,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const stranger = await context.createKey()
      const destination = await getAta(stranger.address, holding.mint)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: asSigner(victim.address),
            ata: destination,
            owner: stranger.address,
            mint: holding.mint,
          }),
          getTransferInstruction({ source: holding.account, destination, authority: asSigner(victim.address), amount: holding.amount }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'approve-balance-minus-one',
    title: 'A delegate for the whole balance less one base unit, to a key that is no program',
    kind: 'drain',
    technique: 'malicious delegate sized under the balance (balance − 1) to dodge an "unlimited" check',
    source: SOURCES.delegateApproval,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const delegate = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getApproveInstruction({
            source: holding.account,
            delegate: delegate.address,
            owner: asSigner(victim.address),
            amount: holding.amount - 1n,
          }),
        ],
      })
      context.check((await context.readAccount(delegate.address)) === null, 'the delegate is no account at all, let alone a program')
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'approve-checked-unlimited',
    title: 'An unlimited delegate through ApproveChecked',
    kind: 'drain',
    technique: 'malicious delegate: ApproveChecked(u64::MAX)',
    source: SOURCES.delegateApproval,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const delegate = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getApproveCheckedInstruction({
            source: holding.account,
            mint: holding.mint,
            delegate: delegate.address,
            owner: asSigner(victim.address),
            amount: U64_MAX,
            decimals: holding.decimals,
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'close-authority-to-stranger',
    title: "The close authority of the wallet's token account handed to another key",
    kind: 'drain',
    technique: 'SetAuthority(CloseAccount) to another key (it collects the rent, and the account once emptied)',
    source: SOURCES.setAuthority,
    expected: 'block',
    async build(context) {
      const { victim, holding } = await setUp(context)
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getSetAuthorityInstruction({
            owned: holding.account,
            owner: asSigner(victim.address),
            authorityType: AuthorityType.CloseAccount,
            newAuthority: some(stranger.address),
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'mint-authority-handed-away',
    title: 'The mint authority of a mint the wallet controls handed to another key',
    kind: 'drain',
    technique: "SetAuthority(MintTokens) of the wallet's mint to another key",
    source: SOURCES.setAuthority,
    expected: 'block',
    async build(context) {
      const { victim, mint } = await createOwnMint(context)
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getSetAuthorityInstruction({
            owned: mint,
            owner: asSigner(victim.address),
            authorityType: AuthorityType.MintTokens,
            newAuthority: some(stranger.address),
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'freeze-authority-handed-away',
    title: 'The freeze authority of a mint the wallet controls handed to another key',
    kind: 'drain',
    technique: "SetAuthority(FreezeAccount) of the wallet's mint to another key",
    source: SOURCES.setAuthority,
    expected: 'block',
    async build(context) {
      const { victim, mint } = await createOwnMint(context)
      const stranger = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getSetAuthorityInstruction({
            owned: mint,
            owner: asSigner(victim.address),
            authorityType: AuthorityType.FreezeAccount,
            newAuthority: some(stranger.address),
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
]

/** A mint the wallet issued (mint and freeze authority its own), with a supply it holds. */
async function createOwnMint(context: CaseContext): Promise<{ victim: KeyPairSigner; mint: Address }> {
  const victim = await context.fund()
  const mint = await createMint(context, { payer: victim, authority: victim.address, decimals: 6, freezeAuthority: victim.address })
  const account = await createAta(context, victim, victim.address, mint)
  await mintTo(context, { mint, authority: victim, account, amount: BALANCE })
  return { victim, mint }
}
