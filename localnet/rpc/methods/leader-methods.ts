/**
 * Slot leaders: getSlotLeader, getSlotLeaders and getLeaderSchedule, with Agave's shapes and errors
 * (anza-xyz/agave rpc/src/rpc.rs `get_slot_leader`, `get_slot_leaders`, `get_leader_schedule`):
 * base58 identities; a limit over 5,000 answers -32602 "Invalid limit; max 5000"; a range reaching
 * an epoch whose schedule the node does not hold answers -32602 "Invalid slot range: leader
 * schedule for epoch N is unavailable"; getLeaderSchedule answers null for such an epoch, else
 * each identity's slot indexes within the epoch.
 * A node holds the schedules of its leader-schedule epoch (the current one + 1) and of the nine
 * before it (ledger/src/leader_schedule_cache.rs, MAX_SCHEDULES = 10).
 */
import { SLOTS_PER_EPOCH, type LocalChain } from '../../chain.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { assertMinContextSlot, getStringOption, requireParam, toAddressParam, toConfigParam, toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'

/** solana-rpc-client-api request.rs MAX_GET_SLOT_LEADERS. */
export const MAX_GET_SLOT_LEADERS = 5_000
/** Epoch schedules a node keeps (leader_schedule_cache.rs MAX_SCHEDULES). */
const MAX_SCHEDULES = 10n

/** Creates the leader methods. */
export function createLeaderMethods(chain: LocalChain): RpcMethods {
  /** The epochs whose schedule the node holds: the leader-schedule epoch and the nine before it. */
  const holdsSchedule = (epoch: bigint) => {
    const lastEpoch = chain.getEpoch() + 1n
    return epoch <= lastEpoch && epoch + MAX_SCHEDULES > lastEpoch
  }
  return {
    getLeaderSchedule(params) {
      // [slot] or [config] or [slot, config] or [null, config], as Agave's RpcLeaderScheduleConfigWrapper reads them.
      const first = params[0]
      const slotGiven = typeof first === 'number'
      const config = toConfigParam(slotGiven || first === null ? params[1] : first)
      const slot = slotGiven ? toU64Param(first) : chain.getSlot()
      assertMinContextSlot(config, chain.getSlot())
      const identity = getStringOption(config, 'identity')
      if (identity !== undefined) toAddressParam(identity)
      const epoch = slot / SLOTS_PER_EPOCH
      if (!holdsSchedule(epoch)) return null
      const schedule: Record<string, number[]> = {}
      const firstSlot = epoch * SLOTS_PER_EPOCH
      for (const leader of chain.leaders) if (identity === undefined || identity === leader) schedule[leader] = []
      for (let index = 0; index < Number(SLOTS_PER_EPOCH); index++) {
        schedule[chain.getSlotLeader(firstSlot + BigInt(index))]?.push(index)
      }
      return schedule
    },

    getSlotLeader(params) {
      const slot = chain.getSlot()
      assertMinContextSlot(toConfigParam(params[0]), slot)
      return chain.getSlotLeader(slot)
    },

    getSlotLeaders(params) {
      // jsonrpc-core's message for a missing positional param of a two-param method.
      const startSlot = toU64Param(requireParam(params, 0, 'a tuple of size 2'))
      const limit = toU64Param(requireParam(params, 1, 'a tuple of size 2'))
      if (limit > BigInt(MAX_GET_SLOT_LEADERS)) throw createInvalidParamsError(`Invalid limit; max ${MAX_GET_SLOT_LEADERS}`)
      // Epoch by epoch as Agave walks them (none for a limit of 0): the first without a schedule is the error.
      for (let epoch = startSlot / SLOTS_PER_EPOCH; limit > 0n && epoch * SLOTS_PER_EPOCH < startSlot + limit; epoch++) {
        if (!holdsSchedule(epoch)) {
          throw createInvalidParamsError(`Invalid slot range: leader schedule for epoch ${epoch} is unavailable`)
        }
      }
      return chain.getSlotLeaders(startSlot, Number(limit))
    },
  }
}
