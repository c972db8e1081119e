/**
 * Blocks, as Agave's rpc.rs serves them from its blockstore: getBlock, getBlockTime, getBlocks,
 * getBlocksWithLimit, getFirstAvailableBlock and getBlockCommitment, over the chain's bounded
 * store of recent blocks (chain/block-store.ts). A finalized slot is answered from the store: a
 * block, or -32007 when the slot had none (a slot jump), or -32001 when it is older than the first
 * block kept; a newer slot only at `confirmed` (getBlock) or from any bank (getBlockTime), else
 * -32004. "processed" is refused, as Agave refuses it.
 */
import type { LocalChain } from '../../chain.js'
import { assertAtLeastConfirmed, assertKnownCommitment, toHistoryCommitment } from '../commitment.js'
import { getBlockConfig } from '../block-config.js'
import {
  createBlockCleanedUpError,
  createBlockNotAvailableError,
  createSlotSkippedError,
  createTransactionHistoryNotAvailableError,
} from '../block-errors.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { assertMinContextSlot, requireParam, toConfigParam, toU64Param, type RpcConfig } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toUiBlock } from '../ui-block.js'

/** solana-rpc-client-api request.rs MAX_GET_CONFIRMED_BLOCKS_RANGE. */
export const MAX_GET_CONFIRMED_BLOCKS_RANGE = 500_000n

/** An RpcContextConfig ({commitment, minContextSlot}), checked at least confirmed. */
function toBlocksConfig(value: unknown): RpcConfig {
  const config = toConfigParam(value)
  assertKnownCommitment(config.commitment)
  assertAtLeastConfirmed(config.commitment)
  return config
}

/** getBlocks' second param (RpcBlocksConfigWrapper): the end slot, or the config in its place. */
function toEndSlotOrConfig(value: unknown): { end?: bigint; config?: unknown } {
  if (value === undefined || value === null) return {}
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { end: BigInt(value) }
  if (typeof value === 'object' && !Array.isArray(value)) return { config: value }
  throw createInvalidParamsError('Invalid params: data did not match any variant of untagged enum RpcBlocksConfigWrapper.')
}

/** Creates the block methods. */
export function createBlockMethods(chain: LocalChain): RpcMethods {
  /** The error for a finalized slot the store has no block for. */
  function missingFinalizedBlock(slot: bigint) {
    const first = chain.getFirstAvailableBlock()
    return slot < first ? createBlockCleanedUpError(slot, first) : createSlotSkippedError(slot)
  }

  /**
   * The highest slot a blocks list reaches at the config's commitment, with Agave's
   * minContextSlot check against it (finalized: the root; confirmed: the confirmed bank).
   */
  function getHighestListedSlot(config: RpcConfig): bigint {
    const highest = chain.getHighestSlot(toHistoryCommitment(config.commitment))
    assertMinContextSlot(config, highest)
    return highest
  }

  return {
    getBlock(params) {
      const slot = toU64Param(requireParam(params, 0, 'a slot'))
      const config = getBlockConfig(params[1])
      if (!chain.isHistoryEnabled()) throw createTransactionHistoryNotAvailableError()
      assertAtLeastConfirmed(config.commitment)
      const block = chain.getBlock(slot)
      if (slot <= chain.getHighestSlot('finalized')) {
        if (!block) throw missingFinalizedBlock(slot)
        return toUiBlock(block, config)
      }
      if (toHistoryCommitment(config.commitment) === 'confirmed' && slot <= chain.getHighestSlot('confirmed') && block) {
        return toUiBlock(block, config)
      }
      throw createBlockNotAvailableError(slot)
    },

    getBlockTime(params) {
      const slot = toU64Param(requireParam(params, 0, 'a slot'))
      const block = chain.getBlock(slot)
      if (slot <= chain.getHighestSlot('finalized')) {
        if (!block) throw missingFinalizedBlock(slot)
        return block.blockTime
      }
      // Agave answers any bank it still has, the open one included.
      if (!block) throw createBlockNotAvailableError(slot)
      return block.blockTime
    },

    getBlocks(params) {
      const start = toU64Param(requireParam(params, 0, 'a start slot'))
      const wrapper = toEndSlotOrConfig(params[1])
      const config = toBlocksConfig(wrapper.config ?? params[2])
      const highest = getHighestListedSlot(config)
      const requestedEnd = wrapper.end ?? start + MAX_GET_CONFIRMED_BLOCKS_RANGE
      const end = requestedEnd < highest ? requestedEnd : highest
      if (end < start) return []
      if (end - start > MAX_GET_CONFIRMED_BLOCKS_RANGE) {
        throw createInvalidParamsError(`Slot range too large; max ${MAX_GET_CONFIRMED_BLOCKS_RANGE}`)
      }
      return chain.getBlockSlots(start, end)
    },

    getBlocksWithLimit(params) {
      const start = toU64Param(requireParam(params, 0, 'a tuple of size 2'))
      const limit = toU64Param(requireParam(params, 1, 'a tuple of size 2'))
      const config = toBlocksConfig(params[2])
      if (limit > MAX_GET_CONFIRMED_BLOCKS_RANGE) throw createInvalidParamsError(`Limit too large; max ${MAX_GET_CONFIRMED_BLOCKS_RANGE}`)
      const highest = getHighestListedSlot(config)
      return chain.getBlockSlots(start, highest, Number(limit))
    },

    getFirstAvailableBlock: () => chain.getFirstAvailableBlock(),

    getBlockCommitment(params) {
      toU64Param(requireParam(params, 0, 'a slot'))
      // Agave answers the stake that voted on the block at each lockout; localnet has no stake or votes.
      return { commitment: null, totalStake: 0 }
    },
  }
}
