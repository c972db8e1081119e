/**
 * Slot, block height and the Clock sysvar of the chain. Every block gets a new LiteSVM blockhash
 * and a Clock whose unix time advances slotMs per produced slot from the start time, with
 * mainnet's epoch schedule (432,000 slots, no warmup) so that epoch = slot / 432,000. The
 * SlotHashes sysvar follows the blocks as Agave's does (the slots before the open one, newest
 * first), because the address lookup table program only creates a table for a recent slot in it.
 */
import { Clock, EpochSchedule, type NativeLiteSvm } from '../../lib/native-svm.js'

export const SLOTS_PER_EPOCH = 432_000n

/** Agave's `slot_hashes::MAX_ENTRIES`. */
export const MAX_SLOT_HASHES = 512

type SlotHashEntry = { slot: bigint; hash: string }

export type SlotClock = {
  getSlot(): bigint
  getBlockHeight(): bigint
  getEpoch(): bigint
  getUnixTimestamp(): bigint
  /** Produces the next slot's block. */
  advance(): void
  /** Produces a block at a later slot without moving unix time (a jump, not elapsed time). */
  jumpTo(slot: bigint): void
  /**
   * Writes the SlotHashes of the blocks produced since into LiteSVM. Separate from advance
   * because writing the sysvar costs ≈0.7 ms (512 entries): a run of blocks writes it once.
   */
  syncSlotHashes(): void
}

/** Takes over LiteSVM's clock, starting at its default slot and `startUnixTime` (seconds). */
export function createSlotClock(svm: NativeLiteSvm, options: { slotMs: number; startUnixTime: number }): SlotClock {
  const { slotMs } = options
  const startUnixMs = options.startUnixTime * 1000
  svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n))
  let slot = svm.getClock().slot
  // Every localnet slot has a block, so block height and slot start equal and move together.
  let blockHeight = slot
  let slotsElapsed = 0
  // Kept here rather than read back from LiteSVM each block; newest first, as the sysvar is.
  // LiteSVM starts with an entry for its own (the open) slot; a bank holds only its parents.
  let slotHashes: SlotHashEntry[] = svm
    .getSlotHashes()
    .filter((entry) => entry.slot < slot)
    .map((entry) => ({ slot: entry.slot, hash: entry.hash }))
  let slotHashesWritten = false

  function applyClock(): void {
    const unixMs = startUnixMs + slotsElapsed * slotMs
    const epoch = slot / SLOTS_PER_EPOCH
    const msIntoEpoch = Number(slot % SLOTS_PER_EPOCH) * slotMs
    const epochStart = BigInt(Math.max(0, Math.floor((unixMs - msIntoEpoch) / 1000)))
    svm.setClock(new Clock(slot, epochStart, epoch, epoch + 1n, BigInt(Math.floor(unixMs / 1000))))
  }

  /** Agave adds the parent's (slot, hash) when a bank opens; here the parent block's blockhash stands for its bank hash. */
  function recordParentSlotHash(parentSlot: bigint): void {
    const parent = { slot: parentSlot, hash: svm.latestBlockhash() }
    slotHashes = [parent, ...slotHashes.filter((entry) => entry.slot < parentSlot)].slice(0, MAX_SLOT_HASHES)
    slotHashesWritten = false
  }

  function syncSlotHashes(): void {
    if (slotHashesWritten) return
    // LiteSVM's SlotHash has no constructor; its setter takes plain { slot, hash } objects.
    svm.setSlotHashes(slotHashes)
    slotHashesWritten = true
  }

  function produceBlock(parentSlot: bigint): void {
    recordParentSlotHash(parentSlot)
    blockHeight += 1n
    svm.expireBlockhash()
    applyClock()
  }

  applyClock()
  syncSlotHashes()
  return {
    getSlot: () => slot,
    getBlockHeight: () => blockHeight,
    getEpoch: () => slot / SLOTS_PER_EPOCH,
    getUnixTimestamp: () => svm.getClock().unixTimestamp,
    advance() {
      const parentSlot = slot
      slot += 1n
      slotsElapsed += 1
      produceBlock(parentSlot)
    },
    jumpTo(target) {
      if (target <= slot) return
      const parentSlot = slot
      slot = target
      produceBlock(parentSlot)
    },
    syncSlotHashes,
  }
}
