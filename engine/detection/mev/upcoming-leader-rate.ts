/**
 * The sandwich rate a transaction sent now is exposed to: the highest rate among the leaders of
 * the next slots (a transaction lands within a few slots; a leader holds four in a row). Worked
 * out once per slot, so every simulate of that slot reads one number.
 */
import type { LeaderSandwichRates } from './leader-sandwich-rates.js'
import type { LeaderSchedule } from './leader-schedule.js'

/** Slots ahead a transaction sent now may land in: two leader windows. */
export const LANDING_LOOKAHEAD_SLOTS = 8

/** A reader of the upcoming leaders' highest rate at a slot; null while no leader of those slots is known. */
export function createUpcomingLeaderRate(schedule: LeaderSchedule, rates: LeaderSandwichRates): (slot: number) => number | null {
  let memoSlot = -1
  let memoRate: number | null = null
  return (slot) => {
    if (slot === memoSlot) return memoRate
    const leaders = schedule.getUpcomingLeaders(slot + 1, LANDING_LOOKAHEAD_SLOTS)
    let highest: number | null = null
    for (const leader of leaders) {
      const rate = rates.getLeaderSandwichRate(leader)?.rate ?? rates.clusterRate
      if (highest === null || rate > highest) highest = rate
    }
    // An unknown schedule is not cached: the background fetch may bring it within this slot.
    if (leaders.length > 0) {
      memoSlot = slot
      memoRate = highest
    }
    return highest
  }
}
