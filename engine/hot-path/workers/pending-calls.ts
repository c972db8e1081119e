/**
 * The calls a worker holds, by the id its answer names. Not a `Map`: a long-lived Map that takes an
 * entry and drops it for every call makes V8 promote every call's objects to the old generation
 * once a full collection has moved the Map's table there. V8 rebuilds a Map's table every few dozen
 * calls (to drop deleted entries), allocates the new table in the generation of the old one, and
 * leaves the replaced table holding the entries it had: the calls then in flight. A dead table in
 * the old generation is freed only by a mark-compact; until then every scavenge treats what it
 * holds as live and promotes it. Every call passes through some replaced table, so every call is
 * promoted, and the mark-compacts come every second or two with pauses of 15–50 ms
 * (bench/README.md, bench/gc/map-churn-promotion.ts). This table is one array whose slots are
 * reused: a call taken out leaves nothing behind, and the array is replaced only when more calls
 * are in flight than ever before.
 *
 * An id is a slot's index, so it is reused once its call is taken: answers must come from the
 * worker the call was sent to, never from one that stopped (simulate-worker-pool.ts checks).
 */
export interface PendingCalls<Call> {
  /** Calls held. */
  readonly size: number
  /** Holds `call`; returns its id. */
  add(call: Call): number
  /** The call of `id`, no longer held; undefined when none is. */
  take(id: number): Call | undefined
  /** Every call held, in no particular order. */
  values(): Call[]
  /** Every call held, none held any more. */
  takeAll(): Call[]
}

export function createPendingCalls<Call>(): PendingCalls<Call> {
  const slots: Array<Call | undefined> = []
  // Free ids, the last freed reused first: the slots in use stay few and low.
  const free: number[] = []
  let size = 0
  return {
    get size() {
      return size
    },
    add(call) {
      const id = free.length > 0 ? (free.pop() as number) : slots.length
      slots[id] = call
      size++
      return id
    },
    take(id) {
      const call = slots[id]
      if (call === undefined) return undefined
      slots[id] = undefined
      free.push(id)
      size--
      return call
    },
    values() {
      const held: Call[] = []
      for (const call of slots) if (call !== undefined) held.push(call)
      return held
    },
    takeAll() {
      const held: Call[] = []
      for (let id = 0; id < slots.length; id++) {
        const call = slots[id]
        if (call === undefined) continue
        held.push(call)
        slots[id] = undefined
        free.push(id)
      }
      size = 0
      return held
    },
  }
}
