/**
 * The ids waiting for one status method of a relay (getInflightBundleStatuses or
 * getBundleStatuses), so that one paced call carries every id asked for while it waited: the
 * relay counts calls, not ids. An id asked twice waits once and its callers share the answer; an
 * id nobody waits for any more (every caller aborted) leaves before it costs a slot. An id asked
 * while a call carrying it is under way waits for the next call: an answer is never older than
 * the question. The relay queue (relay-queue.ts) decides when a lane gets a slot.
 */

/** Ids the relay accepts in one status call. */
export const MAX_IDS_PER_STATUS_CALL = 5

interface Waiter<T> {
  resolve(value: T): void
  reject(error: unknown): void
  /** The entry it waits in (moves when a rate-limited batch is merged with a later ask). */
  entry: PollEntry<T>
}

interface PollEntry<T> {
  /** Order of the first ask, across lanes: the lane with the oldest ask goes first. */
  seq: number
  waiters: Set<Waiter<T>>
}

/** Ids taken for one call, with their waiters. */
export type PollBatch<T> = ReadonlyArray<readonly [string, PollEntry<T>]>

export interface StatusPollLane<T> {
  readonly method: string
  /** Waits for `id`'s answer in the next call that carries it; `onAsked` runs once the ask is queued. */
  ask(id: string, signal: AbortSignal | undefined, onAsked: () => void): Promise<T>
  /** The order of the oldest ask waiting (undefined: none waits). */
  readonly oldestSeq: number | undefined
  /** Takes the oldest ids (at most 5) out of the lane, for one call. */
  takeBatch(): PollBatch<T>
  /** The answers of the relay for `batch`, by id. */
  fetch(ids: string[], signal: AbortSignal): Promise<Map<string, T>>
  settle(batch: PollBatch<T>, answers: Map<string, T>): void
  fail(batch: PollBatch<T>, error: unknown): void
  /** Puts a batch the relay rate-limited back in front, merged with later asks for the same ids. */
  requeue(batch: PollBatch<T>): void
  /** Rejects every waiting ask. */
  rejectAll(error: unknown): void
}

let nextSeq = 0

/** Creates an empty lane for `method`, whose calls `fetch` makes. */
export function createStatusPollLane<T>(
  method: string,
  fetch: (ids: string[], signal: AbortSignal) => Promise<Map<string, T>>,
): StatusPollLane<T> {
  let pending = new Map<string, PollEntry<T>>()

  return {
    method,
    fetch,

    ask(id, signal, onAsked) {
      if (signal?.aborted) return Promise.reject(signal.reason)
      return new Promise<T>((resolve, reject) => {
        let entry = pending.get(id)
        if (entry === undefined) {
          entry = { seq: nextSeq++, waiters: new Set() }
          pending.set(id, entry)
        }
        const waiter: Waiter<T> = { resolve, reject, entry }
        if (signal) {
          const onAbort = () => {
            const joined = waiter.entry
            joined.waiters.delete(waiter)
            // Nobody waits for this id any more: do not spend a slot on it.
            if (joined.waiters.size === 0 && pending.get(id) === joined) pending.delete(id)
            reject(signal.reason)
          }
          signal.addEventListener('abort', onAbort, { once: true })
          waiter.resolve = (value) => {
            signal.removeEventListener('abort', onAbort)
            resolve(value)
          }
          waiter.reject = (error) => {
            signal.removeEventListener('abort', onAbort)
            reject(error)
          }
        }
        entry.waiters.add(waiter)
        onAsked()
      })
    },

    get oldestSeq() {
      const first = pending.values().next()
      return first.done ? undefined : first.value.seq
    },

    takeBatch() {
      const batch = [...pending].slice(0, MAX_IDS_PER_STATUS_CALL)
      for (const [id] of batch) pending.delete(id)
      return batch
    },

    settle(batch, answers) {
      for (const [id, entry] of batch) for (const waiter of entry.waiters) waiter.resolve(answers.get(id) as T)
    },

    fail(batch, error) {
      for (const [, entry] of batch) for (const waiter of entry.waiters) waiter.reject(error)
    },

    requeue(batch) {
      const requeued = new Map<string, PollEntry<T>>()
      for (const [id, entry] of batch) {
        if (entry.waiters.size === 0) continue
        const later = pending.get(id)
        if (later) {
          for (const waiter of later.waiters) {
            waiter.entry = entry
            entry.waiters.add(waiter)
          }
        }
        requeued.set(id, entry)
      }
      for (const [id, entry] of pending) if (!requeued.has(id)) requeued.set(id, entry)
      pending = requeued
    },

    rejectAll(error) {
      for (const entry of pending.values()) for (const waiter of entry.waiters) waiter.reject(error)
      pending.clear()
    },
  }
}
