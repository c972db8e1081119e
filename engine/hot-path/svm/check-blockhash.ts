/**
 * The blockhash check of a simulate: a map lookup for blockhashes the chain tracker has seen; for
 * one it has not (often just newer than its view), a short wait for the stream's next block, then
 * one shared `isBlockhashValid` call (chain-tracker.ts). Durable-nonce transactions carry a nonce
 * instead of a blockhash and are not checked here (the nonce account decides, inside the SVM).
 */
import { getStaticKey, type WireTransaction } from '../decode/wire-transaction.js'
import type { ChainTracker } from '../state/chain-tracker.js'

export type BlockhashStatus = 'valid' | 'expired' | 'not_checked'

/** System program instruction 4: AdvanceNonceAccount, which must come first in a nonce transaction. */
const ADVANCE_NONCE_ACCOUNT = 4

/** Whether the transaction's lifetime is a durable nonce (its first instruction advances one), not a blockhash. */
export function isDurableNonceTransaction(tx: WireTransaction): boolean {
  const first = tx.instructions[0]
  if (!first || first.data.length < 4 || first.programIdIndex >= tx.staticKeyCount) return false
  const programId = getStaticKey(tx, first.programIdIndex)
  // The system program's address is 32 zero bytes.
  for (let i = 0; i < 32; i++) if (programId[i] !== 0) return false
  const data = first.data
  return data[0] === ADVANCE_NONCE_ACCOUNT && data[1] === 0 && data[2] === 0 && data[3] === 0
}

/**
 * Whether the transaction's blockhash is still valid; a promise only when the tracker has not seen
 * it. `timeoutMs` is the request's: at most half of it goes to waiting for the stream, so an RPC
 * lookup still fits after that wait.
 */
export function checkBlockhash(
  chain: ChainTracker,
  tx: WireTransaction,
  replaceRecentBlockhash: boolean,
  timeoutMs: number,
): BlockhashStatus | Promise<BlockhashStatus> {
  if (replaceRecentBlockhash || isDurableNonceTransaction(tx)) return 'not_checked'
  const status = chain.getBlockhashStatus(tx.recentBlockhash)
  if (status !== 'unknown') return status
  return chain.checkBlockhash(tx.recentBlockhash, { maxStreamWaitMs: timeoutMs / 2 }).then((valid) => (valid ? 'valid' : 'expired'))
}
