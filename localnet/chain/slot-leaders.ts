/**
 * Who leads each slot. Solana gives a leader NUM_CONSECUTIVE_LEADER_SLOTS = 4 slots in a row;
 * localnet rotates through a fixed list: leader of slot s = leaders[floor(s / 4) mod n]. Since an
 * epoch (432,000 slots) is a multiple of 4 the rotation runs across epoch boundaries unchanged.
 */
import { address, type Address } from '@solana/kit'

/** Slots a leader keeps in a row (agave clock.rs NUM_CONSECUTIVE_LEADER_SLOTS). */
export const NUM_CONSECUTIVE_LEADER_SLOTS = 4n

/**
 * The identity localnet names as leader when none is configured: the public key of the Ed25519
 * seed sha256("localnet-leader-1"), like the demo wallets.
 */
export const DEFAULT_LEADER_IDENTITY: Address = address('k7HZXXbsffYaUPC12ZN7HYH4CLSsMbQGHuZbtMJ1pGv')

export type SlotLeaders = {
  readonly leaders: readonly Address[]
  getSlotLeader(slot: bigint): Address
  /** The leaders of `limit` slots from `startSlot` on. */
  getSlotLeaders(startSlot: bigint, limit: number): Address[]
}

/** Creates the rotation over `leaders` (at least one). */
export function createSlotLeaders(leaders: readonly Address[]): SlotLeaders {
  if (leaders.length === 0) throw new RangeError('at least one leader is needed')
  const count = BigInt(leaders.length)
  const getSlotLeader = (slot: bigint): Address => leaders[Number((slot / NUM_CONSECUTIVE_LEADER_SLOTS) % count)] as Address
  return {
    leaders,
    getSlotLeader,
    getSlotLeaders(startSlot, limit) {
      const out: Address[] = []
      for (let i = 0; i < limit; i++) out.push(getSlotLeader(startSlot + BigInt(i)))
      return out
    },
  }
}
