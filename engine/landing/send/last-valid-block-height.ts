/**
 * The block height past which a transaction cannot land: its blockhash's own height plus 150 when
 * the chain tracker saw it, else the current height plus 150 (an upper bound: the blockhash is at
 * most that fresh). null for a durable-nonce transaction, and while no height is known at all —
 * the tracker then decides expiry from the blockhash's status instead of a guess.
 */
import type { WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { isDurableNonceTransaction } from '../../hot-path/svm/check-blockhash.js'
import { MAX_BLOCKHASH_AGE_SLOTS, type ChainTracker } from '../../hot-path/state/chain-tracker.js'

export function getLastValidBlockHeight(
  tx: WireTransaction,
  chain: Pick<ChainTracker, 'getBlockhashHeight' | 'blockHeight'>,
): number | null {
  if (isDurableNonceTransaction(tx)) return null
  const height = chain.getBlockhashHeight(tx.recentBlockhash) ?? chain.blockHeight
  return height === undefined ? null : height + MAX_BLOCKHASH_AGE_SLOTS
}
