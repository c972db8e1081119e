/**
 * The `commitment` of a read. State reads (accounts, balances, token queries) answer from the
 * state as of the commitment's slot (chain.getStateAt), finalized when absent, as Agave's
 * default. The history methods (getTransaction, getSignaturesForAddress) are served only from
 * confirmed or finalized blocks: finalized sees a transaction only once its slot is rooted,
 * confirmed sees it from the next block on.
 */
import type { ChainState, LocalChain } from '../chain.js'
import type { CommitmentStatus } from '../chain/slot-commitment.js'
import { createInvalidParamsError } from './json-rpc-error.js'
import { assertMinContextSlot, type RpcConfig } from './params.js'

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized'])

/** Whether a commitment value names a level Agave knows (absent counts: the default, finalized). */
export function isKnownCommitment(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && COMMITMENTS.has(value))
}

/** Refuses a commitment Agave does not know, with serde's invalid-params message. */
export function assertKnownCommitment(commitment: unknown): void {
  if (!isKnownCommitment(commitment)) {
    throw createInvalidParamsError(
      `Invalid params: unknown variant \`${String(commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
    )
  }
}

/**
 * The state a read's config asks for: its commitment checked known (absent: finalized), and its
 * minContextSlot checked against that state's slot, as Agave checks it against the bank's.
 */
export function readStateAt(chain: Pick<LocalChain, 'getStateAt'>, config: RpcConfig): ChainState {
  assertKnownCommitment(config.commitment)
  const state = chain.getStateAt(typeof config.commitment === 'string' ? (config.commitment as CommitmentStatus) : 'finalized')
  assertMinContextSlot(config, state.slot)
  return state
}

/** Agave's `check_is_at_least_confirmed`: "processed" is refused with invalid params. */
export function assertAtLeastConfirmed(commitment: unknown): void {
  if (commitment === 'processed') throw createInvalidParamsError('Method does not support commitment below `confirmed`')
}

/** The level a history read asks for, once checked known and at least confirmed (absent: finalized). */
export function toHistoryCommitment(commitment: unknown): 'confirmed' | 'finalized' {
  return commitment === 'confirmed' ? 'confirmed' : 'finalized'
}
