/**
 * The `commitment` of the history methods (getTransaction, getSignaturesForAddress), which Agave
 * serves only from confirmed or finalized blocks: finalized (the default) sees a transaction only
 * once its slot is rooted, confirmed sees it from the next block on.
 */
import { createInvalidParamsError } from './json-rpc-error.js'

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized'])

/** Whether a commitment value names a level Agave knows (absent counts: the default, finalized). */
export function isKnownCommitment(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && COMMITMENTS.has(value))
}

/** Agave's `check_is_at_least_confirmed`: "processed" is refused with invalid params. */
export function assertAtLeastConfirmed(commitment: unknown): void {
  if (commitment === 'processed') throw createInvalidParamsError('Method does not support commitment below `confirmed`')
}

/** The level a history read asks for, once checked known and at least confirmed (absent: finalized). */
export function toHistoryCommitment(commitment: unknown): 'confirmed' | 'finalized' {
  return commitment === 'confirmed' ? 'confirmed' : 'finalized'
}
