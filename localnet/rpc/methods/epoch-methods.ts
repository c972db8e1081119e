/**
 * Epochs: getEpochInfo, getEpochSchedule and getInflationReward, in Agave's shapes. localnet runs
 * mainnet's schedule (432,000 slots an epoch, no warmup, the leader schedule one epoch ahead), so
 * epoch = slot / 432,000, and it pays no inflation rewards.
 */
import { SLOTS_PER_EPOCH, type LocalChain } from '../../chain.js'
import { createBlockNotAvailableError } from '../block-errors.js'
import { assertAtLeastConfirmed, readStateAt } from '../commitment.js'
import { MAX_PROCESSING_AGE } from '../../chain/blockhash-window.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { assertMinContextSlot, requireParam, toAddressParam, toArrayParam, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'

/** solana-rpc-client-api request.rs MAX_GET_INFLATION_REWARD_ADDRESSES. */
const MAX_INFLATION_REWARD_ADDRESSES = 32

/** The `epoch` of an RpcEpochConfig (a u64), absent when not given. */
function toEpochOption(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${JSON.stringify(value)}, expected u64.`)
  }
  return BigInt(value)
}

/** Creates the epoch methods. */
export function createEpochMethods(chain: LocalChain): RpcMethods {
  return {
    getEpochInfo(params) {
      const { slot, block } = readStateAt(chain, toConfigParam(params[0]))
      return {
        absoluteSlot: slot,
        blockHeight: block.lastValidBlockHeight - BigInt(MAX_PROCESSING_AGE),
        epoch: slot / SLOTS_PER_EPOCH,
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.getTransactionCount(),
      }
    },

    getEpochSchedule: () => ({
      slotsPerEpoch: SLOTS_PER_EPOCH,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      warmup: false,
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
    }),

    getInflationReward(params) {
      const addresses = toArrayParam(requireParam(params, 0, 'an array of pubkeys'), MAX_INFLATION_REWARD_ADDRESSES).map(toAddressParam)
      const config = toConfigParam(params[1])
      const epoch = toEpochOption(config.epoch)
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      assertAtLeastConfirmed(config.commitment)
      const current = slot / SLOTS_PER_EPOCH
      const asked = epoch ?? (current > 0n ? current - 1n : 0n)
      // An epoch's rewards are paid in the first block of the next one: not there yet, as Agave says.
      if (asked >= current) throw createBlockNotAvailableError((asked + 1n) * SLOTS_PER_EPOCH)
      return addresses.map(() => null)
    },
  }
}
