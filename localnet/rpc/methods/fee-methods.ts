/** getRecentPrioritizationFees. */
import type { LocalChain } from '../../chain.js'
import { toAddressParam, toArrayParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'

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
  }
}
