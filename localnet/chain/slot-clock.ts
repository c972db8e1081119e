/**
 * Slot, block height and the Clock sysvar of the chain. Every block gets a new LiteSVM blockhash
 * and a Clock whose unix time advances slotMs per produced slot from the start time, with
 * mainnet's epoch schedule (432,000 slots, no warmup) so that epoch = slot / 432,000.
 */
import { Clock, EpochSchedule, type NativeLiteSvm } from '../../lib/native-svm.js'

export const SLOTS_PER_EPOCH = 432_000n

export type SlotClock = {
  getSlot(): bigint
  getBlockHeight(): bigint
  getEpoch(): bigint
  getUnixTimestamp(): bigint
  /** Produces the next slot's block. */
  advance(): void
  /** Produces a block at a later slot without moving unix time (a jump, not elapsed time). */
  jumpTo(slot: bigint): void
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

  function applyClock(): void {
    const unixMs = startUnixMs + slotsElapsed * slotMs
    const epoch = slot / SLOTS_PER_EPOCH
    const msIntoEpoch = Number(slot % SLOTS_PER_EPOCH) * slotMs
    const epochStart = BigInt(Math.max(0, Math.floor((unixMs - msIntoEpoch) / 1000)))
    svm.setClock(new Clock(slot, epochStart, epoch, epoch + 1n, BigInt(Math.floor(unixMs / 1000))))
  }

  function produceBlock(): void {
    blockHeight += 1n
    svm.expireBlockhash()
    applyClock()
  }

  applyClock()
  return {
    getSlot: () => slot,
    getBlockHeight: () => blockHeight,
    getEpoch: () => slot / SLOTS_PER_EPOCH,
    getUnixTimestamp: () => svm.getClock().unixTimestamp,
    advance() {
      slot += 1n
      slotsElapsed += 1
      produceBlock()
    },
    jumpTo(target) {
      if (target <= slot) return
      slot = target
      produceBlock()
    },
  }
}
