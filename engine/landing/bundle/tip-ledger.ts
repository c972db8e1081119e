/**
 * What each user's managed tips of a UTC day add up to, charged before a bundle goes to the relay
 * (managed-tip-budget.ts): `reserve` adds a tip only while the day's total stays within the cap,
 * atomically, so concurrent calls cannot together pass it. This implementation keeps the totals in
 * this process's memory (one engine, no REDIS_URL); redis-tip-ledger.ts shares them between
 * engines. A day this ledger has no total for (the first call after a start) begins from `seed`,
 * what the tracking records say was already paid: a restart hands nobody a fresh day.
 */
import { getQuotaDay } from '../../../lib/limits/limit-plans.js'

export interface TipReservation {
  /** Whether the tip fit under the cap and was added. */
  readonly ok: boolean
  /** The day's total after the call: with the tip when it was added, without it otherwise. */
  readonly spentLamports: bigint
}

export interface TipLedger {
  /**
   * Adds `lamports` to `userId`'s total of the UTC day `nowMs` falls in when the total stays ≤
   * `capLamports`; `seed` answers what that day already holds when the ledger has no total yet.
   */
  reserve(userId: string, nowMs: number, lamports: bigint, capLamports: bigint, seed: () => Promise<bigint>): Promise<TipReservation>
  /** Takes back a reservation made at `nowMs` whose bundle never reached the relay. */
  release(userId: string, nowMs: number, lamports: bigint): Promise<void>
  close(): Promise<void>
}

/** Creates a ledger in this process's memory; totals of days before the newest one asked for are dropped. */
export function createInProcessTipLedger(): TipLedger {
  const totals = new Map<string, bigint>()
  const seeding = new Map<string, Promise<bigint>>()
  let newestDay = -Infinity

  const keyOf = (userId: string, day: number) => `${day}:${userId}`

  /** Yesterday's totals are of no use once a new day is asked for: one sweep a day keeps the map to today's payers. */
  function forgetOldDays(day: number): void {
    if (day <= newestDay) return
    newestDay = day
    const prefix = `${day}:`
    for (const key of totals.keys()) if (!key.startsWith(prefix)) totals.delete(key)
  }

  async function getTotal(key: string, seed: () => Promise<bigint>): Promise<bigint> {
    const known = totals.get(key)
    if (known !== undefined) return known
    let pending = seeding.get(key)
    if (!pending) {
      pending = seed().finally(() => seeding.delete(key))
      seeding.set(key, pending)
    }
    const seeded = await pending
    // Another call may have set it (seeded first, then reserved) while this one waited.
    if (!totals.has(key)) totals.set(key, seeded)
    return totals.get(key) as bigint
  }

  return {
    async reserve(userId, nowMs, lamports, capLamports, seed) {
      const day = getQuotaDay(nowMs)
      forgetOldDays(day)
      const key = keyOf(userId, day)
      // Read and add in one synchronous step after the await: no other reservation interleaves.
      const spent = await getTotal(key, seed)
      const current = totals.get(key) ?? spent
      if (current + lamports > capLamports) return { ok: false, spentLamports: current }
      totals.set(key, current + lamports)
      return { ok: true, spentLamports: current + lamports }
    },
    async release(userId, nowMs, lamports) {
      const key = keyOf(userId, getQuotaDay(nowMs))
      const current = totals.get(key)
      if (current !== undefined) totals.set(key, current > lamports ? current - lamports : 0n)
    },
    async close() {
      totals.clear()
    },
  }
}
