/**
 * getRecentPrioritizationFees and getFeeForMessage. A message's fee is the one a landed
 * transaction pays (5,000 lamports a signature plus compute-unit price × limit), null when its
 * blockhash is unknown or expired, as Agave answers it.
 */
import type { LocalChain } from '../../chain.js'
import { assertSaneMessage } from '../message-sanitize.js'
import { assertMinContextSlot, requireParam, toAddressParam, toArrayParam, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import { VERSIONED_MESSAGE_TYPE_NAME, decodeWireTransaction, toDeserializeError } from '../wire-transaction.js'

/** Agave's limit: a transaction's account lock limit. */
const MAX_PRIORITIZATION_FEE_ACCOUNTS = 128

/** Creates the fee methods. */
export function createFeeMethods(chain: LocalChain): RpcMethods {
  return {
    getRecentPrioritizationFees(params) {
      const raw = params[0]
      const accounts = raw === undefined || raw === null ? [] : toArrayParam(raw, MAX_PRIORITIZATION_FEE_ACCOUNTS).map(toAddressParam)
      // Agave answers a bare array (no context), one entry per recent block.
      return chain.getRecentPrioritizationFees(accounts)
    },

    getFeeForMessage(params) {
      // Agave decodes the message (base64 only) before it reads the config.
      const bytes = decodeWireTransaction(requireParam(params, 0, 'a message'), 'base64', VERSIONED_MESSAGE_TYPE_NAME)
      const config = toConfigParam(params[1])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      let priced: ReturnType<LocalChain['getFeeForMessage']>
      try {
        priced = chain.getFeeForMessage(bytes)
      } catch (cause) {
        throw toDeserializeError(cause, VERSIONED_MESSAGE_TYPE_NAME) ?? cause
      }
      assertSaneMessage(priced.message)
      return toRpcResponse(slot, priced.fee)
    },
  }
}
