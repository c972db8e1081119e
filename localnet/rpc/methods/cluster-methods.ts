/**
 * Slot, block height, blockhash, version and health: getLatestBlockhash, isBlockhashValid,
 * getSlot, getBlockHeight, getVersion, getHealth, getMinimumBalanceForRentExemption (getEpochInfo: epoch-methods.ts).
 */
import type { LocalChain } from '../../chain.js'
import { assertMinContextSlot, requireParam, toConfigParam, toHashParam, toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { LOCALNET_FEATURE_SET, LOCALNET_SOLANA_CORE_VERSION, toRpcResponse } from '../rpc-response.js'

/** Creates the cluster state methods. */
export function createClusterMethods(chain: LocalChain): RpcMethods {
  return {
    getLatestBlockhash(params) {
      const config = toConfigParam(params[0])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      const { blockhash, lastValidBlockHeight } = chain.getLatestBlockhash()
      return toRpcResponse(slot, { blockhash, lastValidBlockHeight })
    },

    isBlockhashValid(params) {
      const blockhash = toHashParam(requireParam(params, 0, 'a blockhash'))
      const config = toConfigParam(params[1])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      return toRpcResponse(slot, chain.isBlockhashValid(blockhash))
    },

    getSlot(params) {
      const slot = chain.getSlot()
      assertMinContextSlot(toConfigParam(params[0]), slot)
      return slot
    },

    getBlockHeight(params) {
      assertMinContextSlot(toConfigParam(params[0]), chain.getSlot())
      return chain.getBlockHeight()
    },

    getMinimumBalanceForRentExemption(params) {
      const dataLength = toU64Param(requireParam(params, 0, 'a data length'))
      return chain.getMinimumBalanceForRentExemption(dataLength)
    },

    getVersion: () => ({ 'solana-core': LOCALNET_SOLANA_CORE_VERSION, 'feature-set': LOCALNET_FEATURE_SET }),
    getHealth: () => 'ok',
  }
}
