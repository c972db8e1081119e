/**
 * DeFi and staking a wallet must let through: a real Orca Whirlpool swap of SOL for USDC with a
 * sane minimum (over the recorded mainnet pool), receiving a token whose mint authority is still
 * active but which trades in a pool, staking (create, initialise and delegate an own stake
 * account; deactivate it), wrapping and unwrapping SOL.
 */
import { address, getAddressEncoder, type Address, type KeyPairSigner } from '@solana/kit'
import { getOracleAddress, getSwapInstruction } from '@orca-so/whirlpools-client'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import {
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { NATIVE_MINT } from '../../localnet/seed/native-mints.js'
import { SAMO_USDC, SOL_USDC } from '../engine/detection/swaps/orca-fixture.js'
import { getDeactivateStakeInstruction } from '../helpers/stake-instructions.js'
import { asSigner, transferSol } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createDelegatedStake, createVoteAccount, getCreateStakeInstructions } from './stake-setup.js'
import { createAta, createMint, getAta, mintTo, plantTokenAccount, readTokenAccount, USDC } from './token-setup.js'

const WHIRLPOOL_PROGRAM = address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')
const SOL = 1_000_000_000n
/** 0.1 SOL on the recorded SOL/USDC pool gives exactly 4,028,149 USDC units (test/fixtures/PROVENANCE.md). */
const SWAP_IN = 100_000_000n
const SWAP_EXPECTED_OUT = 4_028_149n
/** Whirlpool account layout (pool-venues.ts): mint A at 101, vault A at 133, mint B at 181, vault B at 213. */
const MINT_A = 101
const VAULT_A = 133
const VAULT_B = 213

/** What a wallet sends to wrap `lamports` into its wrapped-SOL account (created if missing). */
async function getWrapInstructions(wallet: Address, lamports: bigint) {
  const wrapped = await getAta(wallet, NATIVE_MINT)
  return {
    wrapped,
    instructions: [
      getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet), ata: wrapped, owner: wallet, mint: NATIVE_MINT }),
      transferSol(wallet, wrapped, lamports),
      getSyncNativeInstruction({ account: wrapped }),
    ],
  }
}

/**
 * A pool for `mint` against USDC, as a token that trades has one: a copy of the recorded SAMO/USDC
 * whirlpool with side A made `mint`, and both vaults holding a balance.
 */
async function plantPool(context: CaseContext, mint: Address, issuer: KeyPairSigner): Promise<Address> {
  const template = await context.readAccount(SAMO_USDC.whirlpool)
  if (!template) throw new Error('the SAMO/USDC whirlpool fixture is missing')
  const pool = (await context.createKey()).address
  const vaultA = await createAta(context, issuer, pool, mint)
  await mintTo(context, { mint, authority: issuer, account: vaultA, amount: 5_000_000_000_000n })
  const vaultB = await plantTokenAccount(context, pool, USDC, 250_000_000_000n)
  const data = template.data.slice()
  const key = (value: Address) => getAddressEncoder().encode(value)
  data.set(key(mint), MINT_A)
  data.set(key(vaultA), VAULT_A)
  data.set(key(vaultB), VAULT_B)
  context.plant(pool, { lamports: template.lamports, data, owner: WHIRLPOOL_PROGRAM, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH })
  const [a, b] = await Promise.all([readTokenAccount(context, vaultA), readTokenAccount(context, vaultB)])
  context.check(
    a.amount > 0n && b.amount > 0n,
    `${mint} trades in whirlpool ${pool} against USDC, both vaults funded (${a.amount} / ${b.amount})`,
  )
  return pool
}

export const DEFI_BENIGN: readonly TransactionCase[] = [
  {
    id: 'orca-swap-sol-for-usdc',
    title: '0.1 SOL swapped for USDC on the Orca SOL/USDC whirlpool, accepting at least 1 % under the quote',
    kind: 'benign',
    technique: 'Whirlpool swap (wrap SOL, swap with a sane minimum output, unwrap); receives USDC (issuer-managed mint)',
    source: SOURCES.orcaSwap,
    expected: 'approve',
    requiresPrograms: [WHIRLPOOL_PROGRAM],
    async build(context) {
      const wallet = await context.fund()
      const wrap = await getWrapInstructions(wallet.address, SWAP_IN)
      const usdc = await getAta(wallet.address, USDC)
      const minimumOut = (SWAP_EXPECTED_OUT * 99n) / 100n
      // The program version of the fixtures' time checks the oracle's PDA seeds (later versions read it only for adaptive-fee pools).
      const [oracle] = await getOracleAddress(SOL_USDC.whirlpool)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [
          getSetComputeUnitLimitInstruction({ units: 150_000 }),
          getSetComputeUnitPriceInstruction({ microLamports: 10_000n }),
          ...wrap.instructions,
          getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet.address), ata: usdc, owner: wallet.address, mint: USDC }),
          getSwapInstruction({
            tokenAuthority: asSigner(wallet.address),
            whirlpool: SOL_USDC.whirlpool,
            tokenOwnerAccountA: wrap.wrapped,
            tokenVaultA: SOL_USDC.vaultA,
            tokenOwnerAccountB: usdc,
            tokenVaultB: SOL_USDC.vaultB,
            tickArray0: SOL_USDC.tickArraysDown[0]!,
            tickArray1: SOL_USDC.tickArraysDown[1]!,
            tickArray2: SOL_USDC.tickArraysDown[2]!,
            oracle,
            amount: SWAP_IN,
            otherAmountThreshold: minimumOut,
            sqrtPriceLimit: 4_295_048_016n,
            amountSpecifiedIsInput: true,
            aToB: true,
          }),
          getCloseAccountInstruction({ account: wrap.wrapped, destination: wallet.address, owner: asSigner(wallet.address) }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'receive-pool-token-with-mint-authority',
    title: 'Tokens received from a friend: their mint authority is still active, and they trade in a USDC pool',
    kind: 'benign',
    technique: "receiving a token with an active mint authority but real liquidity (CreateIdempotent + the friend's Transfer)",
    source: SOURCES.activeMintAuthority,
    expected: 'approve',
    async build(context) {
      const [wallet, issuer, friend] = await Promise.all([context.fund(), context.fund(), context.fund()])
      const mint = await createMint(context, { payer: issuer, authority: issuer.address, decimals: 6 })
      const pool = await plantPool(context, mint, issuer)
      const source = await createAta(context, issuer, friend.address, mint)
      await mintTo(context, { mint, authority: issuer, account: source, amount: 1_000_000_000n })
      context.check((await context.readAccount(pool))?.owner === WHIRLPOOL_PROGRAM, `the pool ${pool} is a Whirlpool program account`)
      const destination = await getAta(wallet.address, mint)
      const transaction = await context.compile({
        feePayer: wallet.address,
        signers: [friend],
        instructions: [
          getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet.address), ata: destination, owner: wallet.address, mint }),
          getTransferInstruction({ source, destination, authority: asSigner(friend.address), amount: 100_000_000n }),
        ],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'stake-create-own',
    title: 'A new stake account of 5 SOL created, initialised with the wallet as both authorities, and delegated',
    kind: 'benign',
    technique: 'CreateAccount + Stake Initialize (own staker and withdrawer) + DelegateStake',
    source: SOURCES.stakeAccounts,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund(20n * SOL)
      const vote = await createVoteAccount(context)
      const stake = await context.createKey()
      const instructions = await getCreateStakeInstructions(context, { owner: asSigner(wallet.address), stake, lamports: 5n * SOL, vote })
      // The new stake account's key is generated by the wallet and signs at once.
      const transaction = await context.compile({ feePayer: wallet.address, signers: [stake], instructions })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'stake-deactivate-own',
    title: "The wallet's own delegated stake account deactivated (unstake)",
    kind: 'benign',
    technique: 'Stake Deactivate by its staker, nothing else',
    source: SOURCES.stakeAccounts,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund(20n * SOL)
      const stake = await createDelegatedStake(context, wallet, 5n * SOL)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getDeactivateStakeInstruction(stake, wallet.address)],
      })
      return { transaction, victim: wallet.address }
    },
  },
  {
    id: 'wrap-sol',
    title: '1 SOL wrapped',
    kind: 'benign',
    technique: 'CreateIdempotent of the wrapped-SOL account + transfer + SyncNative',
    source: SOURCES.syncNative,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const { instructions } = await getWrapInstructions(wallet.address, SOL)
      return { transaction: await context.compile({ feePayer: wallet.address, instructions }), victim: wallet.address }
    },
  },
  {
    id: 'unwrap-sol',
    title: 'Wrapped SOL unwrapped: the wrapped-SOL account closed to the wallet',
    kind: 'benign',
    technique: 'CloseAccount of the wrapped-SOL account to its owner',
    source: SOURCES.wrappedSol,
    expected: 'approve',
    async build(context) {
      const wallet = await context.fund()
      const wrap = await getWrapInstructions(wallet.address, SOL)
      await context.send(wallet, wrap.instructions)
      const transaction = await context.compile({
        feePayer: wallet.address,
        instructions: [getCloseAccountInstruction({ account: wrap.wrapped, destination: wallet.address, owner: asSigner(wallet.address) })],
      })
      return { transaction, victim: wallet.address }
    },
  },
]
