/**
 * Staking state for the cases, made with real setup transactions: a validator's vote account and
 * a wallet's stake account delegated to it, as a wallet that staked with a validator holds one.
 */
import type { Address, Instruction, KeyPairSigner, TransactionSigner } from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  getDelegateStakeInstruction,
  getInitializeStakeInstruction,
  STAKE_ACCOUNT_SIZE,
  STAKE_PROGRAM,
} from '../helpers/stake-instructions.js'
import { getInitializeVoteAccountInstruction, VOTE_ACCOUNT_SIZE, VOTE_PROGRAM } from '../helpers/vote-instructions.js'
import type { CaseContext } from './case-context.js'

/** A validator's vote account (its own funded identity pays), to delegate stake to. */
export async function createVoteAccount(context: CaseContext): Promise<Address> {
  const node = await context.fund()
  const vote = await context.createKey()
  await context.send(
    node,
    [
      getCreateAccountInstruction({
        payer: node,
        newAccount: vote,
        lamports: await context.getRent(VOTE_ACCOUNT_SIZE),
        space: VOTE_ACCOUNT_SIZE,
        programAddress: VOTE_PROGRAM,
      }),
      getInitializeVoteAccountInstruction({ vote: vote.address, node: node.address, withdrawer: node.address, commission: 5 }),
    ],
    [vote],
  )
  return vote.address
}

/**
 * What a wallet signs to stake `lamports` (on top of the account's rent) from a new stake account
 * whose staker and withdrawer are the wallet itself, delegated to `vote` when given.
 */
export async function getCreateStakeInstructions(
  context: CaseContext,
  options: { owner: TransactionSigner; stake: TransactionSigner; lamports: bigint; vote?: Address },
): Promise<Instruction[]> {
  const { owner, stake } = options
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer: owner,
      newAccount: stake,
      lamports: options.lamports + (await context.getRent(STAKE_ACCOUNT_SIZE)),
      space: STAKE_ACCOUNT_SIZE,
      programAddress: STAKE_PROGRAM,
    }),
    getInitializeStakeInstruction(stake.address, owner.address, owner.address),
  ]
  if (options.vote) instructions.push(getDelegateStakeInstruction(stake.address, options.vote, owner.address))
  return instructions
}

/** A stake account of `owner` (staker and withdrawer), holding `lamports`, delegated to a new validator. */
export async function createDelegatedStake(context: CaseContext, owner: KeyPairSigner, lamports: bigint): Promise<Address> {
  const vote = await createVoteAccount(context)
  const stake = await context.createKey()
  await context.send(owner, await getCreateStakeInstructions(context, { owner, stake, lamports, vote }), [stake])
  return stake.address
}
