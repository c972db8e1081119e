/**
 * Slot, block height, blockhash, version and health: getLatestBlockhash, isBlockhashValid,
 * getSlot, getBlockHeight, getVersion, getHealth, getMinimumBalanceForRentExemption (getEpochInfo: epoch-methods.ts).
 * getLatestBlockhash, getSlot and getBlockHeight answer at their commitment (finalized by default,
 * as Agave): the newest block of that commitment's bank, so their slots are the ones a read at the
 * same commitment accepts as its minContextSlot.
 */
import type { LocalChain } from '../../chain.js'
import { MAX_PROCESSING_AGE } from '../../chain/blockhash-window.js'
import { readStateAt } from '../commitment.js'
import { assertMinContextSlot, requireParam, toConfigParam, toHashParam, toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { LOCALNET_FEATURE_SET, LOCALNET_SOLANA_CORE_VERSION, toRpcResponse } from '../rpc-response.js'

/** Creates the cluster state methods. */
export function createClusterMethods(chain: LocalChain): RpcMethods {
  return {
    getLatestBlockhash(params) {
      const { slot, block } = readStateAt(chain, toConfigParam(params[0]))
      return toRpcResponse(slot, { blockhash: block.blockhash, lastValidBlockHeight: block.lastValidBlockHeight })
    },

    isBlockhashValid(params) {
      const blockhash = toHashParam(requireParam(params, 0, 'a blockhash'))
      const config = toConfigParam(params[1])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      return toRpcResponse(slot, chain.isBlockhashValid(blockhash))
    },

    getSlot(params) {
      return readStateAt(chain, toConfigParam(params[0])).slot
    },

    getBlockHeight(params) {
      return readStateAt(chain, toConfigParam(params[0])).block.lastValidBlockHeight - BigInt(MAX_PROCESSING_AGE)
    },

    getMinimumBalanceForRentExemption(params) {
      const dataLength = toU64Param(requireParam(params, 0, 'a data length'))
      return chain.getMinimumBalanceForRentExemption(dataLength)
    },

    getVersion: () => ({ 'solana-core': LOCALNET_SOLANA_CORE_VERSION, 'feature-set': LOCALNET_FEATURE_SET }),
    getHealth: () => 'ok',
  }
}
