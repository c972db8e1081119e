/**
 * How far each block has come: the open slot is processed, a slot with a later block is
 * confirmed (localnet has one leader and no forks, so the next block is the supermajority vote
 * it stands for), and a slot `finalitySlots` or more behind the open one is finalized (rooted).
 * RPC statuses and the geyser slot updates both read this, so they tell one story.
 */

/** Agave's confirmation levels, lowest first. */
export type CommitmentStatus = 'processed' | 'confirmed' | 'finalized'

export type SlotCommitment = {
  readonly status: CommitmentStatus
  /** Slots since, as getSignatureStatuses answers it: 0 while processed, null once finalized. */
  readonly confirmations: number | null
}

/** Mainnet roots about 32 slots behind the tip. */
export const DEFAULT_FINALITY_SLOTS = 32

const COMMITMENT_RANK: Record<CommitmentStatus, number> = { processed: 0, confirmed: 1, finalized: 2 }

export type SlotCommitments = {
  readonly finalitySlots: number
  /** Records the block that opens `slot`; answers the earlier blocks it finalizes, oldest first. */
  openBlock(slot: bigint): bigint[]
  /** The commitment of a block at `slot` while `currentSlot` is open. */
  getCommitment(slot: bigint, currentSlot: bigint): SlotCommitment
  /** The highest slot that has reached `status` while `currentSlot` is open (may be below any block). */
  getHighestSlot(status: CommitmentStatus, currentSlot: bigint): bigint
}

/** Whether `status` is at least `wanted` (finalized is at least confirmed). */
export function isAtLeast(status: CommitmentStatus, wanted: CommitmentStatus): boolean {
  return COMMITMENT_RANK[status] >= COMMITMENT_RANK[wanted]
}

/** Creates the tracker with the chain's first block, at `firstSlot`, open. */
export function createSlotCommitments(options: { finalitySlots: number; firstSlot: bigint }): SlotCommitments {
  const finalitySlots = BigInt(options.finalitySlots)
  // Blocks not yet finalized, oldest first: at most finalitySlots + 1 of them.
  const unfinalized: bigint[] = [options.firstSlot]
  return {
    finalitySlots: options.finalitySlots,
    openBlock(slot) {
      const finalized: bigint[] = []
      while (unfinalized.length > 0 && slot - (unfinalized[0] as bigint) >= finalitySlots) finalized.push(unfinalized.shift() as bigint)
      unfinalized.push(slot)
      return finalized
    },
    getCommitment(slot, currentSlot) {
      const since = currentSlot - slot
      if (since <= 0n) return { status: 'processed', confirmations: 0 }
      if (since >= finalitySlots) return { status: 'finalized', confirmations: null }
      return { status: 'confirmed', confirmations: Number(since) }
    },
    getHighestSlot(status, currentSlot) {
      if (status === 'processed') return currentSlot
      return status === 'confirmed' ? currentSlot - 1n : currentSlot - finalitySlots
    },
  }
}
