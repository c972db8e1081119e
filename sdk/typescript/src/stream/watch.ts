/**
 * A watched simulation (docs/api.md#watching-a-simulation): the first answer, then every
 * `simulation_update` as an async iterator until `watch_end`, and unsubscribe.
 */
import type { SimulateResponse } from '../api-types.js'
import { createAsyncQueue } from './async-queue.js'

/** Why a watch ended: the service's reasons, or `connection_lost` when the socket went away. */
export type WatchEndReason =
  'blockhash_expired' | 'time_limit' | 'unsubscribed' | 'shutting_down' | 'interrupted' | 'connection_lost' | (string & {})

export interface SimulationUpdate extends SimulateResponse {
  type: 'simulation_update'
  subscription: string
}

export interface Watch extends AsyncIterable<SimulationUpdate> {
  /** `w_` and 24 hex digits. */
  readonly subscription: string
  /** The watched simulate's first answer. */
  readonly first: SimulateResponse
  /** Resolves with the reason once the watch has ended (exactly once). */
  readonly ended: Promise<WatchEndReason>
  /** Ends the watch; resolves once the service ended it (its watch_end) or answered the unsubscribe. */
  unsubscribe(): Promise<void>
}

export interface WatchHandle {
  watch: Watch
  update(frame: SimulationUpdate): void
  end(reason: WatchEndReason): void
}

export function createWatch(subscription: string, first: SimulateResponse, unsubscribe: (watch: Watch) => Promise<void>): WatchHandle {
  const updates = createAsyncQueue<SimulationUpdate>()
  let resolveEnded: (reason: WatchEndReason) => void = () => undefined
  const ended = new Promise<WatchEndReason>((resolve) => (resolveEnded = resolve))
  const watch: Watch = {
    subscription,
    first,
    ended,
    async unsubscribe() {
      if (updates.ended) return
      const answered = unsubscribe(watch)
      // watch_end comes before the unsubscribe's answer: the watch is over once either arrives.
      answered.catch(() => undefined)
      await Promise.race([answered, ended])
    },
    [Symbol.asyncIterator]: () => updates[Symbol.asyncIterator](),
  }
  return {
    watch,
    update: (frame) => updates.push(frame),
    end(reason) {
      updates.end()
      resolveEnded(reason)
    },
  }
}
