/**
 * getSignaturesForAddress and getTransaction over the chain's bounded history of landed
 * transactions, with Agave's shapes, limits and errors. As Agave, they serve only what has
 * reached the commitment asked for: finalized (the default) once the slot is finalitySlots
 * behind, confirmed from the next block on; "processed" is refused.
 */
import type { LocalChain } from '../../chain.js'
import { isAtLeast } from '../../chain/slot-commitment.js'
import { assertAtLeastConfirmed, assertKnownCommitment, toHistoryCommitment } from '../commitment.js'
import {
  JSON_RPC_TRANSACTION_HISTORY_NOT_AVAILABLE,
  JSON_RPC_UNSUPPORTED_TRANSACTION_VERSION,
  createInvalidParamsError,
  createJsonRpcError,
} from '../json-rpc-error.js'
import { assertMinContextSlot, getStringOption, requireParam, toAddressParam, toConfigParam, toSignatureParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { getTransactionConfig } from '../transaction-config.js'
import { getTransactionMemo } from '../transaction-memo.js'
import { toUiTransaction } from '../ui-transaction.js'
import { toUiTransactionMeta } from '../ui-transaction-meta.js'

/** Agave's MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT, also the default limit. */
const MAX_SIGNATURES_LIMIT = 1_000

/** serde's `Unexpected` wording for a JSON value of the wrong type. */
function describe(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`
  if (typeof value === 'boolean') return `boolean \`${value}\``
  return Array.isArray(value) ? 'sequence' : 'map'
}

/** The `limit` as serde reads it (a usize); its range is checked after the address, as Agave does. */
function toLimit(value: unknown): number {
  if (value === undefined || value === null) return MAX_SIGNATURES_LIMIT
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected usize.`)
  }
  return value
}

/** Creates the transaction history methods. */
export function createHistoryMethods(chain: LocalChain): RpcMethods {
  function assertHistoryEnabled(): void {
    if (!chain.isHistoryEnabled()) {
      throw createJsonRpcError(JSON_RPC_TRANSACTION_HISTORY_NOT_AVAILABLE, 'Transaction history is not available from this node')
    }
  }

  return {
    getSignaturesForAddress(params) {
      const config = toConfigParam(params[1])
      assertKnownCommitment(config.commitment)
      const limit = toLimit(config.limit)
      const before = getStringOption(config, 'before')
      const until = getStringOption(config, 'until')
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      if (before !== undefined) toSignatureParam(before)
      if (until !== undefined) toSignatureParam(until)
      if (limit === 0 || limit > MAX_SIGNATURES_LIMIT) throw createInvalidParamsError(`Invalid limit; max ${MAX_SIGNATURES_LIMIT}`)
      assertHistoryEnabled()
      assertAtLeastConfirmed(config.commitment)
      assertMinContextSlot(config, chain.getSlot())
      const found = chain.getSignaturesForAddress(address, {
        limit,
        commitment: toHistoryCommitment(config.commitment),
        ...(before === undefined ? {} : { before }),
        ...(until === undefined ? {} : { until }),
      })
      return found.map((transaction) => ({
        signature: transaction.signature,
        slot: transaction.slot,
        err: transaction.err,
        memo: getTransactionMemo(transaction),
        blockTime: transaction.blockTime,
        confirmationStatus: chain.getCommitment(transaction.slot).status,
      }))
    },

    getTransaction(params) {
      const config = getTransactionConfig(params[1])
      const signature = toSignatureParam(requireParam(params, 0, 'a signature'))
      assertHistoryEnabled()
      assertAtLeastConfirmed(config.commitment)
      const transaction = chain.getTransaction(signature)
      // Agave answers null for a transaction whose slot has not reached the commitment yet.
      if (!transaction || !isAtLeast(chain.getCommitment(transaction.slot).status, toHistoryCommitment(config.commitment))) return null
      const maxVersion = config.maxSupportedTransactionVersion
      // Agave leaves `version` out for a client that sent no maxSupportedTransactionVersion (old
      // clients cannot read it) and refuses it a versioned transaction.
      if (maxVersion === undefined && transaction.message.versioned) {
        throw createJsonRpcError(
          JSON_RPC_UNSUPPORTED_TRANSACTION_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following ' +
            'configuration parameter: "maxSupportedTransactionVersion": 0',
        )
      }
      return {
        slot: transaction.slot,
        transaction: toUiTransaction(transaction, config.encoding),
        meta: toUiTransactionMeta(transaction, config.encoding === 'jsonParsed'),
        version: maxVersion === undefined ? undefined : transaction.message.versioned ? 0 : 'legacy',
        blockTime: transaction.blockTime,
      }
    },
  }
}
