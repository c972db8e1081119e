/**
 * Reads where signatures stand over JSON-RPC (`getSignatureStatuses`, 256 a call as Agave allows)
 * and what a landed one did (`getTransaction`): the fallback when no geyser stream is live, and
 * the safety net beside it (a stream may miss an update across a reconnect).
 */
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { fromRpcTransaction, type LandedResult, type RpcTransactionJson } from './landed-result.js'

export interface SignatureStatus {
  slot: number
  /** processed, confirmed or finalized. */
  commitment: 'processed' | 'confirmed' | 'finalized'
  err: TransactionErrorJson | null
}

interface RpcSignatureStatus {
  slot: number
  err: TransactionErrorJson | null
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
}

const MAX_SIGNATURES_PER_CALL = 256

/** The statuses of `signatures`, in order (null: not seen); `searchHistory` also asks the node's ledger (the last check before calling one expired). */
export async function getSignatureStatuses(
  rpc: JsonRpcClient,
  signatures: readonly string[],
  searchHistory = false,
): Promise<Array<SignatureStatus | null>> {
  const statuses: Array<SignatureStatus | null> = []
  for (let start = 0; start < signatures.length; start += MAX_SIGNATURES_PER_CALL) {
    const batch = signatures.slice(start, start + MAX_SIGNATURES_PER_CALL)
    const answer = await rpc.call<{ value: Array<RpcSignatureStatus | null> }>('getSignatureStatuses', [
      batch,
      { searchTransactionHistory: searchHistory },
    ])
    for (let i = 0; i < batch.length; i++) {
      const status = answer.value[i]
      statuses.push(status ? { slot: status.slot, commitment: status.confirmationStatus ?? 'processed', err: status.err } : null)
    }
  }
  return statuses
}

/** What a landed transaction did, from the node's ledger; null while the node cannot show it yet (at confirmed commitment). */
export async function getLandedResult(rpc: JsonRpcClient, signature: string): Promise<LandedResult | null> {
  const json = await rpc.call<RpcTransactionJson | null>('getTransaction', [
    signature,
    { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  ])
  return json ? fromRpcTransaction(json) : null
}
