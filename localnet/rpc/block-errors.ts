/**
 * The errors Agave answers about blocks (rpc-client-api custom_error.rs), with its messages: a
 * block not (yet) available at the commitment asked for, a slot that had no block, a block older
 * than the node keeps, and a versioned transaction for a client that did not say it reads them.
 */
import {
  JSON_RPC_BLOCK_CLEANED_UP,
  JSON_RPC_BLOCK_NOT_AVAILABLE,
  JSON_RPC_SLOT_SKIPPED,
  JSON_RPC_TRANSACTION_HISTORY_NOT_AVAILABLE,
  JSON_RPC_UNSUPPORTED_TRANSACTION_VERSION,
  createJsonRpcError,
  type JsonRpcError,
} from './json-rpc-error.js'

/** -32004: not confirmed (or finalized) yet, or not a block at that commitment. */
export function createBlockNotAvailableError(slot: bigint): JsonRpcError {
  return createJsonRpcError(JSON_RPC_BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`)
}

/** -32007: a finalized slot with no block. */
export function createSlotSkippedError(slot: bigint): JsonRpcError {
  return createJsonRpcError(JSON_RPC_SLOT_SKIPPED, `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`)
}

/** -32001: older than the first block the node keeps. */
export function createBlockCleanedUpError(slot: bigint, firstAvailableBlock: bigint): JsonRpcError {
  return createJsonRpcError(
    JSON_RPC_BLOCK_CLEANED_UP,
    `Block ${slot} cleaned up, does not exist on node. First available block: ${firstAvailableBlock}`,
  )
}

/** -32011: the node keeps no transaction history. */
export function createTransactionHistoryNotAvailableError(): JsonRpcError {
  return createJsonRpcError(JSON_RPC_TRANSACTION_HISTORY_NOT_AVAILABLE, 'Transaction history is not available from this node')
}

/** -32015: a v0 transaction for a client that sent no maxSupportedTransactionVersion. */
export function createUnsupportedTransactionVersionError(version: number): JsonRpcError {
  return createJsonRpcError(
    JSON_RPC_UNSUPPORTED_TRANSACTION_VERSION,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following ` +
      `configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  )
}
